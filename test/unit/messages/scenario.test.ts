/**
 * The exact diagnostics of SlotManager options whose value flinkslot cannot simulate or the
 * cluster's release cannot parse (src/sim/scenario/cluster-options.ts): from a scenario's or
 * cluster's `options`, or from the Flink configuration the cluster's workers run with.
 */
import { describe, expect, it } from 'vitest';
import { type Diagnostic, simulateJobsOnCluster, simulateScenario } from '../../../src/index.js';

const JOB = { text: 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n', file: 'one-slot.yaml' };

function refusal(result: { ok: true } | { ok: false; diagnostics: Diagnostic[] }): Diagnostic[] {
  if (result.ok) throw new Error('expected the cluster to be refused');
  return result.diagnostics;
}

/** A flinkslot cluster file whose workers run with the given extra flink-conf line. */
const cluster = (line: string): string => `flinkVersion: "1.20"
resourceAllocation: active
defaultWorker:
  numberOfTaskSlots: 2
  flinkConfiguration:
    taskmanager.memory.process.size: 2g
    ${line}
`;

describe('scenario/option-value', () => {
  it('options.loadBalanceMode TASKS on a Flink 1.20 cluster (the value is new in 2.2)', () => {
    const text = `name: balanced
flinkVersion: "1.20"
cluster:
  resourceAllocation: standalone
  defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g, managedMemory: 2g}, numberOfTaskSlots: 4}
  taskManagers: [{id: tm-1}]
  options: {loadBalanceMode: TASKS}
jobs:
  - {id: etl, requirements: [{profile: UNKNOWN, count: 2}]}
`;
    expect(refusal(simulateScenario({ text, file: 'balanced.yaml' }))).toEqual([
      {
        code: 'scenario/option-value',
        severity: 'error',
        message:
          "Could not parse value 'TASKS' for key 'taskmanager.load-balance.mode': Flink 1.20 knows NONE, SLOTS (TASKS is new in 2.2)",
        location: { pointer: '/cluster/options/loadBalanceMode', file: 'balanced.yaml', line: 7, column: 30 },
        flinkErrorType: 'IllegalArgumentException',
      },
    ]);
  });

  it('taskmanager.load-balance.mode TASKS in the workers’ configuration', () => {
    expect(refusal(simulateJobsOnCluster({ text: cluster('taskmanager.load-balance.mode: TASKS'), file: 'cluster.yaml' }, [JOB]))).toEqual([
      {
        code: 'scenario/option-value',
        severity: 'error',
        message:
          "Could not parse value 'TASKS' for key 'taskmanager.load-balance.mode': Flink 1.20 knows NONE, SLOTS (TASKS is new in 2.2)",
        // At the configuration key the value came from (it was reported at a missing options.loadBalanceMode).
        location: { pointer: '/defaultWorker/flinkConfiguration/taskmanager.load-balance.mode', file: 'cluster.yaml', line: 7, column: 36 },
        flinkErrorType: 'IllegalArgumentException',
      },
    ]);
  });

  it('a configured option above what flinkslot simulates (the schema bounds `options`, not the configuration)', () => {
    const text = cluster('slotmanager.redundant-taskmanager-num: 20000');
    expect(refusal(simulateJobsOnCluster({ text, file: 'cluster.yaml' }, [JOB]))).toEqual([
      {
        code: 'scenario/option-value',
        severity: 'error',
        message: 'slotmanager.redundant-taskmanager-num 20000 is more than flinkslot simulates (at most 10000)',
        location: {
          pointer: '/defaultWorker/flinkConfiguration/slotmanager.redundant-taskmanager-num',
          file: 'cluster.yaml',
          line: 7,
          column: 44,
        },
      },
    ]);
  });

  it('the same option in a FlinkDeployment’s spec.flinkConfiguration', () => {
    const text = `apiVersion: flink.apache.org/v1beta1
kind: FlinkDeployment
metadata:
  name: session
spec:
  image: flink:1.20
  flinkVersion: v1_20
  flinkConfiguration:
    taskmanager.numberOfTaskSlots: "2"
    slotmanager.number-of-slots.max: "4294967296"
  taskManager:
    resource: {memory: 2048m, cpu: 1}
`;
    expect(refusal(simulateJobsOnCluster({ text, file: 'session.yaml' }, [JOB]))).toEqual([
      {
        code: 'scenario/option-value',
        severity: 'error',
        message: 'slotmanager.number-of-slots.max 4294967296 is more than flinkslot simulates (at most 2147483647)',
        // Located in the FlinkDeployment itself (issue 25 §4), not in the cluster flinkslot builds from it.
        location: {
          pointer: '/spec/flinkConfiguration/slotmanager.number-of-slots.max',
          file: 'session.yaml',
          line: 10,
          column: 38,
        },
      },
    ]);
  });
});
