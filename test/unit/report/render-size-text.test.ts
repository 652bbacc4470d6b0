/**
 * `size` text (issue 25 §5): bytes left by dividing each TaskManager into slots are not idle room.
 */
import { describe, expect, it } from 'vitest';
import { sizeJobs } from '../../../src/index.js';
import { renderSizeText } from '../../../src/report/render-size-text.js';

const job = { text: 'name: eight\nflinkVersion: "1.20"\nvertices:\n  - {id: a, parallelism: 8}\n', file: 'eight.yaml' };
// 4096m over 4 slots: task heap 1530082070 B (2 left over per TaskManager), managed 1438814063 B (3), network 359703515 B (3).
const config = { text: 'taskmanager.memory.process.size: 4096m\ntaskmanager.numberOfTaskSlots: 4\n', file: 'c.yaml' };

describe('size text: the use of the TaskManagers', () => {
  it('memory within the remainders of the slot division is idle 0 B; the JSON keeps the bytes', () => {
    const r = sizeJobs(config, [job]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.unused).toMatchObject({ taskHeapMemory: 4, managedMemory: 6, networkMemory: 6 });
    const rows = renderSizeText(r.value)
      .split('\n')
      .filter((l) => /^ {2}(task heap|managed|network) /.test(l));
    expect(rows).toEqual([
      '  task heap      2.8 GiB    2.8 GiB    0 B   100%',
      '  managed        2.7 GiB    2.7 GiB    0 B   100%',
      '  network        686.1 MiB  686.1 MiB  0 B   100%',
    ]);
  });
});
