/**
 * The AdaptiveBatchScheduler per release (docs/research/adaptive-batch-scheduler.md §6): which
 * scheduler a batch job gets, the bounds of an unset vertex, and the slots at both ends.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planFromText } from '../../../src/index.js';
import { analyzeJob } from '../../../src/plan/analyze-job.js';
import { groupNetworkMemory } from '../../../src/plan/network-memory.js';
import { atBound, planAdaptiveBatch } from '../../../src/plan/adaptive-batch.js';
import { withTaskManagerSlotSize } from '../../../src/memory/task-manager-slot-size.js';
import { parseJobGraph } from '../../../src/parse/parse-job-graph.js';
import { analysisErrors, analysisOf, graphOf } from '../../support/jobs.js';

/** src (unset) → agg (unset) → sink (4), all BLOCKING: three regions, three groups. */
const job = (flinkVersion: string, configuration?: Record<string, string | number>, extra: object = {}) => ({
  mode: 'batch',
  flinkVersion,
  ...(configuration === undefined ? {} : { configuration }),
  vertices: [{ id: 'src' }, { id: 'agg' }, { id: 'sink', parallelism: 4 }],
  edges: [
    { source: 'src', target: 'agg' },
    { source: 'agg', target: 'sink' },
  ],
  ...extra,
});

const ranges = (data: unknown) =>
  analysisOf(data).adaptiveBatch?.vertices.map((v) => [v.id, v.min.value, v.max.value, v.min.from, v.max.from]);

describe('which scheduler runs a batch job', () => {
  it('1.16: the default scheduler, unset vertices at 1 (SchedulerBase.normalizeParallelism); 1.17: the AdaptiveBatchScheduler', () => {
    const old = analysisOf(job('1.16'));
    expect(old.adaptiveBatch).toBeUndefined();
    expect(old.minimumSlots).toBe(1 + 1 + 4);
    const now = analysisOf(job('1.17'));
    expect(now.adaptiveBatch?.reason).toBe('from Flink 1.17 a batch job runs on the AdaptiveBatchScheduler by default');
    // At the maximum the analysis the other stages read: 1 + 128 + 4.
    expect(now.adaptiveBatch?.slots).toEqual({ min: 6, max: 133 });
    expect(now.minimumSlots).toBe(133);
    expect(now.graph.vertices.map((v) => v.parallelism)).toEqual([1, 128, 4]);
  });

  it('1.14 and a streaming job: never; 1.17 with jobmanager.scheduler Default: the default scheduler', () => {
    expect(analysisOf(job('1.14')).adaptiveBatch).toBeUndefined();
    expect(analysisOf({ ...job('1.17'), mode: 'streaming' }).minimumSlots).toBe(4);
    expect(analysisOf(job('1.17', { 'jobmanager.scheduler': 'Default' })).minimumSlots).toBe(6);
  });

  it('1.17: Adaptive or reactive mode with a batch job becomes AdaptiveBatch; 1.16 falls back to the default scheduler', () => {
    expect(analysisOf(job('1.17', { 'jobmanager.scheduler': 'adaptive' })).adaptiveBatch?.reason).toBe(
      "jobmanager.scheduler: Adaptive (the job's configuration): a batch job gets the AdaptiveBatchScheduler instead",
    );
    expect(analysisOf(job('1.16', { 'scheduler-mode': 'reactive' })).adaptiveBatch).toBeUndefined();
  });

  it('every vertex with a parallelism: the scheduler decides nothing, the plan is exactly as before', () => {
    const text = readFileSync('fixtures/jobs/batch-tpch-q3.yaml', 'utf8');
    const adaptive = planFromText(text);
    const fixed = planFromText(text.replace('name: tpch-q3', 'name: tpch-q3\nconfiguration: {jobmanager.scheduler: Default}'));
    expect(adaptive.ok && fixed.ok).toBe(true);
    if (!adaptive.ok || !fixed.ok) return;
    expect(adaptive.value.adaptiveBatch).toBeUndefined();
    expect(adaptive.value.minimumSlots).toBe(37);
    // Its PIPELINED exchanges are warned on the AdaptiveBatchScheduler (adaptive-batch-exchanges.test.ts); nothing else differs.
    expect(adaptive.value.warnings.map((d) => d.code)).toEqual(['plan/adaptive-batch-exchange']);
    expect(fixed.value.warnings).toEqual([]);
    expect(JSON.stringify({ ...adaptive.value, warnings: [] })).toBe(JSON.stringify(fixed.value));
  });
});

