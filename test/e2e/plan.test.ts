/**
 * End-to-end tests of `flinkslot plan`: spawn the built CLI (`node bin/run.js`) from the repository
 * root on every file of fixtures/jobs (exit 0, text report, `--json` valid against
 * schemas/plan.schema.json, hand-computed figures) and of fixtures/invalid (exit 2, one located
 * diagnostic `error <file>:<line>:<col> <message> (<pointer>) [<code>]`, never a stack trace).
 *
 * The expected numbers below were computed by hand from the Flink rules in
 * /work/shared/flink-notes/graph-semantics.md (§2 slot sharing, §3 fractions, §4.3 profiles);
 * each fixture's YAML header shows the arithmetic.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSI, ROOT, type Run, STACK_LINE, ensureBuilt, expectJsonError, runCli } from '../support/cli.js';

const JOBS_DIR = 'fixtures/jobs';
const INVALID_DIR = 'fixtures/invalid';

function cli(args: string[], options: { input?: string; noColor?: boolean } = {}): Run {
  return runCli(args, options);
}

const cache = new Map<string, Run>();
function cachedCli(args: string[]): Run {
  const key = args.join('\u0000');
  let run = cache.get(key);
  if (run === undefined) {
    run = cli(args);
    cache.set(key, run);
  }
  return run;
}

/** Nothing that looks like an uncaught exception: no stack frames, no `Error:`/`Exception:` text. */
function expectNoCrash(stderr: string): void {
  expect(stderr).not.toMatch(STACK_LINE);
  expect(stderr).not.toMatch(/\bError:/);
  expect(stderr).not.toMatch(/\w+Exception:/);
}

beforeAll(ensureBuilt);

// ---------------------------------------------------------------------------------------------
// Example jobs
// ---------------------------------------------------------------------------------------------

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

function profile(fields: {
  cpuCores: number;
  taskHeapMemory: number;
  taskOffHeapMemory?: number;
  managedMemory?: number;
  networkMemory?: number;
  extendedResources?: Record<string, number>;
}): Json {
  return {
    cpuCores: fields.cpuCores,
    taskHeapMemory: fields.taskHeapMemory,
    taskOffHeapMemory: fields.taskOffHeapMemory ?? 0,
    managedMemory: fields.managedMemory ?? 0,
    networkMemory: fields.networkMemory ?? 0,
    extendedResources: fields.extendedResources ?? {},
  };
}

function operator(plan: Json, id: string): Json {
  const found = plan.operators.find((o: Json) => o.id === id);
  expect(found, `operator ${id}`).toBeDefined();
  return found;
}

function group(plan: Json, id: string): Json {
  const found = plan.slotSharingGroups.find((g: Json) => g.id === id);
  expect(found, `slot sharing group ${id}`).toBeDefined();
  return found;
}

interface JobExpectation {
  minimumSlots: number;
  /** Further checks on the `--json` object. */
  check: (plan: Json) => void;
}

