/** Flink's text and N (NetworkBufferPool, NettyShuffleEnvironmentConfiguration), docs/research/network-buffers.md §1. */
import { describe, expect, it } from 'vitest';
import { insufficientNetworkBuffersMessage, networkBufferCount } from '../../../src/execution/network-buffer-failure.js';

describe('insufficientNetworkBuffersMessage', () => {
  it('is Flink’s text, identical 1.10 – 2.x (Cascade: required 65, 38 available, 4096 of 32768)', () => {
    expect(insufficientNetworkBuffersMessage(65, 38, 4096, 32768)).toBe(
      "Insufficient number of network buffers: required 65, but only 38 available. The total number of network buffers is currently set to 4096 of 32768 bytes each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', 'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.",
    );
    expect(insufficientNetworkBuffersMessage(2, 0, 10977, 32768n)).toContain(
      'required 2, but only 0 available. The total number of network buffers is currently set to 10977 of 32768 bytes each.',
    );
  });
});

describe('networkBufferCount', () => {
  it('network memory / segment size, rounded down: 128m → 4096, 144m (1.10) → 4608, 343.04m → 10977', () => {
    const m = (mib: number) => BigInt(mib) * 1024n * 1024n;
    expect(networkBufferCount(m(128), 32768n)).toBe(4096);
    expect(networkBufferCount(m(144), 32768n)).toBe(4608);
    expect(networkBufferCount(m(64), 32768n)).toBe(2048);
    // 0.1 × 3430.4m, truncated to bytes.
    expect(networkBufferCount(359703265n, 32768n)).toBe(10977);
    expect(networkBufferCount(m(128) - 1n, 32768n)).toBe(4095);
  });
});
