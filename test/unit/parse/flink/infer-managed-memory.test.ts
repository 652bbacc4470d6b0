/** Managed memory inferred from Flink's JSON files (src/parse/flink/infer-managed-memory.ts). */
import { describe, expect, it } from 'vitest';
import { inferManagedMemory } from '../../../../src/parse/flink/infer-managed-memory.js';
import type { ImportNote } from '../../../../src/parse/flink/import-notes.js';
import { importFlinkFile } from '../../../../src/parse/flink/import-file.js';

const v = (id: string, name: string, description?: string) => ({ id, name, ...(description === undefined ? {} : { description }) });

function infer(vertices: ReturnType<typeof v>[], edges: { target: string; shipStrategy?: string }[], mode: 'streaming' | 'batch') {
  const notes: ImportNote[] = [];
  return { inferred: Object.fromEntries(inferManagedMemory(vertices, edges, mode, notes)), notes: notes.map((n) => n.code) };
}

describe('inferManagedMemory', () => {
  it('streaming: a HASH input makes the consumer keyed; FORWARD/REBALANCE do not', () => {
    const r = infer(
      [v('s', 'Source'), v('m', 'Map'), v('k', 'Keyed Aggregation')],
      [
        { target: 'm', shipStrategy: 'REBALANCE' },
        { target: 'k', shipStrategy: 'HASH' },
      ],
      'streaming',
    );
    expect(r.inferred).toEqual({ k: { keyed: true } });
    expect(r.notes).toEqual(['import/inferred-keyed']);
  });

  it('batch SQL: operator weights by name, HASH inputs do not make SQL operators keyed', () => {
    const r = infer(
      [
        v('j', 'HashJoin[23] -> Calc[24]', '[23]:HashJoin(joinType=[InnerJoin], where=[(id = id0)])'),
        v('f', 'HashJoin[3]', '[3]:HashJoin(joinType=[FullOuterJoin], where=[(a = b)])'),
        v('a', 'HashAggregate[5]', '[5]:HashAggregate(isMerge=[true], select=[Final_COUNT(c)])'),
        v('g', 'HashAggregate[6]', '[6]:HashAggregate(isMerge=[true], groupBy=[k], select=[k])'),
        v('s', 'Sort[8]'),
        v('l', 'SortLimit[9]'),
        v('n', 'NestedLoopJoin[10]', '[10]:NestedLoopJoin(joinType=[InnerJoin], singleRowJoin=[true])'),
      ],
      [{ target: 'j', shipStrategy: 'HASH[id]' }],
      'batch',
    );
    expect(r.inferred).toEqual({
      j: { managedMemory: { operatorScope: { OPERATOR: 266 } } },
      f: { managedMemory: { operatorScope: { OPERATOR: 276 } } },
      g: { managedMemory: { operatorScope: { OPERATOR: 128 } } },
      s: { managedMemory: { operatorScope: { OPERATOR: 128 } } },
    });
  });

  it('batch DataStream: a HASH input is a keyed (sorted) input', () => {
    expect(infer([v('s', 'Source'), v('r', 'Keyed Reduce')], [{ target: 'r', shipStrategy: 'HASH' }], 'batch').inferred).toEqual({
      r: { keyed: true },
    });
  });

  it('streaming window TVFs declare OPERATOR 1; Python operators PYTHON', () => {
    const r = infer(
      [v('w', 'WindowAggregate[4]', '[4]:WindowAggregate(groupBy=[k], window=[TUMBLE(size=[5 min])])'), v('p', 'PythonCalc[7]')],
      [{ target: 'w', shipStrategy: 'HASH' }],
      'streaming',
    );
    expect(r.inferred).toEqual({
      w: { keyed: true, managedMemory: { operatorScope: { OPERATOR: 1 } } },
      p: { managedMemory: { slotScope: ['PYTHON'] } },
    });
    expect(r.notes).toEqual(['import/inferred-keyed', 'import/inferred-operator-memory', 'import/inferred-python']);
  });
});

describe("GET /jobs/:jobid's slotSharingGroupId (Flink 1.20+)", () => {
  const details = (ids: [string, string]) =>
    JSON.stringify({
      jid: 'j',
      name: 'job',
      state: 'RUNNING',
      vertices: [
        { id: 'a', name: 'A', parallelism: 2, slotSharingGroupId: ids[0] },
        { id: 'b', name: 'B', parallelism: 3, slotSharingGroupId: ids[1] },
      ],
      plan: {
        jid: 'j',
        name: 'job',
        type: 'STREAMING',
        nodes: [
          { id: 'a', parallelism: 2 },
          { id: 'b', parallelism: 3, inputs: [{ num: 0, id: 'a', ship_strategy: 'FORWARD', exchange: 'pipelined_bounded' }] },
        ],
      },
    });

  it('several ids: one named group each (ssg- and the first 8 hex digits)', () => {
    const r = importFlinkFile(details(['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210']), 'details.json');
    expect(r.ok).toBe(true);
    if (!r.ok || r.value.kind !== 'job') return;
    expect(r.value.job.jobGraph.vertices.map((x) => x.slotSharingGroup)).toEqual(['ssg-01234567', 'ssg-fedcba98']);
    expect(r.value.job.notes.map((n) => n.code)).toContain('import/slot-sharing-groups');
  });

  it('one id: the default group, said so', () => {
    const same = '0123456789abcdef0123456789abcdef';
    const r = importFlinkFile(details([same, same]), 'details.json');
    if (!r.ok || r.value.kind !== 'job') throw new Error('not imported');
    expect(r.value.job.jobGraph.vertices.map((x) => x.slotSharingGroup)).toEqual([undefined, undefined]);
    expect(r.value.job.notes.find((n) => n.code === 'import/slot-sharing-groups')?.message).toContain('read as the default group');
  });
});
