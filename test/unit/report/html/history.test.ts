/**
 * Slots held over time (JobTimelines' series) and the events between (simulation-history.ts),
 * as `simulate` computes them when a report asks; and the timeline drawn from them.
 */
import { describe, expect, it } from 'vitest';
import { simulateScenario } from '../../../../src/index.js';
import type { SimulationReport } from '../../../../src/report/simulation-report.js';
import { niceStep, timeLabel, timelineSvg } from '../../../../src/report/html/timeline-svg.js';

function simulate(text: string, history = true): SimulationReport {
  const r = simulateScenario({ text, file: 'scenario.yaml' }, { history });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.value[0]!;
}

const SCENARIO = `flinkVersion: "1.20"
cluster:
  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}
  options: {standaloneStartupTime: 1s}
  taskManagers:
    - {id: tm-1}
    - {id: tm-2}
    - {id: tm-3}
jobs:
  - {id: j, requirements: [{profile: UNKNOWN, count: 4}]}
  - {id: k, submitAt: 5s, finishAt: 30s, requirements: [{profile: UNKNOWN, count: 1}]}
events:
  - {at: 10s, unregisterTaskManager: tm-2}
  - {at: 20s, registerTaskManager: tm-3}
`;

describe('the history of a run', () => {
  const r = simulate(SCENARIO);

  it('keeps the slots each job held at the end of every instant it changed', () => {
    // k declares when j holds all four slots; tm-3's two slots go back to j, first come first served.
    expect(r.history!.slotsHeld).toEqual([
      {
        job: 'j',
        series: [
          [50, 4],
          [10_000, 2],
          [20_050, 4],
        ],
      },
      { job: 'k', series: [] },
    ]);
  });

  it('lists submissions, the scenario events and finishes in time order', () => {
    expect(r.history!.events).toEqual([
      { time: 0, kind: 'submitJob', subject: 'j' },
      { time: 5_000, kind: 'submitJob', subject: 'k' },
      { time: 10_000, kind: 'unregisterTaskManager', subject: 'tm-2' },
      { time: 20_000, kind: 'registerTaskManager', subject: 'tm-3' },
      { time: 30_000, kind: 'finishJob', subject: 'k' },
    ]);
  });

  it('is left out unless asked for: simulate --json does not change', () => {
    expect(simulate(SCENARIO, false).history).toBeUndefined();
  });
});

describe('the history follows the run', () => {
  const CLUSTER = `flinkVersion: "1.20"
cluster:
  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}
  options: {standaloneStartupTime: 1s}
  taskManagers:
    - {id: tm-1}
`;

  it('stops at until: later events are not drawn, and the axis ends with the run', () => {
    const r = simulate(`${CLUSTER}jobs:
  - {id: j, requirements: [{profile: UNKNOWN, count: 1}]}
events:
  - {at: 10s, freeSlot: {tm-1: j}}
  - {at: 100s, unregisterTaskManager: tm-1}
until: 30s
`);
    expect(r.endTime).toBe(30_000);
    expect(r.history!.events).toEqual([
      { time: 0, kind: 'submitJob', subject: 'j' },
      { time: 10_000, kind: 'freeSlot', subject: 'tm-1 (job j)' },
    ]);
    const svg = timelineSvg(r.history!, r.endTime, new Map([['j', 0]]));
    expect(svg).toContain('>30 s</text>');
    expect(svg).not.toContain('>100 s</text>');
  });

  it('marks every finish: a finishAt, and a finishJob event after the job came back', () => {
    const r = simulate(`${CLUSTER}jobs:
  - {id: a, requirements: [{profile: UNKNOWN, count: 1}], finishAt: 10s}
events:
  - {at: 0s, submitJob: a}
  - {at: 20s, submitJob: a}
  - {at: 25s, finishJob: a}
`);
    expect(r.history!.events.filter((e) => e.kind === 'finishJob').map((e) => e.time)).toEqual([10_000, 25_000]);
    expect(r.history!.slotsHeld[0]!.series).toEqual([
      [50, 1],
      [10_000, 0],
      [20_050, 1],
      [25_000, 0],
    ]);
  });

  it('an active ResourceManager: the workers it starts and that register are marked', () => {
    const r = simulate(`flinkVersion: "1.20"
cluster:
  resourceAllocation: active
  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}
  options: {workerStartupLatency: 3s}
jobs:
  - {id: j, requirements: [{profile: UNKNOWN, count: 3}]}
`);
    expect(r.history!.events.filter((e) => e.kind !== 'submitJob')).toEqual([
      { time: 100, kind: 'startWorker', subject: 'worker-1' },
      { time: 100, kind: 'startWorker', subject: 'worker-2' },
      { time: 3_100, kind: 'registerTaskManager', subject: 'worker-1' },
      { time: 3_100, kind: 'registerTaskManager', subject: 'worker-2' },
    ]);
  });
});

describe('the timeline picture', () => {
  it('rounds axis steps to 1, 2 or 5 times a power of ten and names times in the unit that reads', () => {
    expect([niceStep(10, 4), niceStep(60_050, 6), niceStep(3, 4), niceStep(1_000_000, 5)]).toEqual([5, 20_000, 1, 200_000]);
    expect([timeLabel(500, 5_000), timeLabel(20_000, 60_000), timeLabel(600_000, 3_600_000), timeLabel(7_200_000, 86_400_000)]).toEqual([
      '500 ms',
      '20 s',
      '10 min',
      '2 h',
    ]);
  });

  it('draws one step line per job and one marker per pixel column of events', () => {
    const r = simulate(SCENARIO);
    const svg = timelineSvg(
      r.history!,
      r.endTime,
      new Map([
        ['j', 0],
        ['k', 1],
      ]),
    );
    expect(svg.match(/class="line"/g)).toHaveLength(2);
    expect(svg.match(/class="event"/g)).toHaveLength(5);
    expect(svg).toContain('<title>10000 ms: unregisterTaskManager tm-2</title>');
  });

  it('stays as large as the chart, not the run: 200,000 changes and events draw in at most 900 columns', () => {
    const series = Array.from({ length: 200_000 }, (_, i) => [i * 10, i % 7] as const);
    const events = Array.from({ length: 200_000 }, (_, i) => ({ time: i * 10, kind: 'declare', subject: `j` }));
    const svg = timelineSvg({ slotsHeld: [{ job: 'j', series }], events }, 2_000_000, new Map([['j', 0]]));
    expect(svg.match(/class="event"/g)!.length).toBeLessThanOrEqual(900);
    expect(svg.length).toBeLessThan(1_000_000);
    expect(svg).toContain('… and ');
  });
});
