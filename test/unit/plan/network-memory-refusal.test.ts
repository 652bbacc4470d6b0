/**
 * Flink's refusal of a slot sharing group with declared resources whose tasks produce an unbounded
 * pipelined partition: the announced network memory would be the pool's maximum, Integer.MAX_VALUE
 * (flink-runtime/.../shuffle/NettyShuffleUtils.getNumBuffersToAnnounceForResultPartition, reached
 * through SsgNetworkMemoryCalculationUtils.enrichNetworkMemory; docs/research/network-buffers.md §5).
 */
import { describe, expect, it } from 'vitest';
import { analysisErrors, analysisOf, graphOf } from '../../support/jobs.js';
import { groupNetworkMemory, isEnriched, isUnannounceable } from '../../../src/plan/network-memory.js';
import { UNKNOWN, specified } from '../../../src/model/resource-profile.js';
import { decimalFromString } from '../../../src/model/decimal.js';

const KiB = 1024;

/** source → sink in one group; `resources: false` leaves the group UNKNOWN. */
const job = (version: string, type: string, options: { mode?: string; resources?: boolean; group?: string } = {}) => ({
  flinkVersion: version,
  ...(options.mode === undefined ? {} : { mode: options.mode }),
  ...(options.resources === false
    ? {}
    : { slotSharingGroups: [{ name: options.group ?? 'g', resources: { cpuCores: 1, taskHeapMemory: '256m' } }] }),
  vertices: [
    { id: 'source', parallelism: 4, slotSharingGroup: options.group ?? 'g' },
    { id: 'sink', parallelism: 4, slotSharingGroup: options.group ?? 'g' },
  ],
  edges: [{ source: 'source', target: 'sink', distribution: 'ALL_TO_ALL', resultPartitionType: type }],
});

const refusal = (version: string, group: string, type: string, fix: string): string =>
  `Flink ${version} refuses this job while building its execution graph: slot sharing group '${group}' declares resources, so Flink adds the network memory its tasks announce, and 'source' produces a ${type} result (read by 'sink') whose buffer pool has no upper bound: Illegal to announce network memory requirement as Integer.MAX_VALUE, partition type: ${type}. Drop the group's declared resources, or exchange ${fix}`;

describe('plan/network-memory-unbounded: Flink refuses to announce Integer.MAX_VALUE', () => {
  it('1.13 does not enrich groups (no group resources before 1.14): a PIPELINED job is planned', () => {
    expect(isUnannounceable('PIPELINED', { major: 1, minor: 13 })).toBe(false);
    expect(analysisOf(job('1.13', 'PIPELINED', { resources: false })).minimumSlots).toBe(4);
  });

  it('1.14 refuses a group with resources producing PIPELINED, located at the edge', () => {
    const [d, ...rest] = analysisErrors(job('1.14', 'PIPELINED'));
    expect(rest).toEqual([]);
    expect(d).toEqual({
      code: 'plan/network-memory-unbounded',
      severity: 'error',
      message: refusal('1.14', 'g', 'PIPELINED', 'through PIPELINED_BOUNDED results'),
      location: { pointer: '/edges/0' },
      flinkErrorType: 'IllegalArgumentException',
    });
  });

  it('every release from 1.14 to 2.2 refuses PIPELINED; PIPELINED_BOUNDED and BLOCKING are announced', () => {
    for (const v of ['1.14', '1.15', '1.16', '1.17', '1.20', '2.0', '2.2']) {
      expect(analysisErrors(job(v, 'PIPELINED'))[0]!.code).toBe('plan/network-memory-unbounded');
      expect(analysisOf(job(v, 'PIPELINED_BOUNDED')).minimumSlots).toBe(4);
      expect(analysisOf(job(v, 'BLOCKING', { mode: 'batch' })).minimumSlots).toBe(4);
    }
  });

  it('1.16 refuses HYBRID_FULL and HYBRID_SELECTIVE (announced as their unbounded max) in the default group with resources', () => {
    for (const type of ['HYBRID_FULL', 'HYBRID_SELECTIVE']) {
      const [d] = analysisErrors(job('1.16', type, { mode: 'batch', group: 'default' }));
      expect(d!.message).toBe(
        refusal('1.16', 'default/region-1', type, 'through BLOCKING results (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING)'),
      );
      expect(d!.location).toEqual({ pointer: '/edges/0' });
    }
  });

  it('a group without declared resources (UNKNOWN) is not enriched and not refused, as Flink skips it', () => {
    expect(analysisOf(job('1.14', 'PIPELINED', { resources: false })).minimumSlots).toBe(4);
    // A hybrid edge splits the batch job into two regions, each with its own default group of 4 slots.
    expect(analysisOf(job('1.16', 'HYBRID_FULL', { mode: 'batch', resources: false, group: 'default' })).minimumSlots).toBe(8);
  });

  it('a profile with explicit network memory, or UNKNOWN, is skipped; a specified one without network memory is enriched', () => {
    const v = { major: 1, minor: 14 };
    const cpu = decimalFromString('1');
    expect(isEnriched(v, specified({ cpuCores: cpu, taskHeapMemory: 1n }))).toBe(true);
    expect(isEnriched(v, specified({ cpuCores: cpu, taskHeapMemory: 1n, networkMemory: 1n }))).toBe(false);
    expect(isEnriched(v, UNKNOWN)).toBe(false);
    expect(isEnriched({ major: 1, minor: 13 }, specified({ cpuCores: cpu, taskHeapMemory: 1n }))).toBe(false);
  });

  it('only the producing side counts: a group that reads a PIPELINED result from another group is announced', () => {
    const data = {
      flinkVersion: '1.14',
      slotSharingGroups: [{ name: 'g', resources: { cpuCores: 1, taskHeapMemory: '256m' } }],
      vertices: [
        { id: 'source', parallelism: 4 },
        { id: 'sink', parallelism: 4, slotSharingGroup: 'g' },
      ],
      edges: [{ source: 'source', target: 'sink', distribution: 'ALL_TO_ALL', resultPartitionType: 'PIPELINED' }],
    };
    expect(analysisOf(data).minimumSlots).toBe(8);
  });
});

describe('a hybrid partition is never sort-shuffle', () => {
  it('1.16, 4 → 4 all-to-all: HYBRID_FULL partition 4 + 1 = 5 buffers (BLOCKING: sort-shuffle 512); gate 4 × 2 + 8 = 16', () => {
    const buffers = (type: string): bigint => {
      const g = graphOf(job('1.16', type, { mode: 'batch', resources: false, group: 'default' }));
      return groupNetworkMemory(g, [0, 1]) / (32n * BigInt(KiB));
    };
    expect(buffers('HYBRID_FULL')).toBe(21n);
    expect(buffers('HYBRID_SELECTIVE')).toBe(21n);
    expect(buffers('BLOCKING')).toBe(528n);
  });
});
