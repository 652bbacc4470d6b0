/**
 * Verdicts over time (src/sim/job-timeline.ts through `simulateScenario`): a job is judged when it
 * finished, else at the end; losing a TaskManager and getting slots back are recorded; a job that
 * never held every slot it required is "never met", whatever happened later.
 */
import { describe, expect, it } from 'vitest';
import { simulateScenario } from '../../../src/index.js';
import type { JobReport, SimulationReport } from '../../../src/report/simulation-report.js';

function simulate(text: string): SimulationReport {
  const r = simulateScenario({ text, file: 'scenario.yaml' });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.value[0]!;
}

const history = (j: JobReport): unknown[] => [j.verdict, j.submittedAt, j.firstFullyMetAt, j.lostAt, j.regainedAt, j.slotsBeforeFullyMet];
const job = (r: SimulationReport, id: string): JobReport => r.jobs.find((j) => j.id === id)!;

/** Two standalone TaskManagers of 2 slots. */
const CLUSTER = `flinkVersion: "1.20"
cluster:
  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}
  options: {standaloneStartupTime: 1s}
  taskManagers:
    - {id: tm-1}
    - {id: tm-2}
`;
/** The same with a spare `tm-3`, which only an event registers (a TaskManager an event names is not registered at 0). */
const WITH_SPARE = `${CLUSTER}    - {id: tm-3}
`;

describe('job timelines', () => {
  it('lost with a TaskManager, regained when another registers: met at the end, both times recorded', () => {
    const r = simulate(`${WITH_SPARE}jobs:
  - {id: j, requirements: [{profile: UNKNOWN, count: 4}]}
events:
  - {at: 10s, unregisterTaskManager: tm-2}
  - {at: 20s, registerTaskManager: tm-3}
`);
    expect(history(job(r, 'j'))).toEqual(['met', 0, 50, [10_000], [20_050], 0]);
  });

  it('lost and never regained: not met (it was met once); with UNKNOWN slots the adaptive scheduler runs it partly', () => {
    const lost = (profile: string): SimulationReport =>
      simulate(`${CLUSTER}jobs:
  - {id: j, requirements: [{profile: ${profile}, count: 4}]}
events:
  - {at: 10s, unregisterTaskManager: tm-2}
`);
    expect(history(job(lost('{cpuCores: 1, taskHeapMemory: 1g}'), 'j'))).toEqual(['not-met', 0, 50, [10_000], [], 0]);
    expect(lost('{cpuCores: 1, taskHeapMemory: 1g}').verdict).toBe('not-met');
    expect(history(job(lost('UNKNOWN'), 'j'))).toEqual(['partly-met', 0, 50, [10_000], [], 0]);
  });

  it('finished while met: met; finished while short: never met, even though its slots are free again', () => {
    const r = simulate(`${CLUSTER}jobs:
  - {id: small, requirements: [{profile: UNKNOWN, count: 2}], finishAt: 30s}
  - {id: wide, requirements: [{profile: UNKNOWN, count: 6}], submitAt: 1s, finishAt: 40s}
`);
    expect(history(job(r, 'small'))).toEqual(['met', 0, 50, [], [], 0]);
    // 2 slots from 1 s, 4 once small's are free at 30 s: never the 6 it requires.
    expect(history(job(r, 'wide'))).toEqual(['never-met', 1000, null, [], [], 4]);
    expect(r.verdict).toBe('not-met');
  });

  it('raising the requirements above what the job holds counts as losing its full set', () => {
    const r = simulate(`${CLUSTER}jobs:
  - {id: j, requirements: [{profile: {cpuCores: 1, taskHeapMemory: 1g}, count: 4}]}
events:
  - {at: 10s, declare: {j: [{profile: {cpuCores: 1, taskHeapMemory: 1g}, count: 6}]}}
`);
    expect(history(job(r, 'j'))).toEqual(['not-met', 0, 50, [10_000], [], 0]);
  });
});
