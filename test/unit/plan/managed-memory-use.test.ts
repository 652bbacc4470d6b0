/** Which groups use managed memory (issue 26 §2): what gives a job flinkslot's default managed floor. */
import { describe, expect, it } from 'vitest';
import { parseJobGraph } from '../../../src/parse/parse-job-graph.js';
import { managedMemoryUseByGroup } from '../../../src/plan/managed-memory-use.js';

const graph = (text: string) => {
  const r = parseJobGraph(text, 'job.yaml');
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value;
};

const JOB = `
vertices:
  - {id: src, parallelism: 2}
  - {id: keyed, parallelism: 4, keyed: true}
  - {id: py, parallelism: 2, slotSharingGroup: python, managedMemory: {slotScope: [PYTHON]}}
  - {id: sort, parallelism: 2, slotSharingGroup: batch, managedMemory: {operatorScope: {OPERATOR: 128}}}
`;

describe('managedMemoryUseByGroup', () => {
  it('keyed state counts only when the state backend takes managed memory (RocksDB, ForSt), not on the heap', () => {
    const rocksdb = graph(`managedMemoryConfig: {stateBackend: rocksdb}\n${JOB}`);
    expect([...managedMemoryUseByGroup(rocksdb, undefined, true)]).toEqual([
      ['default', ['STATE_BACKEND']],
      ['python', ['PYTHON']],
      ['batch', ['OPERATOR']],
    ]);
    const heap = graph(JOB);
    expect([...managedMemoryUseByGroup(heap, undefined, false)]).toEqual([
      ['python', ['PYTHON']],
      ['batch', ['OPERATOR']],
    ]);
  });

  it('a use case whose consumer weight is 0 gets no managed memory, so it sets no floor', () => {
    const weights = new Map([
      ['OPERATOR', 70],
      ['STATE_BACKEND', 70],
      ['PYTHON', 0],
    ] as const);
    expect([...managedMemoryUseByGroup(graph(JOB), weights, true).keys()]).toEqual(['default', 'batch']);
  });
});
