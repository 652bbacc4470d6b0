/**
 * The per-release rules of what a task requires from its TaskManager's network buffer pool
 * (docs/research/network-buffers.md §2): partition pool minima, gate pool minima, exclusive buffers
 * per remote channel, with the Flink file each comes from.
 */
import { describe, expect, it } from 'vitest';
import { gateBuffers, networkBufferRules, partitionMinimum, requestOrder } from '../../../src/execution/network-buffer-rules.js';
import type { FlinkVersion } from '../../../src/model/flink-version.js';

const v = (text: string): FlinkVersion => {
  const [major, minor] = text.split('.').map(Number);
  return { major: major!, minor: minor! };
};
const rules = (text: string, options = {}) => networkBufferRules(v(text), options);

describe('partition pool minimum (ResultPartitionFactory / NettyShuffleUtils)', () => {
  it.each(['1.10', '1.11', '1.12', '1.15', '1.17', '2.0', '2.2'])('streaming (PIPELINED_BOUNDED) in %s: subpartitions + 1', (release) => {
    expect(partitionMinimum(rules(release), 'PIPELINED_BOUNDED', 4)).toBe(5);
    expect(partitionMinimum(rules(release), 'PIPELINED_BOUNDED', 200)).toBe(201);
  });

  it('blocking: subpartitions + 1 up to 1.14 (sort-shuffle.min-parallelism Integer.MAX_VALUE), 512 from 1.15 (min-parallelism 1)', () => {
    for (const release of ['1.10', '1.11', '1.12', '1.14']) expect(partitionMinimum(rules(release), 'BLOCKING', 7)).toBe(8);
    for (const release of ['1.15', '1.16', '1.17', '1.20', '2.0']) {
      expect(partitionMinimum(rules(release), 'BLOCKING', 1)).toBe(512);
      expect(partitionMinimum(rules(release), 'BLOCKING_PERSISTENT', 1000)).toBe(512);
    }
  });

  it('1.12–1.14 with sort-shuffle.min-parallelism set: sort-shuffle.min-buffers (default 64) from that many subpartitions', () => {
    const r = rules('1.14', { sortShuffleMinParallelism: 8 });
    expect(partitionMinimum(r, 'BLOCKING', 7)).toBe(8);
    expect(partitionMinimum(r, 'BLOCKING', 8)).toBe(64);
    // 1.10 and 1.11 have no sort-shuffle: the option does not exist there.
    expect(partitionMinimum(rules('1.11', { sortShuffleMinParallelism: 1 }), 'BLOCKING', 8)).toBe(9);
  });

  it('2.0 hard-codes sort-shuffle.min-parallelism 1: setting it changes nothing; min-buffers still read', () => {
    expect(partitionMinimum(rules('2.0', { sortShuffleMinParallelism: 100 }), 'BLOCKING', 3)).toBe(512);
    expect(partitionMinimum(rules('2.0', { sortShuffleMinBuffers: 100 }), 'BLOCKING', 3)).toBe(100);
  });

  it('hybrid (1.16+) is never sort-shuffle: subpartitions + 1', () => {
    expect(partitionMinimum(rules('1.16'), 'HYBRID_FULL', 600)).toBe(601);
    expect(partitionMinimum(rules('1.20'), 'HYBRID_SELECTIVE', 3)).toBe(4);
  });

  it('tiered storage (1.18+, hybrid batch shuffle): min(guaranteed, subpartitions + 1), 613 in 1.18–1.19, 101 from 1.20, +1 with a remote tier', () => {
    const hybrid = { hybridBatchShuffle: true };
    expect(partitionMinimum(rules('1.18', hybrid), 'HYBRID_FULL', 700)).toBe(613);
    expect(partitionMinimum(rules('1.19', hybrid), 'PIPELINED_BOUNDED', 50)).toBe(51);
    expect(partitionMinimum(rules('1.20', hybrid), 'HYBRID_FULL', 700)).toBe(101);
    expect(partitionMinimum(rules('2.0', { ...hybrid, tieredRemoteStorage: true }), 'HYBRID_FULL', 700)).toBe(102);
    // The old hybrid mode (1.18–1.20) and 1.17 keep subpartitions + 1; sort-shuffle partitions keep 512.
    expect(partitionMinimum(rules('1.18', { ...hybrid, hybridNewMode: false }), 'HYBRID_FULL', 700)).toBe(701);
    expect(partitionMinimum(rules('1.17', hybrid), 'HYBRID_FULL', 700)).toBe(701);
    expect(partitionMinimum(rules('1.20', hybrid), 'BLOCKING', 700)).toBe(512);
  });
});

