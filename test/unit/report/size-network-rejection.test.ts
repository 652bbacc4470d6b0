/** `size --emit` of a shape rejected for network buffers: the exact text of size/network-buffers. */
import { describe, expect, it } from 'vitest';
import { networkBuffersEmitError } from '../../../src/report/size-report.js';

describe('size/network-buffers', () => {
  it('names each failing job, its TaskManager, what its tasks require and what the pool holds', () => {
    const d = networkBuffersEmitError([
      { kind: 'network-buffers', job: 'etl\u001b', taskManager: 'tm-1', required: 4752, total: 4096, message: 'Insufficient …' },
      { kind: 'network-buffers', job: 'b', taskManager: 'tm-3', required: 300, total: 256, message: 'Insufficient …' },
    ]);
    expect(d.code).toBe('size/network-buffers');
    expect(d.severity).toBe('error');
    expect(d.message).toBe(
      'the TaskManagers of this shape cannot serve the network buffers their tasks require, so there is nothing to emit: job etl\\u001b requires 4752 network buffers on TaskManager tm-1, whose pool has 4096; job b requires 300 network buffers on TaskManager tm-3, whose pool has 256',
    );
  });
});