const JOBS: Record<string, JobExpectation> = {
  'wordcount-streaming.yaml': {
    // default: max(4, 8, 4) = 8; python: 2.
    minimumSlots: 10,
    check: (plan) => {
      expect(plan.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 10 }]);
      expect(plan.slotSharingGroups.map((g: Json) => [g.id, g.slots])).toEqual([
        ['default', 8],
        ['python', 2],
      ]);
      // Only STATE_BACKEND in the default group: 1.0 × 70/70; only PYTHON in "python": 1.0 × 30/30.
      expect(operator(plan, 'window-aggregate').fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 1, PYTHON: 0 });
      expect(operator(plan, 'window-aggregate').bytes.STATE_BACKEND).toBe(512 * MiB);
      expect(operator(plan, 'py-udf').fractionsOfSlot.PYTHON).toBe(1);
    },
  },

  'keyed-window.yaml': {
    // One default group; its widest vertex has parallelism 8. Two keyed operators declare STATE_BACKEND;
    // without a TaskManager configuration the backend is Flink's default hashmap, so their share is 0.
    minimumSlots: 8,
    check: (plan) => {
      expect(plan.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 8 }]);
      expect(plan.managedMemory).toMatchObject({ keyedOperators: 2, stateBackend: { name: 'hashmap', source: 'default' } });
      expect(operator(plan, 'window-count').fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 0, PYTHON: 0 });
    },
  },

  'batch-tpch-q3.yaml': {
    // Five logical regions, one default group each: 4 + 8 + 16 + 8 + 1.
    minimumSlots: 37,
    check: (plan) => {
      expect(plan.job).toMatchObject({
        mode: 'batch',
        flinkVersion: '1.18',
        allVerticesInSameSlotSharingGroupByDefault: false,
        vertices: 7,
        edges: 6,
        operators: 13,
      });
      expect(plan.regions).toEqual([
        ['scan-customer'],
        ['scan-orders', 'join-customer-orders'],
        ['scan-lineitem', 'join-lineitem'],
        ['global-agg'],
        ['sort-limit'],
      ]);
      expect(plan.components).toHaveLength(1);
      expect(plan.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 37 }]);
      expect(plan.slotSharingGroups.map((g: Json) => [g.id, g.name, g.region, g.slots, g.vertices])).toEqual([
        ['default/region-1', 'default', 1, 4, ['scan-customer']],
        ['default/region-2', 'default', 2, 8, ['scan-orders', 'join-customer-orders']],
        ['default/region-3', 'default', 3, 16, ['scan-lineitem', 'join-lineitem']],
        ['default/region-4', 'default', 4, 8, ['global-agg']],
        ['default/region-5', 'default', 5, 1, ['sort-limit']],
      ]);
      expect(plan.managedMemory).toEqual({
        model: 'use-cases',
        consumerWeights: { OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 },
        consumerWeightsSource: 'job',
        // BATCH mode installs its own backend, whatever the job names (StreamGraphGenerator).
        stateBackend: { name: 'BatchExecutionStateBackend', source: 'batch-mode' },
        stateBackendUsesManagedMemory: false,
        keyedOperators: 0,
        slotManagedMemory: 256 * MiB,
      });
      // Region 3's group: weights 128 + 64 → 128/192 and 64/192 at scale 16, rounded down.
      expect(operator(plan, 'hash-join-col').fractionsOfUseCase).toEqual({ OPERATOR: 0.6666666666666666 });
      expect(operator(plan, 'local-hash-agg').fractionsOfUseCase).toEqual({ OPERATOR: 0.3333333333333333 });
      expect(operator(plan, 'hash-join-col').fractionsOfSlot).toEqual({ OPERATOR: 0.6666666666666666, STATE_BACKEND: 0, PYTHON: 0 });
      expect(operator(plan, 'hash-join-col').bytes.OPERATOR).toBe(178956970);
      expect(operator(plan, 'local-hash-agg').bytes.OPERATOR).toBe(89478485);
      // The only weighted operator of its region's group gets it all; its chained Calc gets 0.0.
      expect(operator(plan, 'hash-join-co').fractionsOfUseCase).toEqual({ OPERATOR: 1 });
      expect(operator(plan, 'co-calc').fractionsOfUseCase).toEqual({ OPERATOR: 0 });
      // A scan in the same group as a join still lists the group's use case at 0.0 ...
      expect(operator(plan, 'orders-source').fractionsOfUseCase).toEqual({ OPERATOR: 0 });
      // ... while region 1's group declares no managed memory at all.
      expect(operator(plan, 'customer-source').fractionsOfUseCase).toEqual({});
      expect(operator(plan, 'sort').fractionsOfSlot.OPERATOR).toBe(1);
      expect(operator(plan, 'sort').bytes.OPERATOR).toBe(256 * MiB);
      expect(plan.minimumSlotsReason.explanation).toContain('batch job');
    },
  },

  'fine-grained-flip156.yaml': {
    // ingest 4 + gpu 2 + scoring 6 + default 2.
    minimumSlots: 14,
    check: (plan) => {
      // Groups with resources get their tasks' network memory (Flink 1.14+), 32 KiB buffers:
      // ingest: features' gate from source (POINTWISE 4→4: 1 channel) 1×2+8 = 10, source's partition
      // max(1×2+8, 2) = 10, features' partition to model (ALL_TO_ALL, 2 subpartitions) 2×2+8 = 12: 32.
      const ingest = profile({ cpuCores: 0.5, taskHeapMemory: 256 * MiB, networkMemory: 32 * 32 * KiB });
      // gpu: model's gate from features (4 channels) 4×2+8 = 16, its partition to window (6) 6×2+8 = 20: 36.
      const gpu = profile({
        cpuCores: 2,
        taskHeapMemory: GiB,
        taskOffHeapMemory: 128 * MiB,
        managedMemory: 512 * MiB,
        networkMemory: 36 * 32 * KiB,
        extendedResources: { gpu: 1 },
      });
      // Sum of one subtask per member vertex: cpu 1 + 0.5 + 0.25, heap 512m + 128m + 64m, ...
      const scoring = profile({ cpuCores: 1.75, taskHeapMemory: 704 * MiB, taskOffHeapMemory: 32 * MiB, managedMemory: 256 * MiB });
      expect(plan.requirements).toEqual([
        { resourceProfile: ingest, numberOfRequiredSlots: 4 },
        { resourceProfile: gpu, numberOfRequiredSlots: 2 },
        { resourceProfile: scoring, numberOfRequiredSlots: 6 },
        { resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 2 },
      ]);
      expect(group(plan, 'ingest')).toMatchObject({
        slots: 4,
        vertices: ['source', 'features'],
        profileSource: 'slot-sharing-group',
        resourceProfile: ingest,
      });
      expect(group(plan, 'gpu')).toMatchObject({
        slots: 2,
        vertices: ['model'],
        profileSource: 'slot-sharing-group',
        resourceProfile: gpu,
      });
      expect(group(plan, 'scoring')).toMatchObject({
        slots: 6,
        widestVertex: 'window',
        vertices: ['window', 'explain'],
        profileSource: 'operators',
        resourceProfile: scoring,
      });
      expect(group(plan, 'default')).toMatchObject({ slots: 2, vertices: ['sink'], profileSource: 'unknown', resourceProfile: 'UNKNOWN' });
      // STATE_BACKEND and PYTHON share the "scoring" slots 70:30.
      expect(operator(plan, 'risk-window').fractionsOfUseCase).toEqual({ STATE_BACKEND: 1, PYTHON: 0 });
      expect(operator(plan, 'risk-window').fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 0.7, PYTHON: 0 });
      expect(operator(plan, 'py-explain').fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 0, PYTHON: 0.3 });
      expect(operator(plan, 'risk-filter').fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 0, PYTHON: 0 });
      // 'explain' (parallelism 2, specified resources) is in only 2 of the 6 'scoring' slots.
      expect(plan.warnings.map((w: Json) => [w.code, w.location.line])).toEqual([['plan/uneven-slot-profiles', 50]]);
    },
  },

  'legacy-1-11.yaml': {
    // default 4 + audit 3.
    minimumSlots: 7,
    check: (plan) => {
      expect(plan.managedMemory).toEqual({
        model: 'legacy',
        consumerWeights: null,
        consumerWeightsSource: 'default',
        // Before 1.13 Flink's default is the MemoryStateBackend ("jobmanager").
        stateBackend: { name: 'jobmanager', source: 'default' },
        stateBackendUsesManagedMemory: false,
        keyedOperators: 0,
        slotManagedMemory: 128 * MiB,
      });
      const fractions = Object.fromEntries(plan.operators.map((o: Json) => [o.id, o.legacyFraction]));
      // default group weights 1 + 1 + 4 + 0 + 1 + 1 = 8; audit group weights 1 + 2 = 3.
      expect(fractions).toEqual({
        'kafka-source': 0.125,
        watermarks: 0.125,
        'session-window': 0.5,
        'window-map': 0,
        'es-sink': 0.125,
        'sink-metrics': 0.125,
        'audit-filter': 0.3333333333333333,
        'audit-sink': 0.6666666666666666,
      });
      expect(operator(plan, 'session-window').bytes).toBe(64 * MiB);
      expect(operator(plan, 'audit-filter').bytes).toBe(44739242);
      expect(operator(plan, 'audit-sink').bytes).toBe(89478485);
      for (const o of plan.operators) expect(o.fractionsOfSlot).toBeUndefined();
      expect(plan.slotSharingGroups.map((g: Json) => [g.id, g.slots])).toEqual([
        ['default', 4],
        ['audit', 3],
      ]);
    },
  },

  'colocation-iteration.yaml': {
    // default max(2, 2) + iteration max(4, 4, 4).
    minimumSlots: 6,
    check: (plan) => {
      expect(plan.coLocationGroups).toEqual([
        { name: 'IterationCoLocationGroup-1', slotSharingGroup: 'iteration', vertices: ['iteration-head', 'iteration-tail'] },
      ]);
      expect(plan.slotSharingGroups.map((g: Json) => [g.id, g.slots, g.vertices])).toEqual([
        ['default', 2, ['source', 'sink']],
        ['iteration', 4, ['iteration-head', 'step', 'iteration-tail']],
      ]);
      expect(plan.regions).toHaveLength(1);
      expect(plan.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 6 }]);
      expect(plan.warnings).toEqual([]);
    },
  },

  'twenty-vertices.json': {
    // default: max parallelism 12 (sessionize, funnel-agg); ml: 3.
    minimumSlots: 15,
    check: (plan) => {
      expect(plan.job).toMatchObject({ vertices: 20, edges: 20, operators: 20, mode: 'streaming', flinkVersion: '1.20' });
      expect(plan.slotSharingGroups.map((g: Json) => [g.id, g.slots, g.widestVertex, g.vertices.length])).toEqual([
        ['default', 12, 'sessionize', 18],
        ['ml', 3, 'fraud-model', 2],
      ]);
      expect(plan.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 15 }]);
      expect(plan.regions).toHaveLength(1);
      expect(plan.regions[0]).toHaveLength(20);
      // SLOT-scope: every declaring operator gets 1.0 of its use case.
      expect(operator(plan, 'sessionize').fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 1, PYTHON: 0 });
      expect(operator(plan, 'topn').bytes.STATE_BACKEND).toBe(GiB);
      expect(operator(plan, 'fraud-model').fractionsOfSlot.PYTHON).toBe(1);
    },
  },
};

