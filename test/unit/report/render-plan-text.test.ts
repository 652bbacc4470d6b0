/**
 * The managed-memory table of the plan's text report: a SLOT-scope use case (STATE_BACKEND, PYTHON)
 * is one reservation per slot, shared by every operator of the slot that declares it
 * (MemoryManager.getSharedMemoryResourceForManagedMemory), and the text says so as the HTML does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planFromText } from '../../../src/index.js';
import { renderPlanText } from '../../../src/report/render-plan-text.js';
import { sharedReservations } from '../../../src/report/slot-reservations.js';
import { ROOT } from '../../support/root.js';

// Two keyed operators (STATE_BACKEND) and a Python one (PYTHON) in one group, 1 GiB of managed
// memory per slot: STATE_BACKEND 70 / (70 + 30) = 0.7 of the slot, PYTHON 0.3, OPERATOR none.
const KEYED = `name: keyed
flinkVersion: "1.20"
managedMemoryConfig: {stateBackend: rocksdb, slotManagedMemory: 1g}
vertices:
  - {id: a, parallelism: 2, operators: [{id: a1, managedMemory: {slotScope: [STATE_BACKEND]}}]}
  - {id: b, parallelism: 2, operators: [{id: b1, managedMemory: {slotScope: [STATE_BACKEND]}}, {id: b2, managedMemory: {slotScope: [PYTHON]}}]}
  - {id: c, parallelism: 2, slotSharingGroup: other, operators: [{id: c1, managedMemory: {operatorScope: {OPERATOR: 100}}}]}
edges:
  - {source: a, target: b, distribution: ALL_TO_ALL}
  - {source: b, target: c, distribution: ALL_TO_ALL}
`;

function plan(text: string) {
  const r = planFromText(text, 'job.yaml');
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.value;
}

function managedMemoryLines(text: string): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('Managed memory'));
  const end = lines.indexOf('', at);
  return lines.slice(at + 1, end === -1 ? undefined : end).map((l) => l.trimEnd());
}

describe('managed memory in the text report', () => {
  it('marks slot-scope shares shared, and names each shared reservation once per group', () => {
    expect(managedMemoryLines(renderPlanText(plan(KEYED)))).toEqual([
      '  VERTEX  CHAINED OPERATOR  GROUP    OPERATOR   STATE_BACKEND           PYTHON',
      '  a       a1                default  0 (0 B)    0.7 shared (716.8 MiB)  0 (0 B)',
      '  b       b1                default  0 (0 B)    0.7 shared (716.8 MiB)  0 (0 B)',
      '  b       b2                default  0 (0 B)    0 (0 B)                 0.3 shared (307.2 MiB)',
      '  c       c1                other    1 (1 GiB)  0 (0 B)                 0 (0 B)',
      '  shared: a slot-scope use case (STATE_BACKEND, PYTHON) is reserved once per slot, for all the operators declaring it',
      '    group default: STATE_BACKEND 0.7 (716.8 MiB), one reservation for the slot, used by 2 operators',
      '    group default: PYTHON 0.3 (307.2 MiB), one reservation for the slot, used by 1 operator',
    ]);
  });

  it('the operator column is not headed like the OPERATOR use case, in the legacy model too', () => {
    expect(managedMemoryLines(renderPlanText(plan(KEYED)))[0]).toMatch(/^ {2}VERTEX {2}CHAINED OPERATOR {2}GROUP {4}OPERATOR /);
    const legacy = readFileSync(join(ROOT, 'fixtures/jobs/legacy-1-11.yaml'), 'utf8');
    expect(managedMemoryLines(renderPlanText(plan(legacy)))[0]).toMatch(/^ {2}VERTEX +CHAINED OPERATOR +GROUP +FRACTION +BYTES$/);
  });

  it('without managed memory used at slot scope, no shared note', () => {
    const heap = KEYED.replace('stateBackend: rocksdb', 'stateBackend: hashmap').replace(
      ', {id: b2, managedMemory: {slotScope: [PYTHON]}}',
      '',
    );
    const lines = managedMemoryLines(renderPlanText(plan(heap)));
    expect(lines.join('\n')).not.toContain('shared');
  });
});

describe('sharedReservations (what the text and the HTML report both read)', () => {
  it('one per slot-scope use case of a group, with its fraction, bytes and the operators sharing it', () => {
    const rows = plan(KEYED).operators.filter((o) => o.slotSharingGroup === 'default');
    expect(sharedReservations(rows)).toEqual([
      { useCase: 'STATE_BACKEND', fraction: 0.7, bytes: Math.floor(2 ** 30 * 0.7), operators: 2 },
      { useCase: 'PYTHON', fraction: 0.3, bytes: Math.floor(2 ** 30 * 0.3), operators: 1 },
    ]);
  });

  it('an OPERATOR-scope share is its operator’s own: not a shared reservation', () => {
    expect(sharedReservations(plan(KEYED).operators.filter((o) => o.slotSharingGroup === 'other'))).toEqual([]);
  });
});