describe('the bounds of an unset vertex', () => {
  it('1.17: source at default-source-parallelism, others within [min, max]; max from the key, else parallelism.default, else 128', () => {
    expect(ranges(job('1.17'))).toEqual([
      ['src', 1, 1, 'default-source-parallelism default', 'default-source-parallelism default'],
      ['agg', 1, 128, 'default', 'default'],
    ]);
    const key = 'execution.batch.adaptive.auto-parallelism.max-parallelism';
    expect(ranges(job('1.17', { [key]: 16 }))![1]).toEqual(['agg', 1, 16, 'default', key]);
    expect(analysisOf(job('1.17', { [key]: 16 })).adaptiveBatch?.slots).toEqual({ min: 6, max: 21 });
    expect(ranges(job('1.17', { 'parallelism.default': 8 }))![1]).toEqual(['agg', 1, 8, 'default', 'parallelism.default']);
    expect(ranges(job('1.17', { 'parallelism.default': 8, [key]: 32 }))![1]).toEqual(['agg', 1, 32, 'default', key]);
  });

  it('1.15–1.16 name the keys jobmanager.adaptive-batch-scheduler.* and round to powers of two; 1.17+ still read them', () => {
    const old = {
      'jobmanager.scheduler': 'AdaptiveBatch',
      'jobmanager.adaptive-batch-scheduler.min-parallelism': 3,
      'jobmanager.adaptive-batch-scheduler.max-parallelism': 100,
      'jobmanager.adaptive-batch-scheduler.default-source-parallelism': 2,
    };
    expect(ranges(job('1.16', old))).toEqual([
      [
        'src',
        2,
        2,
        'jobmanager.adaptive-batch-scheduler.default-source-parallelism',
        'jobmanager.adaptive-batch-scheduler.default-source-parallelism',
      ],
      [
        'agg',
        4,
        64,
        'jobmanager.adaptive-batch-scheduler.min-parallelism (rounded up to a power of 2)',
        'jobmanager.adaptive-batch-scheduler.max-parallelism (rounded down to a power of 2)',
      ],
    ]);
    // 1.17 reads the deprecated keys, unrounded; the new key wins over the old one.
    expect(ranges(job('1.17', old))![1]).toEqual([
      'agg',
      3,
      100,
      'jobmanager.adaptive-batch-scheduler.min-parallelism',
      'jobmanager.adaptive-batch-scheduler.max-parallelism',
    ]);
    const both = { ...old, 'execution.batch.adaptive.auto-parallelism.max-parallelism': 50 };
    expect(ranges(job('1.17', both))![1]![2]).toBe(50);
    // 1.16 does not know the new keys.
    expect(
      ranges(
        job('1.16', { 'jobmanager.scheduler': 'AdaptiveBatch', 'execution.batch.adaptive.auto-parallelism.max-parallelism': 8 }),
      )![1]![2],
    ).toBe(128);
  });

  it("1.18 caps a range by the vertex's own max parallelism; 1.19 sources run up to the max parallelism", () => {
    const capped = job('1.18', undefined, {
      vertices: [
        { id: 'src', maxParallelism: 1 },
        { id: 'agg', maxParallelism: 10 },
        { id: 'sink', parallelism: 4 },
      ],
    });
    expect(ranges(capped)).toEqual([
      ['src', 1, 1, 'default-source-parallelism default', 'default-source-parallelism default'],
      ['agg', 1, 10, 'default', "the vertex's max parallelism"],
    ]);
    expect(ranges(job('1.19'))![0]).toEqual([
      'src',
      1,
      128,
      'a source may infer its own (DynamicParallelismInference)',
      'default-source-parallelism unset: the max parallelism',
    ]);
    expect(analysisOf(job('1.19')).adaptiveBatch?.slots).toEqual({ min: 6, max: 260 });
  });

  it('the keys of --tm-config count, and the job configuration wins', () => {
    const graph = graphOf(job('1.17', { 'execution.batch.adaptive.auto-parallelism.max-parallelism': 16 }));
    const tm = withTaskManagerSlotSize(graph, {
      text: 'taskmanager.memory.process.size: 2g\nexecution.batch.adaptive.auto-parallelism.max-parallelism: 64\nexecution.batch.adaptive.auto-parallelism.min-parallelism: 2\n',
      file: 'flink-conf.yaml',
    });
    expect(tm.ok).toBe(true);
    if (!tm.ok) return;
    const plan = planAdaptiveBatch(tm.value);
    expect(plan.ok && plan.value?.vertices[1]).toMatchObject({
      min: { value: 2, from: 'execution.batch.adaptive.auto-parallelism.min-parallelism' },
      max: { value: 16 },
    });
  });
});

