/**
 * `size --slot-min` and the floors of what a slot must hold (issue 26 §2), on the built CLI: the
 * RocksDB job of 12 keyed subtasks that docs/commands/size.md sizes, one shape rejected, bad flags, threads.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const ROCKSDB = 'fixtures/floors/keyed-rocksdb.yaml';
const CONF = 'fixtures/config/flink-conf.yaml';
const schema = (name: string): object => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(schema('size.schema.json'));
const validateSearch = ajv.compile(schema('size-search.schema.json'));
const validateSize = ajv.getSchema('size.schema.json')!;

interface Rejection {
  kind: string;
  dimension: string;
  floor: number;
  slot: number;
  short: number;
  from: { kind: string };
}
interface Search {
  slotsOnly: boolean;
  floor: { dimension: string; minimum: number; from: { kind: string } }[];
  shapes: {
    processMemory: number;
    slotsPerTaskManager: number;
    taskManagers: number;
    slot: { taskHeapMemory: number; managedMemory: number };
  }[];
  rejected: { processMemory: number; slotsPerTaskManager: number; rejections: Rejection[] }[];
}

const MIB = 1024 * 1024;
const SEARCH = ['size', ROCKSDB, '--search', '--slot-min', 'task-heap=512m'];

beforeAll(() => ensureBuilt());

describe('size --search --slot-min', () => {
  it('--json: every ranked shape holds the floor in each dimension; every rejected one is short in one, by what it lacks', () => {
    const run = runCli([...SEARCH, '--json']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const report = JSON.parse(run.stdout) as Search;
    expect(validateSearch(report), JSON.stringify(validateSearch.errors)).toBe(true);
    expect(report.slotsOnly).toBe(false);
    expect(report.floor.map((f) => [f.dimension, f.minimum, f.from.kind])).toEqual([
      ['taskHeapMemory', 512 * MIB, 'slot-min'],
      ['managedMemory', 512 * MIB, 'managed-memory-default'],
    ]);
    for (const s of report.shapes) {
      expect(s.slot.taskHeapMemory).toBeGreaterThanOrEqual(512 * MIB);
      expect(s.slot.managedMemory).toBeGreaterThanOrEqual(512 * MIB);
    }
    for (const s of report.rejected)
      for (const r of s.rejections) {
        expect(r.kind).toBe('slot-below-floor');
        expect([r.slot + r.short, r.slot < r.floor]).toEqual([r.floor, true]);
      }
    expect(report.shapes.length + report.rejected.length).toBe(70);
    const best = report.shapes[0]!;
    expect([best.processMemory / 1024 ** 3, best.slotsPerTaskManager, best.taskManagers]).toEqual([6, 4, 3]);
  });

  it('text: the floor and where it comes from, the slots of every shape, how many are below it, the best', () => {
    const run = runCli([...SEARCH, '--limit', '2']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      [
        '70 shapes tried, 24 can run the jobs, 46 have slots below the floor; ranked by total memory, then CPU',
        '  floor per slot: task heap 512 MiB (--slot-min)',
        "  floor per slot: managed memory 512 MiB (flinkslot's default for managed memory: job sessions-per-user (group 'default') uses it for keyed state in rocksdb (STATE_BACKEND); --slot-min managed=… replaces it)",
        '  RANK  TMS  SLOTS  MEMORY/TM  HEAP/SLOT  MANAGED/SLOT  NETWORK/SLOT  CPU/TM  TOTAL MEMORY  TOTAL CPU  IDLE SLOTS  BINDING',
        '     1    3      4  6 GiB      595.2 MiB  527.4 MiB     131.8 MiB          4  18 GiB               12           0  slots',
        '     2   12      1  2 GiB      537.6 MiB  634.9 MiB     158.7 MiB          1  24 GiB               12           0  slots',
        '  … 22 more (--limit 0 or --json shows all)',
        '  below the floor 44 shapes short of task heap (closest: 3 GiB with 2 slots, task heap 499.2 MiB per slot, 12.8 MiB short of 512 MiB)',
        '  below the floor 46 shapes short of managed memory (closest: 16 GiB with 12 slots, managed memory 503.5 MiB per slot, 8.5 MiB short of 512 MiB)',
        '',
        'Best',
        '  3 TaskManagers of 6 GiB, 4 slots, 4 CPU: met on 3, partly-met on 2',
        '  each slot: task heap 595.2 MiB, managed 527.4 MiB, network 131.8 MiB',
        '  --emit flinkdeployment writes it as a FlinkDeployment; --emit flink-conf as configuration keys',
        '',
      ].join('\n'),
    );
    // docs/commands/size.md shows this run.
    expect(readFileSync(join(ROOT, 'docs/commands/size.md'), 'utf8')).toContain(
      `$ npx flinkslot ${[...SEARCH, '--limit', '2'].join(' ')}\n${run.stdout}`,
    );
  });

  it('without a floor it says it can only count slots, and does not call the smallest shape best', () => {
    const run = runCli(['size', 'fixtures/jobs/keyed-window.yaml', '--search', '--tm-memory', '2g', '--slot-range', '4,8', '--limit', '1']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('flinkslot can only count slots');
    expect(run.stdout).toContain('--slot-min task-heap=…,managed=…');
    expect(run.stdout).toContain('\nSmallest (slots counted only: not a recommendation until --slot-min says what a slot needs)\n');
    expect(run.stdout).not.toContain('\nBest\n');
  });

  it('every shape below the floor: exit 1, saying which resource', () => {
    const run = runCli(['size', ROCKSDB, '--search', '--tm-memory', '2g', '--slot-range', '4,8']);
    expect(run.status).toBe(1);
    expect(run.stderr.split('\n').slice(0, 2)).toEqual([
      'error none of the 2 shapes tried can run the jobs [size/never-met]',
      "error 2 shape(s): each slot holds less managed memory than the floor, managed memory 512 MiB (flinkslot's default for managed memory: job sessions-per-user (group 'default') uses it for keyed state in rocksdb (STATE_BACKEND); --slot-min managed=… replaces it) [size/never-met]",
    ]);
  });

  it('on two threads the answer is the one of one thread, rejections included', () => {
    const args = [...SEARCH, '--tm-memory', '2g..8g', '--slot-range', '1..8', '--json'];
    const [one, two] = [runCli([...args, '-j', '1']), runCli([...args, '-j', '2'])];
    expect([one.status, two.status]).toEqual([0, 0]);
    expect((JSON.parse(one.stdout) as Search).rejected.length).toBeGreaterThan(0);
    expect(two.stdout).toBe(one.stdout);
  });
});

describe('size --tm-config --slot-min: one shape', () => {
  const ONE = ['size', ROCKSDB, '--tm-config', CONF, '--slots', '4', '--slot-min', 'managed=256m'];

  it('slots below the floor: the shape is rejected first, with the dimension and the shortfall, exit 1', () => {
    const run = runCli(ONE);
    expect([run.status, run.stderr]).toEqual([1, '']);
    expect(run.stdout.split('\n').slice(0, 10)).toEqual([
      'Rejected: the slots of this shape hold less than the floor',
      '  managed memory 128 MiB per slot, 128 MiB short of 256 MiB',
      '  give each slot more: a larger taskmanager.memory.process.size, fewer taskmanager.numberOfTaskSlots, or taskmanager.memory.managed.fraction or .size; or try shapes with --search',
      '',
      'Counting slots only:',
      '3 TaskManagers of 4 slots each (Flink 1.20, fine-grained SlotManager)',
      '  TaskManager: cpu 4, heap 384 MiB, managed 512 MiB, network 128 MiB',
      '  slot: cpu 1, heap 96 MiB, managed 128 MiB, network 32 MiB',
      '  jobs: sessions-per-user (12 slots)',
      '  floor per slot: managed memory 256 MiB (--slot-min)',
    ]);
  });

  it('--json: the rejection as a typed value (valid against schemas/size.schema.json), exit 1', () => {
    const run = runCli([...ONE, '--json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { rejections: Rejection[] };
    expect(validateSize(report), JSON.stringify(validateSize.errors)).toBe(true);
    expect(report.rejections).toEqual([
      {
        kind: 'slot-below-floor',
        dimension: 'managedMemory',
        floor: 256 * MIB,
        slot: 128 * MIB + 2,
        short: 128 * MIB - 2,
        from: { kind: 'slot-min' },
      },
    ]);
  });

  it('--emit has nothing to write: size/below-floor, exit 1', () => {
    const run = runCli([...ONE, '--emit', 'flink-conf']);
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toBe(
      'error the slots of this shape hold less than the floor, so there is nothing to emit: managed memory 128 MiB per slot, 128 MiB short of 256 MiB (--slot-min) [size/below-floor]\n',
    );
  });

  it('a floor the slots hold: the answer, exit 0', () => {
    const run = runCli(['size', ROCKSDB, '--tm-config', CONF, '--slots', '4', '--slot-min', 'managed=128m']);
    expect([run.status, run.stdout.split('\n')[0]]).toEqual([0, '3 TaskManagers of 4 slots each (Flink 1.20, fine-grained SlotManager)']);
  });

  it('a bad --slot-min is a usage error, exit 2, in one shape and in --search', () => {
    for (const extra of [['--tm-config', CONF], ['--search']]) {
      const run = runCli(['size', ROCKSDB, ...extra, '--slot-min', 'heap=1g']);
      expect([run.status, run.stdout, run.stderr]).toEqual([
        2,
        '',
        "error --slot-min 'heap=1g': 'heap' is not a resource of a slot: give cpu, task-heap, task-off-heap, managed or network [usage/slot-min]\n",
      ]);
    }
  });
});
