/**
 * Behaviour of a simulated cluster through `simulateScenario` (src/scenario/run-scenario.ts on
 * the embedded SlotManagers): first-come-first-served between jobs, slots never revoked, slots of a
 * finished job going to a waiting one, an active ResourceManager starting workers that register
 * after `workerStartupLatency`, and idle TaskManagers released after `taskManagerTimeout`.
 */
import { describe, expect, it } from 'vitest';
import { simulateScenario } from '../../../src/index.js';
import type { JobReport, SimulationReport } from '../../../src/report/simulation-report.js';
import { formatDiagnostic } from '../../../src/report/render-plan-text.js';

function simulate(text: string, trace = false): SimulationReport {
  const r = simulateScenario({ text, file: 'scenario.yaml' }, { trace });
  if (!r.ok) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  expect(r.value).toHaveLength(1);
  return r.value[0]!;
}

function job(report: SimulationReport, id: string): JobReport {
  const found = report.jobs.find((j) => j.id === id);
  if (found === undefined) throw new Error(`no job ${id}`);
  return found;
}

const count = (list: readonly { count: number }[]): number => list.reduce((n, c) => n + c.count, 0);

/** Per TaskManager: how many slots each job holds there. */
function owners(report: SimulationReport): Record<string, Record<string, number>> {
  return Object.fromEntries(
    report.taskManagers.map((tm) => {
      const o: Record<string, number> = {};
      for (const s of tm.slots) o[s.job] = (o[s.job] ?? 0) + 1;
      return [tm.id, o];
    }),
  );
}

/** A standalone cluster of one TaskManager with 4 slots (fine-grained, Flink 1.20), plus `rest`. */
function standalone(rest: string, options = 'standaloneStartupTime: 1s', version = '1.20'): string {
  return `flinkVersion: "${version}"
cluster:
  defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}
  options: {${options}}
  taskManagers: [{id: tm}]
${rest}`;
}

describe('first come, first served', () => {
  const jobs = (a: string, b: string): string => `jobs:
  - {id: ${a}, requirements: [{profile: UNKNOWN, count: 3}]}
  - {id: ${b}, requirements: [{profile: UNKNOWN, count: 3}]}
`;

  for (const version of ['1.20', '1.17']) {
    it(`the job declared first gets its slots; the later one is short (Flink ${version})`, () => {
      const report = simulate(standalone(jobs('alpha', 'beta'), 'standaloneStartupTime: 1s', version));
      expect(report.slotManager).toBe(version === '1.17' ? 'declarative' : 'fine-grained');
      expect(job(report, 'alpha').verdict).toBe('met');
      expect(count(job(report, 'alpha').acquired)).toBe(3);
      expect(job(report, 'beta').verdict).not.toBe('met');
      expect(count(job(report, 'beta').acquired)).toBe(1);
      expect(job(report, 'beta').missing).toEqual([{ profile: 'UNKNOWN', count: 2 }]);
      expect(report.verdict).not.toBe('met');
    });
  }

  it('the order of declaration decides, not the job id: swapping the declarations swaps the outcome', () => {
    const report = simulate(standalone(jobs('beta', 'alpha')));
    expect([count(job(report, 'beta').acquired), count(job(report, 'alpha').acquired)]).toEqual([3, 1]);
  });

  it('an earlier submit time beats an earlier place in the list', () => {
    const report = simulate(
      standalone(`jobs:
  - {id: late, requirements: [{profile: UNKNOWN, count: 3}], submitAt: 200}
  - {id: early, requirements: [{profile: UNKNOWN, count: 3}], submitAt: 100}
`),
    );
    expect(job(report, 'early').verdict).toBe('met');
    expect(count(job(report, 'late').acquired)).toBe(1);
    expect(report.jobs.map((j) => j.id)).toEqual(['late', 'early']);
  });
});