describe('refusals and warnings, with their exact text', () => {
  const texts = (data: unknown) => analysisErrors(data).map((d) => [d.code, d.message]);

  it('plan/adaptive-batch-bounds: 1.16 rounds first, 1.17 checks the decider arguments', () => {
    expect(
      texts(
        job('1.16', {
          'jobmanager.scheduler': 'AdaptiveBatch',
          'jobmanager.adaptive-batch-scheduler.min-parallelism': 5,
          'jobmanager.adaptive-batch-scheduler.max-parallelism': 7,
        }),
      ),
    ).toEqual([
      [
        'plan/adaptive-batch-bounds',
        "Invalid configuration: 'jobmanager.adaptive-batch-scheduler.max-parallelism' should be greater than or equal to 'jobmanager.adaptive-batch-scheduler.min-parallelism' and the range must contain at least one power of 2.",
      ],
    ]);
    expect(texts(job('1.17', { 'execution.batch.adaptive.auto-parallelism.min-parallelism': 9, 'parallelism.default': 8 }))).toEqual([
      ['plan/adaptive-batch-bounds', 'Maximum parallelism should be greater than or equal to the minimum parallelism.'],
    ]);
    expect(texts(job('1.17', { 'execution.batch.adaptive.auto-parallelism.min-parallelism': 0 }))).toEqual([
      ['plan/adaptive-batch-bounds', 'The minimum parallelism must be larger than 0.'],
    ]);
    expect(texts(job('1.17', { 'execution.batch.adaptive.auto-parallelism.default-source-parallelism': 0 }))).toEqual([
      ['plan/adaptive-batch-bounds', 'The default source parallelism must be larger than 0.'],
    ]);
  });

  it('input/scheduler-option: values Flink cannot parse', () => {
    const bad = parseJobGraph(
      JSON.stringify(job('1.17', { 'jobmanager.scheduler': 'Fast', 'execution.batch.adaptive.auto-parallelism.max-parallelism': 'many' })),
    );
    expect(bad.ok ? [] : bad.diagnostics.map((d) => [d.code, d.message, d.location?.pointer])).toEqual([
      [
        'input/scheduler-option',
        "Could not parse value 'Fast' for key 'jobmanager.scheduler' (scheduler types of this release: Ng, Default, Adaptive, AdaptiveBatch)",
        '/configuration/jobmanager.scheduler',
      ],
      [
        'input/scheduler-option',
        "Could not parse value 'many' for key 'execution.batch.adaptive.auto-parallelism.max-parallelism' (an integer)",
        '/configuration/execution.batch.adaptive.auto-parallelism.max-parallelism',
      ],
    ]);
  });

  it('plan/adaptive-batch-network-memory: a group with declared resources and an unset vertex, or one reading it', () => {
    const resourced = (group: string) =>
      job('1.17', undefined, {
        vertices: [{ id: 'src' }, { id: 'agg' }, { id: 'sink', parallelism: 4, slotSharingGroup: group }],
        slotSharingGroups: [{ name: 'g', resources: { cpuCores: 1, taskHeapMemory: '64mb' } }],
      });
    expect(texts(resourced('g'))).toEqual([
      [
        'plan/adaptive-batch-network-memory',
        "slot sharing group 'g' declares resources, and its vertex 'sink' reads a vertex that has no parallelism: Flink adds the group's network memory once the AdaptiveBatchScheduler has decided every parallelism of the group, from input channels it draws from run-time data volumes, which a plan cannot know; give the group's vertices (and their producers) a parallelism, or set jobmanager.scheduler: Default",
      ],
    ]);
  });

  it('plan/adaptive-batch-parallelism: the warning that says the maximum is used', () => {
    const a = analyzeJob(graphOf(job('1.17')));
    expect(a.ok && a.warnings.find((w) => w.code === 'plan/adaptive-batch-parallelism')?.message).toBe(
      "the AdaptiveBatchScheduler decides the parallelism of 'src', 'agg' at run time: the job needs 6 to 133 slots; figures that need one parallelism use the maximum of each range",
    );
  });
});

describe('network memory of a group with resources feeding an unset vertex', () => {
  it("the producer's subpartitions are the consumer's max parallelism (IntermediateResultPartition, dynamic graph)", () => {
    const data = job('1.17', undefined, {
      vertices: [{ id: 'src', parallelism: 2, slotSharingGroup: 'g' }, { id: 'agg' }, { id: 'sink', parallelism: 4 }],
      slotSharingGroups: [{ name: 'g', resources: { cpuCores: 1, taskHeapMemory: '64mb' } }],
    });
    const graph = graphOf(data);
    const plan = planAdaptiveBatch(graph);
    if (!plan.ok || plan.value === undefined) throw new Error('expected a plan');
    // Sort-shuffle off (min-parallelism above the subpartitions): a BLOCKING partition announces S + 1 buffers.
    const shuffle = { ...atBound(graph, plan.value, 'min'), shuffleOptions: { sortShuffleMinParallelism: 1000 } };
    // S = agg's max parallelism 128, whatever its parallelism: (128 + 1) × 32 KiB.
    expect(groupNetworkMemory(shuffle, [0])).toBe(129n * 32768n);
    expect(groupNetworkMemory({ ...atBound(graph, plan.value, 'max'), shuffleOptions: { sortShuffleMinParallelism: 1000 } }, [0])).toBe(
      129n * 32768n,
    );
  });
});
