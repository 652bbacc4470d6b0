import { describe, expect, it } from 'vitest';
import { maxParallelismFit } from '../../../src/index.js';

const cluster = {
  text: 'flinkVersion: "1.18"\nresourceAllocation: standalone\ndefaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}\ntaskManagers: [{id: tm, count: 3}]\n',
  file: 'cluster.yaml',
};
const job = (maxParallelism = '') => ({
  text: `name: chain\nflinkVersion: "1.18"\nvertices:\n  - {id: a, parallelism: 4${maxParallelism}}\n  - {id: b, parallelism: 2}\nedges:\n  - {source: a, target: b, distribution: ALL_TO_ALL}\n`,
  file: 'chain.yaml',
});

describe('maxParallelismFit', () => {
  it('one slot sharing group on 12 slots: the widest vertex runs up to 12, the other in proportion', () => {
    const r = maxParallelismFit(cluster, job());
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.highest, r.value.parallelism, r.value.proof]).toEqual([12, { a: 12, b: 6 }, { met: 'met', above: 'partly-met' }]);
  });

  it('caps at the max parallelism derived from the parallelism now (4 → 128), not at 32768 (issue 25 §3)', () => {
    const r = maxParallelismFit(cluster, job());
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.cap, r.value.capFrom]).toEqual([128, { source: 'parallelism', parallelism: 4 }]);
  });

  it("the job graph's pipeline.max-parallelism caps every vertex without its own", () => {
    const r = maxParallelismFit(cluster, { ...job(), text: `maxParallelism: 6\n${job().text}` });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.highest, r.value.cap, r.value.capFrom, r.value.parallelism, r.value.proof.above]).toEqual([
      6,
      6,
      { source: 'pipeline.max-parallelism', file: 'chain.yaml' },
      { a: 6, b: 3 },
      null,
    ]);
  });

  it('stops at a configured max parallelism, which then has no proof above it', () => {
    const r = maxParallelismFit(cluster, job(', maxParallelism: 10'));
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.highest, r.value.cap, r.value.capFrom, r.value.proof.above, r.value.adaptive]).toEqual([
      10,
      10,
      { source: 'vertex' },
      null,
      null,
    ]);
  });

  it('size/vertex: a vertex the job does not have', () => {
    const r = maxParallelismFit(cluster, job(), { vertex: 'c' });
    expect(r.ok ? undefined : [r.diagnostics[0]!.code, r.diagnostics[0]!.message]).toEqual([
      'size/vertex',
      "no vertex 'c' in the job (vertices: a, b)",
    ]);
  });
});
