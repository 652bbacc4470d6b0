/**
 * The physical slot each execution slot sharing group requests (graph-semantics.md §4.3,
 * SlotSharingExecutionSlotAllocator.getPhysicalSlotResourceProfile): the FLIP-156 profile of its
 * slot sharing group if not UNKNOWN, else the merge (from ZERO) of the ResourceSpecs of the subtasks
 * it holds — UNKNOWN if any is UNKNOWN — with network memory 0. Requirements aggregate equal profiles.
 */
import { describe, expect, it } from 'vitest';
import { computeLocalInputPreferred } from '../../../src/execution/local-input-preferred.js';
import { computeRequestedSlotProfiles, requirementsOf } from '../../../src/execution/slot-profiles.js';
import { computeTaskBalanced } from '../../../src/execution/task-balanced.js';
import { decimalFromString } from '../../../src/model/decimal.js';
import { UNKNOWN, specified } from '../../../src/model/resource-profile.js';
import { profileToJson } from '../../../src/model/profile-json.js';
import { executionOf, explicitTopology, membersOf } from '../../support/execution.js';
import { analysisOf } from '../../support/jobs.js';

const MiB = 1024 * 1024;

/** The report form of a specified profile (fields not given are 0). */
function json(fields: {
  cpuCores: number;
  taskHeapMemory: number;
  taskOffHeapMemory?: number;
  managedMemory?: number;
  networkMemory?: number;
  extendedResources?: Record<string, number>;
}) {
  return { taskOffHeapMemory: 0, managedMemory: 0, networkMemory: 0, extendedResources: {}, ...fields };
}

describe('requested slot profiles: FLIP-156 group profile', () => {
  it('every execution slot sharing group copies its slot sharing group profile (testSetSlotSharingGroupResource)', () => {
    const t = explicitTopology({
      subtasks: ['JV1#0', 'JV1#1', 'JV2#0'],
      edges: [],
      slotSharingGroups: new Map([
        ['ssg1', ['JV1']],
        ['ssg2', ['JV2']],
      ]),
      slotSharingGroupProfiles: new Map([
        ['ssg1', specified({ cpuCores: decimalFromString('1'), taskHeapMemory: 10n * BigInt(MiB) })],
        ['ssg2', specified({ cpuCores: decimalFromString('2'), taskHeapMemory: 20n * BigInt(MiB) })],
      ]),
    });
    for (const sharing of [computeLocalInputPreferred(t), computeTaskBalanced(t)]) {
      expect(membersOf(t, sharing.groupOf, sharing.count)).toEqual([['JV1#0'], ['JV1#1'], ['JV2#0']]);
      expect(computeRequestedSlotProfiles(t, sharing).map(profileToJson)).toEqual([
        json({ cpuCores: 1, taskHeapMemory: 10 * MiB }),
        json({ cpuCores: 1, taskHeapMemory: 10 * MiB }),
        json({ cpuCores: 2, taskHeapMemory: 20 * MiB }),
      ]);
    }
  });

  it('the group profile wins over the member vertices’ own resources, even in slots holding fewer subtasks', () => {
    const e = executionOf({
      slotSharingGroups: [{ name: 'g', resources: { cpuCores: 4, taskHeapMemory: '1gb', extended: { gpu: 1 } } }],
      vertices: [
        { id: 'a', parallelism: 3, slotSharingGroup: 'g', resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
        { id: 'b', parallelism: 1, slotSharingGroup: 'g', resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'ALL_TO_ALL' }],
    });
    // With the network memory Flink (1.14+) adds to the group before requesting slots, as plan adds it:
    // b's gate from 3 channels 3×2+8 = 14 and a's partition of 1 subpartition 1×2+8 = 10: 24 × 32 KiB.
    const gpuSlot = json({ cpuCores: 4, taskHeapMemory: 1024 * MiB, networkMemory: 24 * 32768, extendedResources: { gpu: 1 } });
    expect(e.slotProfiles.map(profileToJson)).toEqual([gpuSlot, gpuSlot, gpuSlot]);
    expect(e.requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots])).toEqual([[gpuSlot, 3]]);
  });
});

