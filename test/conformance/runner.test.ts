/**
 * The runner itself: `expect.error` (with `errorAlsoContains`) is part of the case format at every
 * level, and `derivedBeforeFailure` may name any memory component. Synthetic cases show both that
 * a right expectation passes and that a wrong one fails with a message saying why.
 */
import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { runCaseText } from './run-case.js';

const run = (c: Record<string, unknown>): string[] => runCaseText(dump({ name: 'case', ...c }), 'case');

const BAD_EDGE = { vertices: [{ id: 'a', parallelism: 1 }], edges: [{ source: 'a', target: 'b' }] };
const CROSS_GROUP_COLOCATION = {
  vertices: [
    { id: 'a', parallelism: 1, slotSharingGroup: 'x', coLocationGroup: 'c' },
    { id: 'b', parallelism: 1, slotSharingGroup: 'y', coLocationGroup: 'c' },
  ],
  edges: [],
};
const ONE_VERTEX = { vertices: [{ id: 'a', parallelism: 2 }], edges: [] };

describe('expect.error at every level', () => {
  it.each([
    ['execution-topology', { jobGraph: BAD_EDGE }, "edge target 'b' is not a vertex of the job"],
    ['execution-topology', { jobGraph: CROSS_GROUP_COLOCATION }, 'Cannot co-locate operators from different slot sharing groups'],
    ['logical-regions', { jobGraph: BAD_EDGE }, "edge target 'b' is not a vertex of the job"],
    [
      'scheduling-regions-util',
      { executionGraph: { vertices: ['a#0'], edges: [{ source: 'a#0', target: 'b#0' }] } },
      'names an unknown subtask',
    ],
    ['execution-slot-sharing', { executionGraph: { vertices: ['a'], edges: [] } }, "subtask 'a' is not named VERTEX#INDEX"],
    [
      'allocation-strategy',
      {
        profiles: { S: { cpuCores: -1 } },
        cluster: { slotModel: 'dynamic', defaultWorker: { totalResources: 'S', numberOfTaskSlots: 1 }, taskManagers: [] },
        jobs: [],
      },
      'Resource value must be no less than 0',
    ],
    ['taskmanager-memory', { flinkConfig: { 'taskmanager.memory.process.size': '1.5g' } }, "Memory size unit '.5g' does not match"],
  ])('%s: a refusal containing the expected text passes', (level, input, message) => {
    expect(run({ level, input, expect: { error: message } })).toEqual([]);
  });

  it('execution-topology: the refusal also holds every errorAlsoContains', () => {
    const c = { level: 'execution-topology', input: { jobGraph: CROSS_GROUP_COLOCATION } };
    expect(run({ ...c, expect: { error: 'Cannot co-locate', errorAlsoContains: ["'a' and 'b'"] } })).toEqual([]);
    expect(run({ ...c, expect: { error: 'Cannot co-locate', errorAlsoContains: ['nowhere'] } })).toEqual([
      expect.stringContaining("error does not contain 'nowhere'"),
    ]);
  });

  it('a refusal with other text fails, quoting what flinkslot said', () => {
    const failures = run({ level: 'execution-topology', input: { jobGraph: BAD_EDGE }, expect: { error: 'co-located tasks' } });
    expect(failures).toEqual([expect.stringMatching(/error does not contain 'co-located tasks': edge target 'b'/)]);
  });

  it('an accepted input fails a case that expects an error', () => {
    expect(run({ level: 'execution-topology', input: { jobGraph: ONE_VERTEX }, expect: { error: 'anything' } })).toEqual([
      "expected error 'anything', but flinkslot accepted the input",
    ]);
  });

  it('a refusal fails a case that expects a result', () => {
    expect(run({ level: 'execution-topology', input: { jobGraph: BAD_EDGE }, expect: { numExecutionRegions: 1 } })).toEqual([
      "unexpected error: edge target 'b' is not a vertex of the job",
    ]);
  });

  it('errorAlsoContains needs error', () => {
    expect(run({ level: 'execution-topology', input: { jobGraph: ONE_VERTEX }, expect: { errorAlsoContains: ['x'] } })).toEqual([
      'expect.errorAlsoContains without expect.error',
    ]);
  });

  it('variants: the error must hold for every variant', () => {
    const jobGraph = {
      mode: 'batch',
      vertices: [
        { id: 's', parallelism: 1 },
        { id: 'm', parallelism: 2, slotSharingGroup: 'g' },
      ],
      edges: [{ source: 's', target: 'm', distribution: 'ALL_TO_ALL', resultPartitionType: 'HYBRID_FULL' }],
    };
    const error = 'hybrid shuffle mode currently does not support setting non-default slot sharing group.';
    const c = { level: 'jobgraph-slot-sharing', expect: { error } };
    expect(run({ ...c, input: { jobGraph, variants: ['HYBRID_FULL', 'HYBRID_SELECTIVE'] } })).toEqual([]);
    const mixed = run({ ...c, input: { jobGraph, variants: ['HYBRID_FULL', 'BLOCKING'] } });
    expect(mixed).toContain(`expected error '${error}', but flinkslot accepted the input`);
    expect(mixed.some((f) => f.startsWith('[variant HYBRID_FULL] unexpected error: hybrid shuffle'))).toBe(true);
  });
});

describe('derivedBeforeFailure names any memory component', () => {
  const W07 = {
    'taskmanager.memory.process.size': '1000m',
    'taskmanager.memory.task.heap.size': '100m',
    'taskmanager.memory.jvm-overhead.min': '64m',
    'taskmanager.memory.jvm-overhead.max': '256m',
  };
  const case07 = (derivedBeforeFailure: Record<string, number>) =>
    run({
      level: 'taskmanager-memory',
      input: { flinkConfig: W07 },
      expect: { error: 'Derived Network Memory size', derivedBeforeFailure },
    });

  it('configured components (metaspace, framework heap, task heap) are known before the network check fails', () => {
    expect(case07({ jvmMetaspace: 268435456, frameworkHeap: 134217728, taskHeap: 104857600, totalProcess: 1048576000 })).toEqual([]);
  });

  it('a wrong value fails, naming the component', () => {
    expect(case07({ taskHeap: 1 })).toEqual(['derivedBeforeFailure.taskHeap: expected 1, got 104857600']);
  });

  it('a component not yet derived fails as such', () => {
    expect(case07({ jvmHeap: 1 })).toEqual(['derivedBeforeFailure.jvmHeap: expected 1, got not derived']);
  });

  it('an unknown name is unknown vocabulary', () => {
    expect(case07({ heap: 1 })).toEqual(["unknown key 'heap' in expect.derivedBeforeFailure"]);
  });

  it('after the memory is complete (a slot-count failure) every component is derived', () => {
    const flinkConfig = { 'taskmanager.memory.process.size': '1728m', 'taskmanager.cpu.cores': 2, 'taskmanager.numberOfTaskSlots': 0 };
    const expected = {
      error: 'Number of task slots must be at least one.',
      derivedBeforeFailure: { jvmHeap: 536870902, jvmDirect: 268435458 },
    };
    expect(run({ level: 'taskmanager-memory', input: { flinkConfig }, expect: expected })).toEqual([]);
  });
});
