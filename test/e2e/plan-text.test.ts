/**
 * The plan's text report as a person reads it, from the built CLI: keyed operators with RocksDB
 * share ONE STATE_BACKEND reservation per slot (MemoryManager.getSharedMemoryResourceForManagedMemory),
 * so the table marks their share shared and says how much the slot holds for them, in the bytes
 * `--json` gives; the operator column is not headed like the OPERATOR use case.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

beforeAll(ensureBuilt);

const ARGS = ['plan', 'fixtures/jobs/keyed-window.yaml', '--tm-config', 'fixtures/config/rocksdb.yaml'];

describe('plan: managed memory shared at slot scope', () => {
  it('two keyed operators: each marked shared, one reservation for the slot, the bytes --json gives', () => {
    const text = runCli(ARGS);
    expect(text.status).toBe(0);
    const json = runCli([...ARGS, '--json']);
    expect(json.status).toBe(0);
    const plan = JSON.parse(json.stdout) as { operators: Array<{ id: string; bytes: Record<string, number> }> };
    const bytes = plan.operators.find((o) => o.id === 'window-count')!.bytes.STATE_BACKEND;
    expect(plan.operators.find((o) => o.id === 'dedup')!.bytes.STATE_BACKEND).toBe(bytes);
    // rocksdb.yaml's default slot: 719,407,031 bytes of managed memory, all STATE_BACKEND's.
    expect(bytes).toBe(719407031);
    const lines = text.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Managed memory'));
    expect(lines.slice(at + 1, at + 8)).toEqual([
      '  VERTEX  CHAINED OPERATOR  GROUP    OPERATOR  STATE_BACKEND         PYTHON',
      '  source  source            default  0 (0 B)   0 (0 B)               0 (0 B)',
      '  window  window-count      default  0 (0 B)   1 shared (686.1 MiB)  0 (0 B)',
      '  dedup   dedup             default  0 (0 B)   1 shared (686.1 MiB)  0 (0 B)',
      '  dedup   kafka-sink        default  0 (0 B)   0 (0 B)               0 (0 B)',
      '  shared: a slot-scope use case (STATE_BACKEND, PYTHON) is reserved once per slot, for all the operators declaring it',
      '    group default: STATE_BACKEND 1 (686.1 MiB), one reservation for the slot, used by 2 operators',
    ]);
  });
});
