/** Resource dimensions in words a person reads (issue 25 §5, review): JSON field names stay in JSON. */
import { describe, expect, it } from 'vitest';
import { dimensionName } from '../../../src/model/dimension-names.js';

describe('dimensionName', () => {
  it('names each dimension of a ResourceProfile as text says it', () => {
    expect(['cpuCores', 'taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory', 'slots'].map(dimensionName)).toEqual([
      'CPU',
      'task heap',
      'task off-heap',
      'managed memory',
      'network',
      'slots',
    ]);
  });

  it('an extended resource keeps the name its configuration gives it, even one like a field of Object', () => {
    expect(dimensionName('gpu')).toBe('gpu');
    expect(dimensionName('constructor')).toBe('constructor');
  });
});
