import { describe, expect, it } from 'vitest';
import { planSlotSharingGroup, vertexResourceSpec } from '../../../src/plan/slot-plan.js';
import { toResourceRequirements, totalSlots } from '../../../src/plan/resource-requirements.js';
import { jobGraphFromData } from '../../../src/parse/parse-job-graph.js';
import { type ResourceProfileJson, profileToJson } from '../../../src/model/profile-json.js';
import { analysisOf, graphOf } from '../../support/jobs.js';
import { analyzeExecution } from '../../../src/execution/analyze-execution.js';

const MB = 1024 * 1024;

function plans(data: object) {
  const a = analysisOf(data);
  return a.slotSharingGroups.map((p) => ({
    group: p.group.id,
    slots: p.slots,
    widest: a.graph.vertices[p.widestVertex]!.id,
    profile: profileToJson(p.resourceProfile),
    source: p.profileSource,
  }));
}

function requirements(data: object): { minimumSlots: number; requirements: Array<[ResourceProfileJson, number]> } {
  const a = analysisOf(data);
  return {
    minimumSlots: a.minimumSlots,
    requirements: a.requirements.map((r) => [profileToJson(r.resourceProfile), r.numberOfRequiredSlots]),
  };
}

const profile = (cpuCores: number, heapMb: number, more: object = {}) => ({
  cpuCores,
  taskHeapMemory: heapMb * MB,
  taskOffHeapMemory: 0,
  managedMemory: 0,
  networkMemory: 0,
  extendedResources: {},
  ...more,
});

describe('slots per slot sharing group', () => {
  it('is the highest parallelism of the group; the first widest vertex is named', () => {
    const p = plans({
      vertices: [
        { id: 'src', parallelism: 4 },
        { id: 'win', parallelism: 8 },
        { id: 'agg', parallelism: 8 },
        { id: 'py', parallelism: 2, slotSharingGroup: 'python' },
        { id: 'sink', parallelism: 1 },
      ],
    });
    expect(p.map((g) => [g.group, g.slots, g.widest])).toEqual([
      ['default', 8, 'win'],
      ['python', 2, 'py'],
    ]);
    expect(
      analysisOf({
        vertices: [
          { id: 'a', parallelism: 3 },
          { id: 'b', parallelism: 2, slotSharingGroup: 'x' },
        ],
      }).minimumSlots,
    ).toBe(5);
  });

  it('batch: every region group counts (all-at-once requirement)', () => {
    const data = {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 3 },
        { id: 'b', parallelism: 5 },
        { id: 'c', parallelism: 2 },
      ],
      edges: [
        { source: 'a', target: 'b', resultPartitionType: 'BLOCKING' },
        { source: 'b', target: 'c', resultPartitionType: 'PIPELINED' },
      ],
    };
    expect(plans(data).map((g) => [g.group, g.slots, g.widest])).toEqual([
      ['default/region-1', 3, 'a'],
      ['default/region-2', 5, 'b'],
    ]);
    expect(analysisOf(data).minimumSlots).toBe(8);
  });
});

