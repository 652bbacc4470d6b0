/**
 * Per-slot floors in `size` (issue 26 §2): the job graph's slotMin, flinkslot's managed-memory
 * default, --slot-min replacing both, and the --search base's slots when nothing else says.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MANAGED_FLOOR,
  belowFloorError,
  noShapeRuns,
  planFromText,
  renderPlanText,
  searchShapes,
  sizeJobs,
} from '../../../src/index.js';
import { parseJobGraph } from '../../../src/parse/parse-job-graph.js';

const MIB = 1024 * 1024;
// Flink's default TaskManager, 1728m, with 4 slots: 96 MiB heap, 128 MiB managed, 32 MiB network a slot.
const config = { text: 'taskmanager.memory.process.size: 1728m\ntaskmanager.numberOfTaskSlots: 4\n', file: 'flink-conf.yaml' };
const job = (extra: string, backend = 'hashmap') => ({
  text: `name: sessions\nflinkVersion: "1.20"\nmanagedMemoryConfig: {stateBackend: ${backend}}\n${extra}vertices:\n  - {id: src, parallelism: 2}\n  - {id: keyed, parallelism: 4, keyed: true}\nedges: [{source: src, target: keyed}]\n`,
  file: 'sessions.yaml',
});

describe('the job graph field slotSharingGroups[].slotMin', () => {
  it('is read per group, in any release, and leaves the request UNKNOWN', () => {
    const r = parseJobGraph(job('slotSharingGroups: [{name: default, slotMin: {taskHeapMemory: 256m, cpuCores: 0.5}}]\n').text);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.slotSharingGroupFloors?.get('default')?.taskHeapMemory).toBe(256n * BigInt(MIB));
    expect(r.value.slotSharingGroupResources.get('default')).toEqual({ kind: 'UNKNOWN' });
  });

  it('of a group no vertex is in holds no slot: only the used group gives a floor', () => {
    const r = parseJobGraph(
      job('slotSharingGroups: [{name: nosuch, slotMin: {managedMemory: 1g}}, {name: default, slotMin: {taskHeapMemory: 256m}}]\n').text,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([...(r.value.slotSharingGroupFloors?.keys() ?? [])]).toEqual(['default']);
    expect(r.warnings.map((d) => [d.code, d.message])).toEqual([
      ['input/unused-slot-sharing-group', "no vertex is in slot sharing group 'nosuch'"],
    ]);
  });

  it('a bad amount is Flink’s memory-size error at its JSON pointer; beside resources it is ignored, with a warning', () => {
    const bad = parseJobGraph(job('slotSharingGroups: [{name: default, slotMin: {managedMemory: 1x}}]\n').text);
    expect(bad.ok ? undefined : bad.diagnostics.map((d) => [d.code, d.location?.pointer])).toEqual([
      ['input/memory-size', '/slotSharingGroups/0/slotMin/managedMemory'],
    ]);
    const both = parseJobGraph(
      job('slotSharingGroups: [{name: default, resources: {cpuCores: 1, taskHeapMemory: 64m}, slotMin: {managedMemory: 1g}}]\n').text,
    );
    expect(
      both.ok && both.warnings.filter((d) => d.code === 'input/slot-min-ignored').map((d) => [d.message, d.location?.pointer]),
    ).toEqual([
      [
        "slot sharing group 'default' declares resources: its slots are cut to them, so slotMin (a floor for default slots) is ignored",
        '/slotSharingGroups/0/slotMin',
      ],
    ]);
  });

  it('plan shows it beside the unchanged UNKNOWN profile, in text and JSON', () => {
    const text = job('slotSharingGroups: [{name: default, slotMin: {taskHeapMemory: 512m, cpuCores: 0.5}}]\n').text;
    const r = planFromText(text, 'sessions.yaml');
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.slotSharingGroups.map((g) => [g.resourceProfile, g.slotMin])).toEqual([
      ['UNKNOWN', { cpuCores: 0.5, taskHeapMemory: 512 * MIB }],
    ]);
    expect(renderPlanText(r.value)).toContain('\n  default      4  UNKNOWN, slotMin CPU 0.5, task heap 512 MiB  src, keyed\n');
  });

  it('size rejects the one shape whose slots hold less, naming the dimension and the shortfall', () => {
    const r = sizeJobs(config, [job('slotSharingGroups: [{name: default, slotMin: {taskHeapMemory: 256m}}]\n')]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    // 1728m of Flink's rules leave 402,653,173 bytes of task heap: 100,663,293 a slot, 3 bytes under 96 MiB.
    expect(r.value.rejections).toEqual([
      {
        kind: 'slot-below-floor',
        dimension: 'taskHeapMemory',
        floor: 256 * MIB,
        slot: 96 * MIB - 3,
        short: 160 * MIB + 3,
        from: { kind: 'job-graph', job: 'sessions', group: 'default' },
      },
    ]);
    expect([belowFloorError(r.value.rejections.filter((x) => x.kind === 'slot-below-floor'))].map((d) => [d.code, d.message])).toEqual([
      [
        'size/below-floor',
        "the slots of this shape hold less than the floor, so there is nothing to emit: task heap 96 MiB per slot, 160 MiB short of 256 MiB (job sessions, slotMin of slot sharing group 'default')",
      ],
    ]);
  });
});

describe('the managed-memory default', () => {
  it('a RocksDB job gets 512 MiB of managed memory a slot; the user’s own shape is warned, not rejected', () => {
    expect(DEFAULT_MANAGED_FLOOR).toBe(512n * BigInt(MIB));
    const r = sizeJobs(config, [job('', 'rocksdb')]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.floor).toEqual([
      {
        dimension: 'managedMemory',
        minimum: 512 * MIB,
        from: { kind: 'managed-memory-default', job: 'sessions', group: 'default', useCases: ['STATE_BACKEND'], stateBackend: 'rocksdb' },
      },
    ]);
    expect(r.value.rejections).toEqual([]);
    expect(r.value.notes?.filter((n) => n.code === 'size/below-default-floor').map((n) => [n.severity, n.message])).toEqual([
      [
        'warning',
        "each slot is below flinkslot's default floor for a job that uses managed memory: managed memory 128 MiB per slot, 384 MiB short of 512 MiB; sized anyway, as the shape is yours (--search rejects such shapes; --slot-min managed=… sets the floor)",
      ],
    ]);
  });

  it('the TaskManager configuration’s state backend counts when the job sets none; heap state sets no floor', () => {
    const heapJob = { ...job(''), text: job('').text.replace('managedMemoryConfig: {stateBackend: hashmap}\n', '') };
    expect(sizeJobs(config, [heapJob]).ok && (sizeJobs(config, [heapJob]) as { value: { floor: unknown[] } }).value.floor).toEqual([]);
    const rocksdb = { ...config, text: `${config.text}state.backend.type: rocksdb\n` };
    const r = sizeJobs(rocksdb, [heapJob]);
    expect(r.ok && r.value.floor.map((f) => [f.dimension, f.minimum])).toEqual([['managedMemory', 512 * MIB]]);
  });

  it('--slot-min replaces it, and a floor the slots miss rejects the shape', () => {
    const r = sizeJobs(config, [job('', 'rocksdb')], { slotMin: 'managed=64m,task-heap=128m' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.floor.map((f) => [f.dimension, f.minimum, f.from.kind])).toEqual([
      ['taskHeapMemory', 128 * MIB, 'slot-min'],
      ['managedMemory', 64 * MIB, 'slot-min'],
    ]);
    expect(r.value.rejections.map((x) => (x.kind === 'slot-below-floor' ? [x.dimension, x.short] : [x.kind]))).toEqual([
      ['taskHeapMemory', 32 * MIB + 3],
    ]);
    expect(r.value.notes?.some((n) => n.code === 'size/below-default-floor')).toBeFalsy();
  });
});

describe('size --search', () => {
  it('no floor: it can only count slots (slotsOnly), and every candidate shows its slot', () => {
    const r = searchShapes(undefined, [job('')], { tmMemory: '2g', slotRange: '2,8' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.slotsOnly, r.value.floor, r.value.rejected]).toEqual([true, [], []]);
    expect(
      r.value.shapes.map((s) => [s.slotsPerTaskManager, typeof s.slot === 'object' && Math.round(Number(s.slot.managedMemory) / MIB)]),
    ).toEqual([
      [8, 79],
      [2, 317],
    ]);
  });

  it('a --tm-config base with nothing else: its slots are the floor; smaller slots are rejected', () => {
    const r = searchShapes(config, [job('')], { tmMemory: '1g,2g', slotRange: '4' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.slotsOnly).toBe(false);
    expect(r.value.floor.map((f) => [f.dimension, f.minimum, f.from])).toEqual([
      ['taskHeapMemory', 96 * MIB - 3, { kind: 'tm-config-base', file: 'flink-conf.yaml' }],
      // Flink's managed memory of 1728m is 536,870,920 bytes (0.4 × Total Flink Memory as a float): 128 MiB + 2 a slot.
      ['managedMemory', 128 * MIB + 2, { kind: 'tm-config-base', file: 'flink-conf.yaml' }],
      ['networkMemory', 32 * MIB, { kind: 'tm-config-base', file: 'flink-conf.yaml' }],
    ]);
    expect(r.value.shapes.map((s) => Number(s.processMemory) / 1024 ** 3)).toEqual([2]);
    expect(r.value.rejected.map((s) => [Number(s.processMemory) / 1024 ** 3, s.rejections.map((x) => x.dimension)])).toEqual([
      [1, ['taskHeapMemory', 'managedMemory', 'networkMemory']],
    ]);
  });

  it('when every shape is below the floor, the search fails saying so', () => {
    const r = searchShapes(undefined, [job('', 'rocksdb')], { tmMemory: '2g', slotRange: '4,8' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(noShapeRuns(r.value).map((d) => [d.code, d.message])).toEqual([
      ['size/never-met', 'none of the 2 shapes tried can run the jobs'],
      [
        'size/never-met',
        "2 shape(s): each slot holds less managed memory than the floor, managed memory 512 MiB (flinkslot's default for managed memory: job sessions (group 'default') uses it for keyed state in rocksdb (STATE_BACKEND); --slot-min managed=… replaces it)",
      ],
    ]);
  });
});
