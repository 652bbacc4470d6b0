/**
 * diffPlans / diffFromTexts: two job graphs (built here as JSON text, read like a user's file) →
 * the plan diff. Every diff produced in this file is also validated against schemas/diff.schema.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { planFromText } from '../../../../src/index.js';
import { diffFromTexts } from '../../../../src/app/diff.js';
import { diffPlans } from '../../../../src/plan/diff/plan-diff.js';
import type { PlanDiff } from '../../../../src/plan/diff/plan-diff-model.js';
import type { PlanReport } from '../../../../src/report/plan-report.js';
import { ROOT } from '../../../support/root.js';
import { type Job, TM_CONFIG, diffOf, streaming, text } from '../../../support/diff-jobs.js';

const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/diff.schema.json'), 'utf8')),
);

/** Every diff a test computed; checked against the schema once at the end (and each on the spot). */
const produced: PlanDiff[] = [];

function expectValid(diff: PlanDiff): void {
  const ok = validate(JSON.parse(JSON.stringify(diff)));
  expect(validate.errors ?? [], 'diff.schema.json').toEqual([]);
  expect(ok).toBe(true);
}

afterAll(() => {
  for (const d of produced) expectValid(d);
});

function plan(job: Job, tmConfig = false): PlanReport {
  const result = planFromText(text(job), 'job.json', tmConfig ? { tmConfig: TM_CONFIG } : {});
  if (!result.ok) throw new Error(`unexpected diagnostics: ${JSON.stringify(result.diagnostics)}`);
  return result.value;
}

/** The diff as the command computes it: plans plus each vertex's parallelism. */
function diff(oldJob: Job, newJob: Job, options: { tmConfig?: boolean } = {}): PlanDiff {
  const d = diffOf(oldJob, newJob, options);
  expectValid(d);
  produced.push(d);
  return d;
}

