import fc from 'fast-check';
import { it } from 'vitest';
import { Driver, optionsArb, commandArb, shapeArb } from './commands.js';
import { allFieldsNoLessThan, profilesEqual, subtract, ZERO, type ResourceProfile } from '../../../src/model/resource-profile.js';

for (const kind of ['fine-grained', 'declarative'] as const) {
  for (const variant of ['limits', 'targets', 'blocked-off'] as const) {
  it(`${kind} ${variant}`, () => {
    const arb = fc.record({
      options: optionsArb(kind, { limits: variant === 'limits', targets: variant === 'targets' }),
      prefix: fc.array(fc.record({ op: fc.constant('register' as const), shape: shapeArb(kind, false), reuse: fc.constant(null) }), { minLength: 1, maxLength: 4 }),
      commands: fc.array(commandArb(kind, { jobs: ['j1'], profiles: ['UNKNOWN'], allowBlocked: false, withRegisterAgain: true, withExtras: false }), { maxLength: 30, size: 'max' }),
    });
    fc.assert(fc.property(arb, ({ options, prefix, commands }) => {
      const d = new Driver(options);
      const log: string[] = [];
      for (const c of [...prefix, ...commands]) {
        log.push(d.apply(c).description);
        const j = d.sm.jobs().find((x) => x.job === 'j1');
        const missing = (j?.missing ?? []).reduce((n, x) => n + x.count, 0);
        if (missing === 0) continue;
        let cap = 0;
        for (const tm of d.sm.taskManagers()) {
          if (kind === 'declarative') { cap += tm.freeSlots; continue; }
          let left: ResourceProfile = tm.free;
          while (allFieldsNoLessThan(left, tm.defaultSlot)) { left = subtract(left, tm.defaultSlot); cap++; }
        }
        if (cap > 0) throw new Error(`missing ${missing} cap ${cap}: ${log.join(' | ')}`);
      }
    }), { numRuns: 3000 });
  });
  }
}
