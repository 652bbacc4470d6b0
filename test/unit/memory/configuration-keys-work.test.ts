/**
 * A configuration read again asks no key's "did you mean" search a second time (issue 29 §1: `size`
 * reads its configuration five times, and the search was most of its run after start-up).
 */
import { describe, expect, it, vi } from 'vitest';
import type * as Closest from '../../../src/util/closest.js';

vi.mock('../../../src/util/closest.js', async (importOriginal) => {
  const original = await importOriginal<typeof Closest>();
  return { ...original, closestName: vi.fn(original.closestName) };
});
const { closestName } = await import('../../../src/util/closest.js');
const { checkConfigurationKeys } = await import('../../../src/memory/configuration-keys.js');

describe('checkConfigurationKeys, read twice', () => {
  it('searches each key once and answers the second reading the same', () => {
    const config = new Map([
      ['taskmanager.memory.proces.size', '4g'],
      ['taskmanager.numberOfTaskSlot', '4'],
      ['state.backend.rocksdb.localdir', '/tmp'],
    ]);
    const first = checkConfigurationKeys(config);
    const searches = vi.mocked(closestName).mock.calls.length;
    expect(searches).toBe(3);
    expect(first.notes.map((n) => n.message)).toEqual([
      "'taskmanager.memory.proces.size' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.memory.process.size'?",
      "'taskmanager.numberOfTaskSlot' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.numberOfTaskSlots'?",
    ]);
    expect(checkConfigurationKeys(config)).toEqual(first);
    expect(vi.mocked(closestName).mock.calls.length).toBe(searches);
  });
});