describe('input gate (SingleInputGateFactory; 1.17+ InputGateSpecUtils)', () => {
  it('1.10: gate pool minimum 0, buffers-per-channel exclusive per remote channel', () => {
    expect(gateBuffers(rules('1.10'), 'PIPELINED_BOUNDED', 4)).toEqual({ minimum: 0, exclusivePerChannel: 2 });
    expect(gateBuffers(rules('1.10'), 'BLOCKING', 2000)).toEqual({ minimum: 0, exclusivePerChannel: 2 });
  });

  it.each(['1.11', '1.12', '1.15', '1.16'])('%s: gate pool minimum 1 whatever the type and channels', (release) => {
    expect(gateBuffers(rules(release), 'PIPELINED_BOUNDED', 200)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
    expect(gateBuffers(rules(release), 'BLOCKING', 2000)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
    expect(gateBuffers(rules(release, { buffersPerChannel: 1 }), 'BLOCKING', 10)).toEqual({ minimum: 1, exclusivePerChannel: 1 });
  });

  it('1.17+ streaming gates (threshold Integer.MAX_VALUE): 1 and buffers-per-channel, as before', () => {
    for (const release of ['1.17', '1.20', '2.0'])
      for (const type of ['PIPELINED_BOUNDED', 'PIPELINED', 'HYBRID_FULL'] as const)
        expect(gateBuffers(rules(release), type, 5000)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
  });

  it('1.17+ blocking gates: c < 500 → 1 and 2; 500 ≤ c < 1000 → 1000 − c and 1; c ≥ 1000 → 1000 and 0', () => {
    const r = rules('1.17');
    expect(gateBuffers(r, 'BLOCKING', 1)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
    expect(gateBuffers(r, 'BLOCKING', 499)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
    expect(gateBuffers(r, 'BLOCKING', 500)).toEqual({ minimum: 500, exclusivePerChannel: 1 });
    expect(gateBuffers(r, 'BLOCKING', 600)).toEqual({ minimum: 400, exclusivePerChannel: 1 });
    expect(gateBuffers(r, 'BLOCKING', 999)).toEqual({ minimum: 1, exclusivePerChannel: 1 });
    expect(gateBuffers(r, 'BLOCKING', 1000)).toEqual({ minimum: 1000, exclusivePerChannel: 0 });
    expect(gateBuffers(r, 'BLOCKING', 1500)).toEqual({ minimum: 1000, exclusivePerChannel: 0 });
    // PIPELINED_APPROXIMATE is neither pipelined(-bounded) nor hybrid: the batch threshold.
    expect(gateBuffers(r, 'PIPELINED_APPROXIMATE', 1500)).toEqual({ minimum: 1000, exclusivePerChannel: 0 });
  });

  it('1.17+ read-buffer.required-per-gate.max replaces the threshold for every type', () => {
    const r = rules('1.17', { readBufferRequiredPerGateMax: 10 });
    // 4 channels: min(10, 4 × 2 + 1) = 9 required, 2 exclusive each, 1 floating.
    expect(gateBuffers(r, 'PIPELINED_BOUNDED', 4)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
    expect(gateBuffers(r, 'PIPELINED_BOUNDED', 6)).toEqual({ minimum: 4, exclusivePerChannel: 1 });
    expect(gateBuffers(r, 'BLOCKING', 20)).toEqual({ minimum: 10, exclusivePerChannel: 0 });
    // 0 is refused when the TaskManager starts; counted as at least one buffer, never less.
    expect(gateBuffers(rules('1.17', { readBufferRequiredPerGateMax: 0 }), 'BLOCKING', 20)).toEqual({ minimum: 1, exclusivePerChannel: 0 });
    // The option does not exist before 1.17.
    expect(gateBuffers(rules('1.16', { readBufferRequiredPerGateMax: 10 }), 'BLOCKING', 20)).toEqual({
      minimum: 1,
      exclusivePerChannel: 2,
    });
  });

  it('1.18+ hybrid gates on a TaskManager with tiered storage take the batch threshold', () => {
    expect(gateBuffers(rules('1.18', { hybridBatchShuffle: true }), 'HYBRID_FULL', 1200)).toEqual({
      minimum: 1000,
      exclusivePerChannel: 0,
    });
    expect(gateBuffers(rules('1.18'), 'HYBRID_FULL', 1200)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
  });

  it('2.0 hard-codes buffers-per-channel 2 and floating 8: the keys are ignored', () => {
    expect(gateBuffers(rules('2.0', { buffersPerChannel: 1 }), 'PIPELINED_BOUNDED', 4)).toEqual({ minimum: 1, exclusivePerChannel: 2 });
    expect(gateBuffers(rules('1.20', { buffersPerChannel: 1 }), 'PIPELINED_BOUNDED', 4)).toEqual({ minimum: 1, exclusivePerChannel: 1 });
  });
});

describe('request order (Task.setupPartitionsAndGates; SingleInputGate)', () => {
  it('1.10–1.11 per task (exclusive buffers in gate setup), 1.12+ pools first then channels', () => {
    expect(requestOrder(v('1.10'))).toBe('per-task');
    expect(requestOrder(v('1.11'))).toBe('per-task');
    expect(requestOrder(v('1.12'))).toBe('two-phase');
    expect(requestOrder(v('2.1'))).toBe('two-phase');
  });
});

describe('rules resolved from the options', () => {
  it('segment size from taskmanager.memory.segment-size, 32 KiB by default', () => {
    expect(rules('1.17').segmentSize).toBe(32768);
    expect(rules('1.17', { segmentSize: 65536n }).segmentSize).toBe(65536);
  });
});
