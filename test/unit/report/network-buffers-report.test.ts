/** The text section of plan's network-buffer check: batch wording, and the case no single change fixes. */
import { describe, expect, it } from 'vitest';
import { type NetworkBuffersJson, renderNetworkBuffersText } from '../../../src/report/network-buffers-report.js';
import { PLAIN } from '../../../src/report/style.js';

const base: NetworkBuffersJson = {
  total: 4096,
  required: 54000,
  fits: false,
  segmentSize: 32768,
  networkMemory: 134217728,
  slotsPerTaskManager: 64,
  slots: 2000,
  taskManagers: 32,
  mostDemandingTaskManager: 0,
  pools: 20000,
  exclusive: 34000,
  requestSizes: [2001, 1, 2],
  perVertex: [],
  counted: 'all-tasks',
  failure: { required: 2001, available: 93, message: 'Insufficient number of network buffers: …' },
  advice: { slotsPerTaskManager: { slots: 0, required: 1000 } },
};

describe('renderNetworkBuffersText', () => {
  it('no single change fits: what one slot requires, and the network memory the TaskManagers would need', () => {
    expect(renderNetworkBuffersText(base, PLAIN).slice(-2)).toEqual([
      '  Even 1 slot per TaskManager requires 1000 buffers.',
      '  No single change of the network memory, slots or buffers per channel fits these TaskManagers: they need 1.6 GiB of network memory each (54000 × 32768 bytes), so more memory in total.',
    ]);
  });

  it('batch: the wave and the TaskManager within it', () => {
    const perVertex = [
      { vertex: 'scan', subtasks: 4, required: 2048 },
      { vertex: 'join', subtasks: 1, required: 132 },
    ];
    const batch = {
      ...base,
      perVertex,
      required: 2180,
      pools: 2052,
      exclusive: 128,
      fits: true,
      counted: 'worst-wave' as const,
      mostDemandingWave: 3,
      taskManagers: 4,
    };
    delete (batch as Partial<NetworkBuffersJson>).failure;
    delete (batch as Partial<NetworkBuffersJson>).advice;
    expect(renderNetworkBuffersText(batch, PLAIN)).toEqual([
      'Network buffers (TaskManager: 64 slots, network 128 MiB = 4096 buffers of 32 KiB)',
      "  Batch: the regions run in waves, each wave's slots on fully used TaskManagers (at most 4 TaskManagers at once); the most demanding (TaskManager 1 in wave 4) requires 2180 buffers: 2052 for partition and gate pools, 128 exclusive for remote channels.",
      '  A blocking partition releases its buffers when done; channels from an earlier wave count as remote.',
      '  By vertex there: scan 2048 (4 subtasks), join 132 (1 subtask).',
      '  Fits: 2180 ≤ 4096.',
    ]);
  });
});
