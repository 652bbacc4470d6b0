/**
 * Bytes per operator come from the managed memory of the slot the operator runs in: a slot with a
 * specified profile holds the profile's managed memory (TaskSlotTableImpl.allocateSlot creates the
 * slot's MemoryManager from it), a default slot the TaskManager configuration's share.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planFromText } from '../../../src/index.js';
import { ROOT } from '../../support/root.js';

const read = (path: string) => ({ text: readFileSync(join(ROOT, path), 'utf8'), file: path });

describe('managed memory in bytes per operator', () => {
  it('a group with a specified profile: the profile’s managed memory, not the configured slot’s', () => {
    const job = read('fixtures/jobs/fine-grained-flip156.yaml');
    const r = planFromText(job.text, job.file, { tmConfig: read('fixtures/config/rocksdb.yaml') });
    if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    const bytes = Object.fromEntries(r.value.operators.map((o) => [o.id, o.bytes]));
    // scoring's slot is the sum of its operators' resources: 256 MiB managed, 70:30.
    expect(bytes['risk-window']).toEqual({ OPERATOR: 0, STATE_BACKEND: Math.floor(268435456 * 0.7), PYTHON: 0 });
    expect(bytes['py-explain']).toEqual({ OPERATOR: 0, STATE_BACKEND: 0, PYTHON: Math.floor(268435456 * 0.3) });
    // The configured default slot is larger; it is what an UNKNOWN group's operators would get.
    expect(r.value.managedMemory.slotManagedMemory).toBe(719407031);
  });
});