describe('slots are never revoked', () => {
  it('a later, bigger job does not take slots from an earlier one', () => {
    const report = simulate(
      standalone(`jobs:
  - {id: first, requirements: [{profile: UNKNOWN, count: 3}]}
  - {id: second, requirements: [{profile: UNKNOWN, count: 4}], submitAt: 5s}
`),
      true,
    );
    expect(owners(report)).toEqual({ tm: { first: 3, second: 1 } });
    expect(job(report, 'first').verdict).toBe('met');
    expect(job(report, 'second').missing).toEqual([{ profile: 'UNKNOWN', count: 3 }]);
    // No slot was ever freed.
    expect(report.trace!.filter((t) => t.kind === 'free')).toEqual([]);
    expect(report.trace!.filter((t) => t.kind === 'allocate' && t.job === 'first').map((t) => t.time)).toEqual([50, 50, 50]);
  });

  it('lowering requirements keeps the slots until slot.idle.timeout; only then a waiting job gets them', () => {
    const events = `events:
  - {at: 0, declare: {a: [{profile: UNKNOWN, count: 4}]}}
  - {at: 1s, declare: {a: [{profile: UNKNOWN, count: 2}]}}
  - {at: 2s, declare: {b: [{profile: UNKNOWN, count: 2}]}}
`;
    const options = 'standaloneStartupTime: 1s, slotIdleTimeout: 30s';
    const before = simulate(standalone(`${events}until: 20s\n`, options));
    expect(job(before, 'a').requirements).toEqual([{ profile: 'UNKNOWN', count: 2 }]);
    expect(count(job(before, 'a').acquired)).toBe(4);
    expect(job(before, 'b').verdict).toBe('never-met');
    expect(before.endTime).toBe(20_000);
    const after = simulate(standalone(`${events}until: 2 min\n`, options));
    expect(owners(after)).toEqual({ tm: { a: 2, b: 2 } });
    expect(after.verdict).toBe('met');
  });
});

describe('finishing a job frees its slots', () => {
  it('finishJob: the waiting job gets the slots at the next requirement check', () => {
    const report = simulate(
      standalone(`jobs:
  - {id: first, requirements: [{profile: UNKNOWN, count: 4}]}
  - {id: second, requirements: [{profile: UNKNOWN, count: 2}], submitAt: 1s}
events:
  - {at: 10s, finishJob: first}
`),
      true,
    );
    expect(job(report, 'second').verdict).toBe('met');
    expect(count(job(report, 'second').acquired)).toBe(2);
    expect(job(report, 'first').acquired).toEqual([]);
    expect(owners(report)).toEqual({ tm: { second: 2 } });
    expect(report.endTime).toBe(10_050);
    expect(report.trace!.filter((t) => t.kind === 'allocate' && t.job === 'second').map((t) => t.time)).toEqual([10_050, 10_050]);
    // Before the finish, second was told (after the 1 s start-up time) that resources are short.
    expect(job(report, 'second').notEnoughResourcesNotifications).toBeGreaterThanOrEqual(1);
  });

  it('finishAt: the same, and the report says when the job finished', () => {
    const report = simulate(
      standalone(`jobs:
  - {id: first, requirements: [{profile: UNKNOWN, count: 4}], finishAt: 10s}
  - {id: second, requirements: [{profile: UNKNOWN, count: 2}], submitAt: 1s}
`),
    );
    expect(job(report, 'first')).toMatchObject({
      verdict: 'met',
      finishedAt: 10_000,
      requirements: [{ profile: 'UNKNOWN', count: 4 }],
      acquired: [],
    });
    expect(job(report, 'second').verdict).toBe('met');
    expect(report.endTime).toBe(10_050);
  });

  it('a job that has not finished by the end keeps its slots (no finishedAt)', () => {
    const report = simulate(
      standalone(`jobs:
  - {id: first, requirements: [{profile: UNKNOWN, count: 4}], finishAt: 1 min}
  - {id: second, requirements: [{profile: UNKNOWN, count: 2}], submitAt: 1s}
until: 30s
`),
    );
    expect(job(report, 'first').finishedAt).toBeUndefined();
    expect(count(job(report, 'first').acquired)).toBe(4);
    expect(job(report, 'second').verdict).toBe('never-met');
  });
});