describe('per-slot resource profile', () => {
  it('FLIP-156: the group profile wins over the operators', () => {
    const p = plans({
      slotSharingGroups: [{ name: 'g', resources: { cpuCores: 2, taskHeapMemory: '1g', managedMemory: '256mb', extended: { gpu: 1 } } }],
      vertices: [{ id: 'a', slotSharingGroup: 'g', parallelism: 3, resources: { cpuCores: 7, taskHeapMemory: '7g' } }],
    });
    expect(p).toEqual([
      {
        group: 'g',
        slots: 3,
        widest: 'a',
        profile: profile(2, 1024, { managedMemory: 256 * MB, extendedResources: { gpu: 1 } }),
        source: 'slot-sharing-group',
      },
    ]);
  });

  it('otherwise the sum of all operator specs of the group, exact CPU decimals, network memory 0', () => {
    const p = plans({
      vertices: [
        {
          id: 'a',
          parallelism: 2,
          operators: [
            { id: 'a1', resources: { cpuCores: 0.1, taskHeapMemory: '100mb' } },
            { id: 'a2', resources: { cpuCores: 0.2, taskHeapMemory: '50mb', managedMemory: '10mb', extended: { gpu: 1 } } },
          ],
        },
        { id: 'b', parallelism: 2, resources: { cpuCores: 0.5, taskHeapMemory: 1048576, taskOffHeapMemory: '2m', extended: { gpu: 0.5 } } },
      ],
    });
    expect(p).toEqual([
      {
        group: 'default',
        slots: 2,
        widest: 'a',
        profile: profile(0.8, 151, { taskOffHeapMemory: 2 * MB, managedMemory: 10 * MB, extendedResources: { gpu: 1.5 } }),
        source: 'operators',
      },
    ]);
  });

  it('is UNKNOWN as soon as one operator has no resources', () => {
    const p = plans({
      vertices: [
        { id: 'a', resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
        { id: 'b', operators: [{ id: 'b1', resources: { cpuCores: 1, taskHeapMemory: '100mb' } }, { id: 'b2' }] },
      ],
    });
    expect(p.map((g) => [g.profile, g.source])).toEqual([['UNKNOWN', 'unknown']]);
  });

  it('vertexResourceSpec merges the chained operators', () => {
    const g = graphOf({
      vertices: [
        {
          id: 'v',
          operators: [
            { id: 'x', resources: { cpuCores: 1.5, taskHeapMemory: '1mb' } },
            { id: 'y', resources: { cpuCores: 1.5, taskHeapMemory: '1mb' } },
          ],
        },
      ],
    });
    expect(profileToJson(vertexResourceSpec(g.vertices[0]!))).toEqual(profile(3, 2));
  });

  it('FLIP-156 resources are ignored before Flink 1.14, with a warning', () => {
    const data = {
      flinkVersion: '1.13',
      slotSharingGroups: [{ name: 'g', resources: { cpuCores: 2, taskHeapMemory: '1g' } }],
      vertices: [{ id: 'a', slotSharingGroup: 'g', resources: { cpuCores: 1, taskHeapMemory: '100mb' } }],
    };
    const parsed = jobGraphFromData(data);
    expect(parsed.ok && parsed.warnings.map((w) => [w.code, w.message, w.location?.pointer])).toEqual([
      [
        'input/flip156-unsupported',
        'slot sharing group resources (FLIP-156) need Flink 1.14; ignored for flinkVersion 1.13',
        '/slotSharingGroups/0/resources',
      ],
    ]);
    const result = analysisOf(data);
    expect(result.slotSharingGroups[0]!.profileSource).toBe('operators');
    expect(profileToJson(result.slotSharingGroups[0]!.resourceProfile)).toEqual(profile(1, 100));
  });
});

describe('resource requirements', () => {
  it('aggregate groups with equal profiles, in group order; minimumSlots is their sum', () => {
    const r = requirements({
      slotSharingGroups: [
        { name: 'g1', resources: { cpuCores: 1, taskHeapMemory: '512mb' } },
        { name: 'g2', resources: { cpuCores: 1.0, taskHeapMemory: 536870912 } },
        { name: 'g3', resources: { cpuCores: 2, taskHeapMemory: '512mb' } },
      ],
      vertices: [
        { id: 'd', parallelism: 2 },
        { id: 'x', slotSharingGroup: 'g1', parallelism: 3 },
        { id: 'z', slotSharingGroup: 'g3', parallelism: 1 },
        { id: 'y', slotSharingGroup: 'g2', parallelism: 4 },
      ],
    });
    expect(r).toEqual({
      minimumSlots: 10,
      requirements: [
        ['UNKNOWN', 2],
        [profile(1, 512), 7],
        [profile(2, 512), 1],
      ],
    });
  });

  it('aggregate groups whose operator sums are equal', () => {
    const r = requirements({
      vertices: [
        { id: 'a', parallelism: 2, resources: { cpuCores: 0.3, taskHeapMemory: '1mb' } },
        {
          id: 'b',
          parallelism: 5,
          slotSharingGroup: 'g',
          operators: [
            { id: 'b1', resources: { cpuCores: 0.1, taskHeapMemory: '512kb' } },
            { id: 'b2', resources: { cpuCores: 0.2, taskHeapMemory: '512kb' } },
          ],
        },
      ],
    });
    expect(r).toEqual({ minimumSlots: 7, requirements: [[profile(0.3, 1), 7]] });
  });

  it('toResourceRequirements and totalSlots work on plans directly', () => {
    const a = analysisOf({
      vertices: [
        { id: 'a', parallelism: 6 },
        { id: 'b', parallelism: 4, slotSharingGroup: 'g' },
      ],
    });
    const plansAgain = a.slotSharing.groups.map((g) => planSlotSharingGroup(a.graph, g));
    const reqs = toResourceRequirements(plansAgain);
    expect(reqs.map((r) => [r.resourceProfile.kind, r.numberOfRequiredSlots])).toEqual([['UNKNOWN', 10]]);
    expect(totalSlots(reqs)).toBe(10);
    expect(totalSlots([])).toBe(0);
  });

  // SlotSharingExecutionSlotAllocator.getPhysicalSlotResourceProfile: without a FLIP-156 profile a
  // physical slot requests the merge of the profiles of the subtasks in ITS execution slot sharing
  // group. With A (parallelism 4) and B (parallelism 2) in one group, every shared slot holds one
  // subtask of A, but only two of them hold a subtask of B: Flink requests 2 slots of A+B and 2 of A.
  // The logical plan shows the largest slot (the sum) and warns; the per-slot split needs the
  // subtask-level execution slot sharing, which is not part of the logical plan yet.
  it('unequal parallelism with specified resources: the plan warns that some slots are smaller', () => {
    const a = analysisOf({
      vertices: [
        { id: 'A', parallelism: 4, resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
        { id: 'B', parallelism: 2, resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
      ],
      edges: [{ source: 'A', target: 'B' }],
    });
    expect(a.warnings.map((w) => w.code)).toEqual(['plan/uneven-slot-profiles']);
    const even = analysisOf({
      vertices: [
        { id: 'A', parallelism: 4, resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
        { id: 'B', parallelism: 4, resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
      ],
      edges: [{ source: 'A', target: 'B' }],
    });
    expect(even.warnings).toEqual([]);
  });

  it('unequal parallelism: the execution level requests smaller slots for the slots without B', () => {
    const a = analysisOf({
      vertices: [
        { id: 'A', parallelism: 4, resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
        { id: 'B', parallelism: 2, resources: { cpuCores: 1, taskHeapMemory: '100mb' } },
      ],
      edges: [{ source: 'A', target: 'B' }],
    });
    expect(a.minimumSlots).toBe(4);
    const execution = analyzeExecution(a);
    if (!execution.ok) throw new Error(JSON.stringify(execution.diagnostics));
    const byCpu = Object.fromEntries(
      execution.value.requirements.map((r) => [
        (profileToJson(r.resourceProfile) as { cpuCores: number }).cpuCores,
        r.numberOfRequiredSlots,
      ]),
    );
    expect(byCpu).toEqual({ 2: 2, 1: 2 });
  });
});
