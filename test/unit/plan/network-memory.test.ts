/**
 * The network memory Flink adds to slot sharing groups with resources (src/plan/network-memory.ts;
 * SsgNetworkMemoryCalculationUtils and NettyShuffleUtils). Figures are worked out from Flink's
 * formulas; the 640 KiB one is what a real JobManager logs for a source → sink job at parallelism 1.
 */
import { describe, expect, it } from 'vitest';
import { planFromText, simulateJobsOnCluster } from '../../../src/index.js';

const KiB = 1024;

function groupNetwork(text: string, options: { tmConfig?: string } = {}): unknown {
  const r = planFromText(
    text,
    'job.yaml',
    options.tmConfig === undefined ? {} : { tmConfig: { text: options.tmConfig, file: 'flink-conf.yaml' } },
  );
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  const profile = r.value.slotSharingGroups[0]!.resourceProfile;
  return typeof profile === 'string' ? profile : profile.networkMemory;
}

const job = (
  version: string,
  p: number,
  edge: string,
  extra = '',
  resources = '{cpuCores: 1, taskHeapMemory: 256m}',
): string => `flinkVersion: "${version}"
${extra}slotSharingGroups:
  - {name: g, resources: ${resources}}
vertices:
  - {id: source, parallelism: ${p}, slotSharingGroup: g}
  - {id: sink, parallelism: ${p}, slotSharingGroup: g}
edges:
  - {source: source, target: sink${edge}}
`;

describe('network memory of a slot sharing group with resources', () => {
  it('source → sink at parallelism 1: (10 + 10) buffers × 32 KiB = 640 KiB, from 1.14 to 2.2', () => {
    for (const v of ['1.14', '1.15', '1.18', '1.20', '2.0', '2.2']) expect(groupNetwork(job(v, 1, ''))).toBe(640 * KiB);
  });

  it('parallelism 4 with a rebalance (ALL_TO_ALL): 4 × 2 + 8 per gate and per partition = 32 buffers = 1 MiB', () => {
    expect(groupNetwork(job('1.20', 4, ', distribution: ALL_TO_ALL'))).toBe(1024 * KiB);
  });

  it('POINTWISE (forward) at parallelism 4: one channel, one subpartition each: 640 KiB', () => {
    expect(groupNetwork(job('1.20', 4, ', distribution: POINTWISE'))).toBe(640 * KiB);
  });

  it('a group without resources stays UNKNOWN (before 1.14 every group is: group resources arrive with 1.14)', () => {
    expect(groupNetwork(job('1.13', 1, ''))).toBe('UNKNOWN');
    const unknown = `flinkVersion: "1.20"\nvertices:\n  - {id: a}\n  - {id: b}\nedges:\n  - {source: a, target: b}\n`;
    expect(groupNetwork(unknown)).toBe('UNKNOWN');
  });

  it('blocking (batch) partitions: S + 1 in 1.14; sort shuffle from 1.15 (min parallelism 1): 512 buffers', () => {
    const batch = (v: string): string => job(v, 4, ', distribution: ALL_TO_ALL, resultPartitionType: BLOCKING', 'mode: batch\n');
    // 1.14: partition 4 + 1 = 5, gate 4 × 2 + 8 = 16 → 21 buffers.
    expect(groupNetwork(batch('1.14'))).toBe(21 * 32 * KiB);
    // 1.15+: partition 512 (sort shuffle), gate 16 → 528 buffers.
    expect(groupNetwork(batch('1.20'))).toBe(528 * 32 * KiB);
  });

  it('the TaskManager configuration’s shuffle options count (up to 1.20; fixed in 2.x)', () => {
    const conf =
      'taskmanager.memory.process.size: 2g\ntaskmanager.network.memory.buffers-per-channel: 4\ntaskmanager.network.memory.floating-buffers-per-gate: 16\n';
    // (1 × 4 + 16) per gate + max(1 × 4 + 16, 2) per partition = 40 buffers.
    expect(groupNetwork(job('1.20', 1, ''), { tmConfig: conf })).toBe(40 * 32 * KiB);
    expect(groupNetwork(job('2.2', 1, ''), { tmConfig: conf })).toBe(640 * KiB);
    const segment = 'taskmanager.memory.process.size: 2g\ntaskmanager.memory.segment-size: 64kb\n';
    expect(groupNetwork(job('1.20', 1, ''), { tmConfig: segment })).toBe(20 * 64 * KiB);
  });
});

describe('network memory on the cluster', () => {
  it('a TaskManager without network memory cannot hold the slot; the explanation names networkMemory', () => {
    const cluster = (network: string): string => `flinkVersion: "1.20"
defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g${network}}, numberOfTaskSlots: 4}
taskManagers: [{id: tm}]
`;
    const run = (network: string): { verdict: string; reasons: string[] } => {
      const r = simulateJobsOnCluster({ text: cluster(network), file: 'cluster.yaml' }, [{ text: job('1.20', 1, ''), file: 'job.yaml' }]);
      if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
      const j = r.value[0]!.jobs[0]!;
      return { verdict: j.verdict, reasons: j.explanations.flatMap((e) => e.reasons.map((x) => x.message)) };
    };
    const without = run('');
    expect(without.verdict).toBe('never-met');
    expect(without.reasons[0]).toBe('4 free slots; closest TaskManager tm: network 0 B free of 640 KiB needed (short by 640 KiB)');
    expect(run(', networkMemory: 1m').verdict).toBe('met');
  });
});