describe('an active ResourceManager', () => {
  const active = (latency: string, rest: string, options = ''): string => `flinkVersion: "1.20"
cluster:
  resourceAllocation: active
  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}
  options: {workerStartupLatency: ${latency}${options}}
${rest}`;
  const oneJob = `jobs:
  - {id: j, requirements: [{profile: UNKNOWN, count: 3}]}
`;

  for (const [latency, ms] of [
    ['3 s', 3000],
    ['7 s', 7000],
  ] as const) {
    it(`starts the workers the SlotManager declares; they register after ${latency}`, () => {
      const report = simulate(active(latency, oneJob), true);
      // Check at 50 ms → 2 pending workers (3 slots / 2 per worker); declared at 100 ms.
      expect(report.workersStarted).toBe(2);
      expect(report.endTime).toBe(100 + ms);
      expect(
        report.trace!.filter((t) => t.kind === 'register').map((t) => [t.time, /^TaskManager (\S+) registers/.exec(t.message)?.[1]]),
      ).toEqual([
        [100 + ms, 'worker-1'],
        [100 + ms, 'worker-2'],
      ]);
      expect(
        report.trace!.filter((t) => t.kind === 'workers' && t.message.startsWith('the ResourceManager starts')).map((t) => t.time),
      ).toEqual([100, 100]);
      expect(job(report, 'j').verdict).toBe('met');
      expect(owners(report)).toEqual({ 'worker-1': { j: 2 }, 'worker-2': { j: 1 } });
      expect(report.pendingTaskManagers).toEqual([]);
    });
  }

  it('before the workers register the job is missing its slots and the pending workers are reported', () => {
    const report = simulate(active('10 s', `${oneJob}until: 5s\n`));
    expect(report.endTime).toBe(5000);
    expect(report.taskManagers).toEqual([]);
    expect(report.pendingTaskManagers.map((p) => [p.id, p.slots])).toEqual([
      ['pending-1', 2],
      ['pending-2', 2],
    ]);
    expect(job(report, 'j').verdict).toBe('never-met');
    expect(job(report, 'j').explanations[0]!.reasons.map((r) => r.kind)).toEqual(['no-task-manager', 'waiting-for-workers']);
    expect(job(report, 'j').explanations[0]!.reasons[1]!.message).toBe(
      '2 requested workers have not registered yet (worker start-up takes 10000 ms in this simulation)',
    );
  });

  describe('idle TaskManagers are released after taskManagerTimeout', () => {
    // Workers register at 3100 ms; the job finishes at 20 s; idle since 20 s, timeout 10 s.
    const scenario = (until: string): string =>
      active(
        '3 s',
        `jobs:
  - {id: j, requirements: [{profile: UNKNOWN, count: 3}], finishAt: 20s}
until: ${until}
`,
        ', taskManagerTimeout: 10s',
      );

    it('not before the timeout', () => {
      const report = simulate(scenario('29 s'));
      expect(report.taskManagers.map((t) => [t.id, t.released, t.slots.length])).toEqual([
        ['worker-1', false, 0],
        ['worker-2', false, 0],
      ]);
    });

    it('released at the timeout, gone once the ResourceManager stopped them', () => {
      const released = simulate(scenario('30020'), true);
      expect(released.taskManagers.map((t) => [t.id, t.released])).toEqual([
        ['worker-1', true],
        ['worker-2', true],
      ]);
      expect(released.trace!.filter((t) => t.kind === 'release').map((t) => [t.time, t.message])).toEqual([
        [30_000, 'idle TaskManager worker-1 is released (idle timeout 10000 ms)'],
        [30_000, 'idle TaskManager worker-2 is released (idle timeout 10000 ms)'],
      ]);
      const gone = simulate(scenario('2 min'), true);
      expect(gone.taskManagers).toEqual([]);
      expect(gone.trace!.filter((t) => t.kind === 'unregister').map((t) => t.message)).toEqual([
        'TaskManager worker-1 unregisters',
        'TaskManager worker-2 unregisters',
      ]);
      expect(gone.verdict).toBe('met');
      expect(gone.endTime).toBe(120_000);
    });

    it('a TaskManager that still holds a slot is not released', () => {
      const report = simulate(
        active(
          '3 s',
          `jobs:
  - {id: stays, requirements: [{profile: UNKNOWN, count: 1}]}
  - {id: j, requirements: [{profile: UNKNOWN, count: 3}], finishAt: 20s}
until: 2 min
`,
          ', taskManagerTimeout: 10s',
        ),
      );
      expect(report.taskManagers.map((t) => [t.id, t.released, t.slots.map((s) => s.job)])).toEqual([['worker-1', false, ['stays']]]);
    });
  });
});

describe('the decision trace is only a record', () => {
  const scenarios = ['fixtures/scenarios/rolling-jobs.yaml', 'fixtures/scenarios/not-enough-managed-memory.yaml'];
  for (const file of scenarios) {
    it(`${file}: the report without --trace equals the one with it, minus the trace`, async () => {
      const { readFileSync } = await import('node:fs');
      const { dirname, join } = await import('node:path');
      const text = readFileSync(file, 'utf8');
      const loadJobGraph = (path: string) => ({ text: readFileSync(join(dirname(file), path), 'utf8'), file: path });
      const withTrace = simulateScenario({ text, file }, { trace: true, loadJobGraph });
      const without = simulateScenario({ text, file }, { trace: false, loadJobGraph });
      if (!withTrace.ok || !without.ok) throw new Error('the fixture must simulate');
      const { trace, ...rest } = withTrace.value[0]!;
      expect(trace?.length).toBeGreaterThan(0);
      expect(without.value[0]!.trace).toBeUndefined();
      expect(without.value[0]).toEqual(rest);
    });
  }
});