describe('requested slot profiles: sum of the member subtasks otherwise', () => {
  const job = (bResources: boolean) => ({
    vertices: [
      { id: 'a', parallelism: 2, resources: { cpuCores: 1, taskHeapMemory: '100mb', managedMemory: '64mb' } },
      {
        id: 'b',
        parallelism: 1,
        ...(bResources ? { resources: { cpuCores: 0.5, taskHeapMemory: '50mb', taskOffHeapMemory: '8mb' } } : {}),
      },
    ],
    // b#0 reads a#0 and a#1 and joins a#0's slot; a#1's slot holds a#1 only.
    edges: [{ source: 'a', target: 'b', distribution: 'POINTWISE' }],
  });

  it('a slot requests the sum of one ResourceSpec per subtask it holds (network memory 0)', () => {
    const e = executionOf(job(true));
    expect(membersOf(e.topology, e.sharing.groupOf, e.sharing.count)).toEqual([['a#0', 'b#0'], ['a#1']]);
    const full = json({ cpuCores: 1.5, taskHeapMemory: 150 * MiB, taskOffHeapMemory: 8 * MiB, managedMemory: 64 * MiB });
    const aOnly = json({ cpuCores: 1, taskHeapMemory: 100 * MiB, managedMemory: 64 * MiB });
    expect(e.slotProfiles.map(profileToJson)).toEqual([full, aOnly]);
    expect(e.requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots])).toEqual([
      [full, 1],
      [aOnly, 1],
    ]);
  });

  // jobmanager/scheduler/SlotSharingGroup keeps one running ResourceSpec (addVertexToGroup), and
  // ExecutionVertexSchedulingRequirementsMapper.getPhysicalSlotResourceProfile requests it for every
  // slot in 1.10 and 1.11; 1.12's SlotSharingExecutionSlotAllocator sums what each slot holds.
  it('1.10 and 1.11: every slot requests the sum over all the group’s vertices, even a slot holding a#1 only; no uneven warning', () => {
    const full = json({ cpuCores: 1.5, taskHeapMemory: 150 * MiB, taskOffHeapMemory: 8 * MiB, managedMemory: 64 * MiB });
    for (const flinkVersion of ['1.10', '1.11']) {
      const data = { flinkVersion, ...job(true) };
      const e = executionOf(data);
      expect(membersOf(e.topology, e.sharing.groupOf, e.sharing.count)).toEqual([['a#0', 'b#0'], ['a#1']]);
      expect(e.slotProfiles.map(profileToJson)).toEqual([full, full]);
      expect(e.requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots])).toEqual([[full, 2]]);
      expect(analysisOf(data).warnings.map((w) => w.code)).not.toContain('plan/uneven-slot-profiles');
      expect(e.warnings.map((w) => [w.code, w.message])).toEqual([
        [
          'execution/older-flink',
          `the subtask level follows Flink 1.12 rules (pipelined-region scheduling, execution slot sharing groups); Flink ${flinkVersion} scheduled differently (the slot profiles are ${flinkVersion}'s: every slot of a group requests the sum over all its vertices)`,
        ],
      ]);
    }
    const later = analysisOf({ flinkVersion: '1.12', ...job(true) });
    expect(later.warnings.map((w) => w.code)).toContain('plan/uneven-slot-profiles');
    expect(executionOf({ flinkVersion: '1.12', ...job(true) }).slotProfiles.map(profileToJson)).toEqual([
      full,
      json({ cpuCores: 1, taskHeapMemory: 100 * MiB, managedMemory: 64 * MiB }),
    ]);
  });

  it('a slot holding any subtask with UNKNOWN resources requests UNKNOWN; the others stay specified', () => {
    const e = executionOf(job(false));
    expect(e.slotProfiles.map(profileToJson)).toEqual([
      'UNKNOWN',
      json({ cpuCores: 1, taskHeapMemory: 100 * MiB, managedMemory: 64 * MiB }),
    ]);
  });

  it('a job without any resources requests UNKNOWN slots only', () => {
    const e = executionOf({ vertices: [{ id: 'a', parallelism: 3 }] });
    expect(e.slotProfiles).toEqual([UNKNOWN, UNKNOWN, UNKNOWN]);
    expect(e.requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots])).toEqual([['UNKNOWN', 3]]);
  });

  it('chained operators add up into the vertex spec before slots add up vertices', () => {
    const e = executionOf({
      vertices: [
        {
          id: 'a',
          parallelism: 2,
          operators: [
            { id: 'op1', resources: { cpuCores: 0.25, taskHeapMemory: '32mb' } },
            { id: 'op2', resources: { cpuCores: 0.75, taskHeapMemory: '96mb' } },
          ],
        },
      ],
    });
    expect(e.slotProfiles.map(profileToJson)).toEqual([
      json({ cpuCores: 1, taskHeapMemory: 128 * MiB }),
      json({ cpuCores: 1, taskHeapMemory: 128 * MiB }),
    ]);
  });
});

describe('requirementsOf', () => {
  it('aggregates equal profiles, in the order the groups were created', () => {
    const p1 = specified({ cpuCores: decimalFromString('1'), taskHeapMemory: 1n });
    const p1Again = specified({ cpuCores: decimalFromString('1'), taskHeapMemory: 1n });
    const p2 = specified({ cpuCores: decimalFromString('2') });
    const requirements = requirementsOf([p2, p1, UNKNOWN, p1Again, p2, UNKNOWN, p2]);
    expect(requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots])).toEqual([
      [profileToJson(p2), 3],
      [profileToJson(p1), 2],
      ['UNKNOWN', 2],
    ]);
  });

  it('three identical slots make one requirement of 3', () => {
    const e = executionOf({
      vertices: [
        { id: 'a', parallelism: 3, resources: { cpuCores: 1, taskHeapMemory: '64mb' } },
        { id: 'b', parallelism: 3, resources: { cpuCores: 1, taskHeapMemory: '64mb' } },
      ],
      edges: [{ source: 'a', target: 'b', distribution: 'POINTWISE' }],
    });
    expect(e.requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots])).toEqual([
      [json({ cpuCores: 2, taskHeapMemory: 128 * MiB }), 3],
    ]);
  });

  it('no slots, no requirements', () => {
    expect(requirementsOf([])).toEqual([]);
  });
});