describe('diffPlans', () => {
  it('identical inputs: nothing changed, nothing grew, every list empty', () => {
    const d = diff(streaming(), streaming());
    expect(d.changed).toBe(false);
    expect(d.grew).toEqual({ slots: false, memory: false });
    expect(d.minimumSlots).toEqual({ old: 8, new: 8, delta: 0 });
    expect(d.requirements).toEqual([{ resourceProfile: 'UNKNOWN', old: 8, new: 8, delta: 0 }]);
    expect(d.slotSharingGroups).toEqual({ added: [], removed: [], changed: [], unchanged: 1 });
    expect(d.regions).toEqual({ old: 1, new: 1, added: [], removed: [], unchanged: 1 });
    expect(d.vertices).toEqual({ parallelismCompared: true, added: [], removed: [], parallelism: [], slotSharingGroup: [] });
    expect(d.operators).toEqual({ added: [], removed: [], changed: [], unchanged: 3 });
    expect(d.managedMemory.bytesCompared).toBe(true);
  });

  it("raising the parallelism of a group's widest vertex raises minimum slots and flags grew.slots", () => {
    const d = diff(streaming(), streaming({ window: 12 }));
    expect(d.changed).toBe(true);
    expect(d.minimumSlots).toEqual({ old: 8, new: 12, delta: 4 });
    expect(d.grew).toEqual({ slots: true, memory: false });
    expect(d.requirements).toEqual([{ resourceProfile: 'UNKNOWN', old: 8, new: 12, delta: 4 }]);
    expect(d.vertices.parallelism).toEqual([{ id: 'window', old: 8, new: 12, delta: 4 }]);
    expect(d.slotSharingGroups.changed).toHaveLength(1);
    const group = d.slotSharingGroups.changed[0]!;
    expect(group).toMatchObject({
      matchedBy: 'name',
      slotsDelta: 4,
      profileChanged: false,
      profileGrew: [],
      verticesAdded: [],
      verticesRemoved: [],
    });
    expect([group.old.slots, group.new.slots, group.new.widestVertex]).toEqual([8, 12, 'window']);
    // One group, one STATE_BACKEND operator: its share of the slot does not depend on parallelism.
    expect(d.operators.changed).toEqual([]);
  });

  it('raising a parallelism below the widest vertex changes the plan but not the slots', () => {
    const d = diff(streaming(), streaming({ sink: 6 }));
    expect(d.changed).toBe(true);
    expect(d.minimumSlots.delta).toBe(0);
    expect(d.grew).toEqual({ slots: false, memory: false });
    expect(d.vertices.parallelism).toEqual([{ id: 'sink', old: 4, new: 6, delta: 2 }]);
    expect(d.slotSharingGroups).toMatchObject({ changed: [], unchanged: 1 });
  });

  it('lowering parallelism: minimum slots fall, nothing grew', () => {
    const d = diff(streaming(), streaming({ window: 2 }));
    expect(d.minimumSlots).toEqual({ old: 8, new: 4, delta: -4 });
    expect(d.grew).toEqual({ slots: false, memory: false });
  });

  it('adding a slot sharing group shows an added group and the vertex moving into it', () => {
    const d = diff(streaming(), streaming({ sinkGroup: 'sinks' }));
    expect(d.slotSharingGroups.added).toEqual([
      { id: 'sinks', name: 'sinks', slots: 4, widestVertex: 'sink', vertices: ['sink'], resourceProfile: 'UNKNOWN' },
    ]);
    expect(d.slotSharingGroups.removed).toEqual([]);
    expect(d.slotSharingGroups.changed).toHaveLength(1);
    expect(d.slotSharingGroups.changed[0]).toMatchObject({
      matchedBy: 'name',
      slotsDelta: 0,
      verticesRemoved: ['sink'],
      verticesAdded: [],
    });
    expect(d.vertices.slotSharingGroup).toEqual([{ id: 'sink', old: 'default', new: 'sinks' }]);
    expect(d.minimumSlots).toEqual({ old: 8, new: 12, delta: 4 });
    expect(d.grew.slots).toBe(true);
    // The region does not change: slot sharing does not split regions.
    expect(d.regions.added).toEqual([]);
  });

  it('batch: a BLOCKING result partition splits a region, shown as removed + added regions and groups', () => {
    const batch = (type: string): Job => ({
      mode: 'batch',
      vertices: [
        { id: 'scan', parallelism: 4 },
        { id: 'agg', parallelism: 4 },
        { id: 'sink', parallelism: 2 },
      ],
      edges: [
        { source: 'scan', target: 'agg', resultPartitionType: type },
        { source: 'agg', target: 'sink', resultPartitionType: 'BLOCKING' },
      ],
    });
    const d = diff(batch('PIPELINED'), batch('BLOCKING'));
    expect(d.regions).toEqual({ old: 2, new: 3, added: [['scan'], ['agg']], removed: [['scan', 'agg']], unchanged: 1 });
    // Per-region default groups are matched by their vertices: {sink} is unchanged although its
    // id moves from default/region-2 to default/region-3.
    expect(d.slotSharingGroups.removed.map((g) => g.vertices)).toEqual([['scan', 'agg']]);
    expect(d.slotSharingGroups.added.map((g) => [g.id, g.vertices])).toEqual([
      ['default/region-1', ['scan']],
      ['default/region-2', ['agg']],
    ]);
    expect(d.slotSharingGroups.unchanged).toBe(1);
    expect(d.minimumSlots).toEqual({ old: 6, new: 10, delta: 4 });
    expect(d.grew.slots).toBe(true);
    expect(d.vertices.slotSharingGroup).toEqual([]);
  });

  it('regions equal as sets are unchanged whatever their order', () => {
    const a = plan(streaming());
    const b = structuredClone(a);
    b.regions = [[...b.regions[0]!].reverse()];
    const d = diffPlans(a, b);
    produced.push(d);
    expect(d.regions).toMatchObject({ added: [], removed: [], unchanged: 1 });
    expect(d.changed).toBe(false);
  });

  it('managed memory bytes grow with a tm-config: an operator gets a larger share of the slot', () => {
    // Two OPERATOR-scope operators share the slot 64:64; without the second's declaration the first gets it all.
    const job = (both: boolean): Job => ({
      mode: 'batch',
      vertices: [
        {
          id: 'join',
          parallelism: 2,
          operators: [
            { id: 'hash-join', managedMemory: { operatorScope: { OPERATOR: 64 } } },
            { id: 'hash-agg', ...(both ? { managedMemory: { operatorScope: { OPERATOR: 64 } } } : {}) },
          ],
        },
      ],
    });
    const d = diff(job(true), job(false), { tmConfig: true });
    expect(d.managedMemory.bytesCompared).toBe(true);
    expect(d.managedMemory.slotManagedMemory.old).toBe(d.managedMemory.slotManagedMemory.new);
    const slot = Number(d.managedMemory.slotManagedMemory.new);
    expect(slot).toBeGreaterThan(0);
    expect(d.grew).toEqual({ slots: false, memory: true });
    const join = d.operators.changed.find((o) => o.id === 'hash-join')!;
    expect(join.useCases).toEqual([
      { useCase: 'OPERATOR', fractionOfSlot: { old: 0.5, new: 1 }, bytes: { old: Math.floor(slot * 0.5), new: slot } },
    ]);
    expect(join.managedBytes).toEqual({ old: Math.floor(slot * 0.5), new: slot, delta: slot - Math.floor(slot * 0.5) });
    const agg = d.operators.changed.find((o) => o.id === 'hash-agg')!;
    expect(agg.managedBytes!.delta).toBeLessThan(0);

    // The same change without any managed memory size: fractions only, no memory growth.
    const fractionsOnly = diff(job(true), job(false));
    expect(fractionsOnly.managedMemory.bytesCompared).toBe(false);
    expect(fractionsOnly.grew.memory).toBe(false);
    expect(fractionsOnly.operators.changed.find((o) => o.id === 'hash-join')).toEqual({
      vertex: 'join',
      id: 'hash-join',
      name: 'hash-join',
      useCases: [{ useCase: 'OPERATOR', fractionOfSlot: { old: 0.5, new: 1 } }],
    });
  });

  it("a group's resource profile growing in CPU or memory flags grew.memory", () => {
    const fineGrained = (cpuCores: number, heap: string): Job => ({
      slotSharingGroups: [{ name: 'gpu', resources: { cpuCores, taskHeapMemory: heap } }],
      vertices: [
        { id: 'source', parallelism: 2 },
        { id: 'model', parallelism: 2, slotSharingGroup: 'gpu' },
      ],
      edges: [{ source: 'source', target: 'model' }],
    });
    const d = diff(fineGrained(1, '1gb'), fineGrained(2, '1gb'));
    expect(d.grew).toEqual({ slots: true, memory: true });
    expect(d.slotSharingGroups.changed[0]).toMatchObject({
      matchedBy: 'name',
      profileChanged: true,
      profileGrew: ['cpuCores'],
      slotsDelta: 0,
    });
    // The requirement for the old profile goes away, the new one appears: 2 slots of a new kind.
    expect(d.requirements.map((r) => r.delta).sort()).toEqual([-2, 0, 2]);

    const smaller = diff(fineGrained(2, '1gb'), fineGrained(2, '512mb'));
    expect(smaller.grew.memory).toBe(false);
    expect(smaller.slotSharingGroups.changed[0]!.profileGrew).toEqual([]);
    expect(smaller.slotSharingGroups.changed[0]!.profileChanged).toBe(true);
  });

  it('vertices and operators added and removed', () => {
    const before = streaming();
    const after: Job = {
      ...streaming(),
      vertices: [...streaming().vertices.filter((v) => v.id !== 'sink'), { id: 'sink2', parallelism: 3, operators: [{ id: 'sink2-op' }] }],
      edges: [streaming().edges![0]!, { source: 'window', target: 'sink2' }],
    };
    const d = diff(before, after);
    expect(d.vertices.added).toEqual([{ id: 'sink2', parallelism: 3, slotSharingGroup: 'default' }]);
    expect(d.vertices.removed).toEqual([{ id: 'sink', parallelism: 4, slotSharingGroup: 'default' }]);
    expect(d.operators.added).toEqual([{ vertex: 'sink2', id: 'sink2-op', name: 'sink2-op' }]);
    expect(d.operators.removed.map((o) => [o.vertex, o.id])).toEqual([['sink', 'sink']]);
    expect(d.regions.added).toEqual([['source', 'window', 'sink2']]);
    expect(d.regions.removed).toEqual([['source', 'window', 'sink']]);
  });

  it('without parallelism maps: vertices still compared by id, parallelism not', () => {
    const d = diffPlans(plan(streaming()), plan(streaming({ sink: 6 })));
    produced.push(d);
    expect(d.vertices.parallelismCompared).toBe(false);
    expect(d.vertices.parallelism).toEqual([]);
    expect(d.changed).toBe(false);
  });

  it('bytes beyond 2^53 stay exact as strings, and their deltas may be negative', () => {
    const job = streaming();
    const a = plan(job);
    const b = structuredClone(a);
    const huge = (2n ** 60n).toString();
    a.managedMemory.slotManagedMemory = huge;
    b.managedMemory.slotManagedMemory = huge;
    a.operators = a.operators.map((o) => ({ ...o, bytes: o.id === 'agg' ? { OPERATOR: 0, STATE_BACKEND: huge, PYTHON: 0 } : o.bytes }));
    b.operators = b.operators.map((o) => ({ ...o, bytes: o.id === 'agg' ? { OPERATOR: 0, STATE_BACKEND: 1024, PYTHON: 0 } : o.bytes }));
    const d = diffPlans(a, b);
    produced.push(d);
    expectValid(d);
    expect(d.operators.changed[0]!.managedBytes).toEqual({ old: huge, new: 1024, delta: (1024n - 2n ** 60n).toString() });
    expect(d.grew.memory).toBe(false);
  });
});

describe('diffFromTexts', () => {
  it('reports the diagnostics of both files, each located in its own file', () => {
    const bad = JSON.stringify({ name: 'x', vertices: [{ id: 'a', parallelism: 0 }] });
    const result = diffFromTexts({ text: bad, file: 'old.json' }, { text: bad, file: 'new.json' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics.map((d) => [d.location?.file, d.location?.pointer])).toEqual([
      ['old.json', '/vertices/0/parallelism'],
      ['new.json', '/vertices/0/parallelism'],
    ]);
  });

  it('one bad file: only its diagnostics', () => {
    const result = diffFromTexts({ text: text(streaming()), file: 'old.json' }, { text: 'vertices: [', file: 'new.yaml' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.every((d) => d.location?.file === 'new.yaml')).toBe(true);
  });
});
