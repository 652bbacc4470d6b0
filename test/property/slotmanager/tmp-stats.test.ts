import fc from 'fast-check';
import { it } from 'vitest';
import { Driver, scenarioArb, livenessScenarioArb } from './commands.js';

for (const kind of ['fine-grained', 'declarative'] as const) {
  it(kind, () => {
    const stats: Record<string, number> = {};
    const bump = (k: string, n = 1) => (stats[k] = (stats[k] ?? 0) + n);
    for (const s of fc.sample(scenarioArb(kind), 150)) {
      const d = new Driver(s.options);
      let maxHeld = 0;
      for (const c of s.commands) {
        const e = d.apply(c);
        if (e.registered) bump(`reg-${e.registered.again ? 'again-' : ''}${e.registered.result}`);
        if (e.freed) bump('freed');
        if (e.unregistered) bump('unreg');
        const held = d.sm.taskManagers().reduce((n, tm) => n + tm.slots.filter((x) => x.job).length, 0);
        maxHeld = Math.max(maxHeld, held);
        if (d.sm.pendingTaskManagers().length > 0) bump('steps-with-pending');
        if (d.sm.taskManagers().some((tm) => tm.unwanted)) bump('steps-with-unwanted');
      }
      bump('maxHeld', maxHeld);
      for (const t of d.sim.trace) { bump(`trace-${t.kind}`); if (t.message.includes('as pending worker')) bump('as-pending'); }
      bump('notifications', d.sim.notifications.length);
      bump('cmds', s.commands.length);
    }
    console.log(kind, JSON.stringify(stats, null, 1));
  });
}