describe('plan on fixtures/jobs', () => {
  const files = readdirSync(join(ROOT, JOBS_DIR))
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort();
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/plan.schema.json'), 'utf8')));

  it('has an expectation for every example job (and an example for every expectation)', () => {
    expect(files).toEqual(Object.keys(JOBS).sort());
  });

  it('the benchmark job has exactly 20 vertices', () => {
    const job = JSON.parse(readFileSync(join(ROOT, JOBS_DIR, 'twenty-vertices.json'), 'utf8'));
    expect(job.vertices).toHaveLength(20);
  });

  for (const file of Object.keys(JOBS)) {
    const path = `${JOBS_DIR}/${file}`;
    const expected = JOBS[file]!;

    describe(file, () => {
      it('text report: exit 0, starts with "Job ", shows the minimum slots', () => {
        const run = cachedCli(['plan', path]);
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(run.stdout.startsWith('Job ')).toBe(true);
        const suffix = file.startsWith('batch') ? ' \\(every region deployed at once\\)' : '';
        expect(run.stdout).toMatch(new RegExp(`^Minimum slots: ${expected.minimumSlots}${suffix}$`, 'm'));
        expect(run.stdout).not.toMatch(ANSI);
      });

      it('--json: exit 0, valid against schemas/plan.schema.json', () => {
        const run = cachedCli(['plan', path, '--json']);
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        const plan = JSON.parse(run.stdout);
        const valid = validate(plan);
        expect(validate.errors ?? []).toEqual([]);
        expect(valid).toBe(true);
      });

      it('--json: hand-computed figures', () => {
        const plan = JSON.parse(cachedCli(['plan', path, '--json']).stdout);
        expect(plan.reportVersion).toBe(1);
        expect(plan.minimumSlots).toBe(expected.minimumSlots);
        const sumOfRequirements = plan.requirements.reduce((n: number, r: Json) => n + r.numberOfRequiredSlots, 0);
        expect(sumOfRequirements).toBe(expected.minimumSlots);
        const sumOfGroups = plan.slotSharingGroups.reduce((n: number, g: Json) => n + g.slots, 0);
        expect(sumOfGroups).toBe(expected.minimumSlots);
        expect(plan.minimumSlotsReason.groups.map((g: Json) => g.slots)).toEqual(plan.slotSharingGroups.map((g: Json) => g.slots));
        expected.check(plan);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Bad inputs
// ---------------------------------------------------------------------------------------------

interface InvalidExpectation {
  /** 1-based; left out only where no single position is obviously right. */
  line?: number;
  column?: number;
  message: string;
  code?: string;
  pointer?: string;
}

const MEMORY_UNITS = '(b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)';

const INVALID: Record<string, InvalidExpectation> = {
  // The flow sequence opened on line 6 is never closed; the parser notices on line 7.
  'yaml-syntax.yaml': { line: 7, column: 3, message: 'YAML syntax error:', code: 'input/syntax' },
  // Missing comma after the "vertices" array (line 6); the parser notices at "edges" on line 7.
  'json-syntax.json': { line: 7, column: 3, message: 'JSON syntax error:', code: 'input/syntax' },
  'duplicate-key.yaml': { line: 6, column: 5, message: 'duplicated mapping key', code: 'input/syntax' },
  // The column is the first character inside the quotes.
  'schema-wrong-type.yaml': {
    line: 7,
    column: 18,
    message: '/vertices/1/parallelism must be integer',
    code: 'input/schema',
    pointer: '/vertices/1/parallelism',
  },
  // Points at the key itself.
  'unknown-key.yaml': {
    line: 7,
    column: 5,
    message: "unknown key 'paralellism' in /vertices/1",
    code: 'input/unknown-key',
    pointer: '/vertices/1/paralellism',
  },
  'duplicate-vertex-id.yaml': {
    line: 7,
    column: 9,
    message: "duplicate vertex id 'map'",
    code: 'input/duplicate-id',
    pointer: '/vertices/2/id',
  },
  'duplicate-operator-id.yaml': {
    line: 10,
    column: 14,
    message: "duplicate operator id 'filter'",
    code: 'input/duplicate-id',
    pointer: '/vertices/1/operators/0/id',
  },
  'unknown-edge-vertex.yaml': {
    line: 8,
    column: 13,
    message: "edge target 'sinc' is not a vertex of the job",
    code: 'input/unknown-vertex',
    pointer: '/edges/0/target',
  },
  'cycle.yaml': { line: 10, column: 5, message: 'The job graph is cyclic: a -> b -> c -> a', code: 'input/cycle', pointer: '/edges/2' },
  // JobVertex.setParallelism.
  'parallelism-zero.yaml': {
    line: 5,
    column: 18,
    message: 'The parallelism must be at least one, or -1 (unset).',
    code: 'input/parallelism',
    pointer: '/vertices/0/parallelism',
  },
  // ExecutionJobVertex.
  'parallelism-above-max.yaml': {
    line: 8,
    column: 18,
    message:
      "Vertex Window(Tumbling)'s parallelism (200) is higher than the max parallelism (128). Please lower the parallelism or increase the max parallelism.",
    code: 'input/parallelism',
    pointer: '/vertices/1/parallelism',
  },
  // DefaultVertexParallelismInfo.checkBounds.
  'max-parallelism-too-large.yaml': {
    line: 6,
    column: 21,
    message: 'Setting max parallelism is not in valid bounds (1..32768), found: 65536',
    code: 'input/parallelism',
    pointer: '/vertices/0/maxParallelism',
  },
  // MemorySize.parse: no decimals, "1.5g" is 1 with unit ".5g".
  'bad-memory-size.yaml': {
    line: 7,
    column: 23,
    message: `Memory size unit '.5g' does not match any of the recognized units: ${MEMORY_UNITS}`,
    code: 'input/memory-size',
    pointer: '/slotSharingGroups/0/resources/taskHeapMemory',
  },
  // The unit is lower-cased before matching.
  'bad-memory-unit.yaml': {
    line: 4,
    column: 22,
    message: `Memory size unit 'gib' does not match any of the recognized units: ${MEMORY_UNITS}`,
    code: 'input/memory-size',
    pointer: '/managedMemoryConfig/slotManagedMemory',
  },
  // The column is the first character inside the quotes.
  'flink-version-unsupported.yaml': {
    line: 3,
    column: 15,
    message: "flinkVersion '1.9': Flink 1.9 is older than the oldest release flinkslot models (1.10 to 2.2)",
    code: 'input/flink-version',
    pointer: '/flinkVersion',
  },
  'hybrid-in-streaming.yaml': {
    line: 9,
    column: 57,
    message: 'hybrid shuffle mode only supports batch job, please set execution.runtime-mode to BATCH',
    code: 'input/result-partition-type',
    pointer: '/edges/0/resultPartitionType',
  },
  'hybrid-with-named-group.yaml': {
    line: 8,
    column: 23,
    message: 'hybrid shuffle mode currently does not support setting non-default slot sharing group.',
    code: 'slot-sharing/hybrid-with-named-group',
    pointer: '/vertices/1/slotSharingGroup',
  },
  'colocation-across-groups.yaml': {
    line: 10,
    column: 22,
    message: 'Cannot co-locate operators from different slot sharing groups',
    code: 'slot-sharing/colocation-across-groups',
    pointer: '/vertices/1/coLocationGroup',
  },
  // The resources map's value starts on line 7 (its first key).
  'ssg-resources-missing-heap.yaml': {
    line: 7,
    column: 7,
    message:
      'The cpu cores and task heap memory are required when specifying the resource of a slot sharing group. You need to explicitly configure them with positive value.',
    code: 'input/slot-sharing-group-resources',
    pointer: '/slotSharingGroups/0/resources',
  },
  'negative-consumer-weight.yaml': {
    line: 5,
    column: 20,
    message: 'Managed memory weight should not be negative. Configured weight for OPERATOR is -5.',
    code: 'managed-memory/consumer-weights',
    pointer: '/managedMemoryConfig/consumerWeights',
  },
  // A 0-byte file: the problem is at the very start.
  'empty.yaml': { line: 1, column: 1, message: 'the file is empty', code: 'input/empty' },
  // ResourceProfile.merge overflows a long (Flink: ArithmeticException); a diagnostic, not a crash.
  'resource-overflow.yaml': { message: 'overflow' },
};

/** `error <file>:<line>:<col> <message> (<pointer>) [<code>]`, with the pointer omitted for the root. */
const DIAGNOSTIC_LINE = /^error (\S+?):(\d+):(\d+) (.*?)(?: \((\/[^)]*)\))? \[([a-z-]+\/[a-z-]+)\]$/;

/** Inputs that are only invalid for `plan --execution`; test/e2e/plan-execution.e2e.test.ts covers them. */
const EXECUTION_ONLY_INVALID = new Set(['too-many-subtasks.yaml']);

describe('plan on fixtures/invalid', () => {
  const files = readdirSync(join(ROOT, INVALID_DIR))
    .filter((f) => /\.(ya?ml|json)$/.test(f) && !EXECUTION_ONLY_INVALID.has(f))
    .sort();

  it('has an expectation for every bad input (and a bad input for every expectation)', () => {
    expect(files).toEqual(Object.keys(INVALID).sort());
  });

  for (const file of Object.keys(INVALID)) {
    const path = `${INVALID_DIR}/${file}`;
    const expected = INVALID[file]!;

    describe(file, () => {
      it('exits 2 with a located diagnostic on stderr and nothing on stdout', () => {
        const run = cachedCli(['plan', path]);
        expect(run.status).toBe(2);
        expect(run.stdout).toBe('');
        const first = run.stderr.split('\n')[0]!;
        const m = DIAGNOSTIC_LINE.exec(first);
        expect(m, `diagnostic line format: ${first}`).not.toBeNull();
        expect(m![1]).toBe(path);
        if (expected.line !== undefined) {
          expect(run.stderr).toContain(`error ${path}:${expected.line}:${expected.column} `);
          expect(`${m![2]}:${m![3]}`).toBe(`${expected.line}:${expected.column}`);
        }
        expect(m![4]).toContain(expected.message);
        if (expected.code !== undefined) expect(m![6]).toBe(expected.code);
        if (expected.pointer !== undefined) expect(m![5]).toBe(expected.pointer);
      });

      it('never shows a stack trace or a raw exception', () => {
        const run = cachedCli(['plan', path]);
        expectNoCrash(run.stderr);
        expect(run.stderr).not.toMatch(ANSI);
      });

      it('reports exactly one problem (no follow-on errors)', () => {
        const run = cachedCli(['plan', path]);
        const lines = run.stderr.split('\n').filter((l) => l.length > 0);
        expect(lines).toHaveLength(1);
      });

      it('--json: the same diagnostics on stderr and exit code, and a JSON error object on stdout', () => {
        const run = cachedCli(['plan', path, '--json']);
        expect(run.status).toBe(2);
        expect(run.stderr).toBe(cachedCli(['plan', path]).stderr);
        const failure = expectJsonError(run);
        expect(failure.error.file).toBe(path);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Command-line behaviour
// ---------------------------------------------------------------------------------------------

describe('plan --flink-version, and the version a plan states', () => {
  const LEGACY = `${JOBS_DIR}/legacy-1-11.yaml`;

  it('--flink-version replaces the file’s version: a 1.11 job planned with 1.20’s rules', () => {
    const file = JSON.parse(cli(['plan', LEGACY, '--json']).stdout) as Json;
    expect([file.job.flinkVersion, file.job.flinkVersionSource, file.managedMemory.model]).toEqual(['1.11', 'file', 'legacy']);
    const flag = JSON.parse(cli(['plan', LEGACY, '--json', '--flink-version', '1.20']).stdout) as Json;
    expect([flag.job.flinkVersion, flag.job.flinkVersionSource, flag.managedMemory.model]).toEqual(['1.20', 'option', 'use-cases']);
  });

  it('a file without flinkVersion: 2.2 assumed, and the text says so and how to set it', () => {
    const run = cli(['plan', '-'], { input: 'name: j\nvertices: [{id: a, parallelism: 2}]\n' });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^Job j \(streaming, Flink 2\.2 assumed\): /);
    expect(lines[1]).toBe(
      '  note no Flink version given: the rules of Flink 2.2 (the newest flinkslot knows) apply; set flinkVersion in the file or pass --flink-version',
    );
    const json = JSON.parse(cli(['plan', '-', '--json'], { input: 'vertices: [{id: a}]\n' }).stdout) as Json;
    expect([json.job.flinkVersion, json.job.flinkVersionSource]).toEqual(['2.2', 'assumed']);
  });

  it('a newer release than 2.2 is planned with 2.2’s rules and a warning; older than 1.10 or not a version is exit 2', () => {
    const newer = JSON.parse(cli(['plan', `${JOBS_DIR}/wordcount-streaming.yaml`, '--json', '--flink-version', '2.4']).stdout) as Json;
    expect(newer.job.flinkVersion).toBe('2.4');
    expect(newer.warnings.map((w: Json) => w.code)).toContain('input/flink-version-newer');
    for (const v of ['1.9', 'next']) {
      const run = cli(['plan', `${JOBS_DIR}/wordcount-streaming.yaml`, '--flink-version', v]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(new RegExp(`^error --flink-version '${v}'`));
      expectNoCrash(run.stderr);
    }
  });

  it('diff and validate take --flink-version too', () => {
    const diff = JSON.parse(
      cli(['diff', 'fixtures/diff/streaming-old.yaml', 'fixtures/diff/streaming-new.yaml', '--json', '--flink-version', '1.18']).stdout,
    ) as Json;
    expect([diff.job.old.flinkVersion, diff.job.old.flinkVersionSource, diff.job.new.flinkVersionSource]).toEqual([
      '1.18',
      'option',
      'option',
    ]);
    const validate = JSON.parse(
      cli(['validate', `${JOBS_DIR}/wordcount-streaming.yaml`, '--json', '--flink-version', '1.18']).stdout,
    ) as Json;
    expect([validate.files[0].summary.flinkVersion, validate.files[0].summary.flinkVersionSource]).toEqual(['1.18', 'option']);
    expect(cli(['validate', `${JOBS_DIR}/wordcount-streaming.yaml`, '--flink-version', '1.2']).status).toBe(2);
  });
});

describe('plan command line', () => {
  it('reads the job from stdin with "-"', () => {
    const text = readFileSync(join(ROOT, JOBS_DIR, 'colocation-iteration.yaml'), 'utf8');
    const run = cli(['plan', '-'], { input: text });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith('Job pagerank-iteration ')).toBe(true);
    expect(run.stdout).toMatch(/^Minimum slots: 6$/m);
    expect(run.stdout).toBe(cachedCli(['plan', `${JOBS_DIR}/colocation-iteration.yaml`]).stdout);
  });

  it('reads JSON from stdin with "-" and --json', () => {
    const text = readFileSync(join(ROOT, JOBS_DIR, 'twenty-vertices.json'), 'utf8');
    const run = cli(['plan', '-', '--json'], { input: text });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).minimumSlots).toBe(15);
  });

  it('locates stdin diagnostics as <stdin>:line:col', () => {
    const text = readFileSync(join(ROOT, INVALID_DIR, 'parallelism-zero.yaml'), 'utf8');
    const run = cli(['plan', '-'], { input: text });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('error <stdin>:5:18 The parallelism must be at least one, or -1 (unset).');
    expectNoCrash(run.stderr);
  });

  it('a file with only comments is reported as empty, at 1:1', () => {
    const run = cli(['plan', '-'], { input: '# nothing here yet\n' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('error <stdin>:1:1 ');
    expect(run.stderr).toContain('[input/empty]');
    expectNoCrash(run.stderr);
  });

  it('a missing file: exit 2, clear message naming the file', () => {
    const run = cli(['plan', 'fixtures/jobs/does-not-exist.yaml']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('fixtures/jobs/does-not-exist.yaml');
    expect(run.stderr).toContain('no such file');
    expectNoCrash(run.stderr);
  });

  it('a directory instead of a file: exit 2, clear message', () => {
    const run = cli(['plan', 'fixtures/jobs']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('fixtures/jobs');
    expect(run.stderr).toContain('directory');
    expectNoCrash(run.stderr);
  });

  it('an unknown flag: exit 2, names the flag, no stack trace', () => {
    const run = cli(['plan', `${JOBS_DIR}/colocation-iteration.yaml`, '--frobnicate']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--frobnicate');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('a missing FILE argument: exit 2', () => {
    const run = cli(['plan']);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('plan --help: exit 0, shows usage and flags', () => {
    const run = cli(['plan', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('USAGE');
    expect(run.stdout).toContain('plan FILE');
    expect(run.stdout).toContain('--json');
    expect(run.stdout).not.toMatch(ANSI);
  });

  it('--help at the top level: exit 0, lists the plan command', () => {
    const run = cli(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\s+plan\s/m);
  });

  it('no ANSI escapes with NO_COLOR=1, even with the report piped', () => {
    const run = cli(['plan', `${JOBS_DIR}/fine-grained-flip156.yaml`], { noColor: true });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(ANSI);
    const bad = cli(['plan', `${INVALID_DIR}/cycle.yaml`], { noColor: true });
    expect(bad.stderr).not.toMatch(ANSI);
  });

  it('no ANSI escapes when piped, without NO_COLOR', () => {
    const run = cli(['plan', `${JOBS_DIR}/fine-grained-flip156.yaml`], { noColor: false });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toMatch(ANSI);
    const bad = cli(['plan', `${INVALID_DIR}/cycle.yaml`], { noColor: false });
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(ANSI);
  });

  it('--color forces colour on a pipe (so the checks above can see escapes)', () => {
    const run = cli(['plan', `${JOBS_DIR}/fine-grained-flip156.yaml`, '--color'], { noColor: false });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(ANSI);
  });

  it('--limit 1 cuts lists and says how many more; --limit 0 shows all', () => {
    const cut = cli(['plan', `${JOBS_DIR}/twenty-vertices.json`, '--limit', '1']);
    expect(cut.status).toBe(0);
    expect(cut.stdout).toMatch(/… 19 more/);
    const all = cli(['plan', `${JOBS_DIR}/twenty-vertices.json`, '--limit', '0']);
    expect(all.status).toBe(0);
    expect(all.stdout).not.toMatch(/… \d+ more/);
  });
});
