/**
 * End-to-end tests of `flinkslot plan FILE --execution [--members]`: spawn the built CLI
 * (`node bin/run.js`, NO_COLOR=1) from the repository root on every file of fixtures/jobs and
 * check the subtask-level section (text and `--json` against schemas/plan.schema.json), the
 * members listing, flag rules, and the subtask bound (fixtures/invalid/too-many-subtasks.yaml).
 *
 * The expected numbers were computed by hand from the fixtures with the rules of
 * /work/shared/flink-notes/graph-semantics.md (§1.4–1.6 regions and wiring, §4.3 slot profiles,
 * §5.1 LocalInputPreferred); the arithmetic is in the comments next to each fixture.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, ROOT, type Run, STACK_LINE, ensureBuilt, expectJsonError, runCli } from '../support/cli.js';

const JOBS_DIR = 'fixtures/jobs';
const TOO_MANY = 'fixtures/invalid/too-many-subtasks.yaml';

function cli(args: string[]): Run {
  return runCli(args);
}

const cache = new Map<string, Run>();
function cachedCli(args: string[]): Run {
  const key = args.join('\u0000');
  let run = cache.get(key);
  if (run === undefined) cache.set(key, (run = cli(args)));
  return run;
}

function expectNoCrash(stderr: string): void {
  expect(stderr).not.toMatch(STACK_LINE);
  expect(stderr).not.toMatch(/\w+Exception:/);
  expect(stderr).not.toMatch(/internal error/);
}

beforeAll(ensureBuilt);

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const MiB = 1024 * 1024;

function profile(fields: {
  cpuCores: number;
  taskHeapMemory: number;
  taskOffHeapMemory?: number;
  managedMemory?: number;
  networkMemory?: number;
  extendedResources?: Record<string, number>;
}): Json {
  return { taskOffHeapMemory: 0, managedMemory: 0, networkMemory: 0, extendedResources: {}, ...fields };
}

interface ExecutionExpectation {
  subtasks: number;
  /** "Scheduling regions: N (sizes: …)" as printed. */
  regionsLine: string;
  /** "Shared slots (execution slot sharing groups): N — …" as printed. */
  slotsLine: string;
  regionCount: number;
  slotCount: number;
  perSlotSharingGroup: Array<[string, number]>;
  /** Shared slot sizes, largest first, as [size, count]. */
  slotSizes?: Array<[number, number]>;
  batch: Json | null;
  /** Further checks on the `execution` object of `--json`. */
  check?: (execution: Json) => void;
}

const EXPECTED: Record<string, ExecutionExpectation> = {
  // All edges pipelined, with all-to-all edges: one logical region -> one region of 4 + 8 + 2 + 4.
  // default: source(4), window(8, all-to-all from source: window#0..3 join source#0..3, 4..7 new),
  // sink(4; its input is in "python", so it takes the first free slots 0..3) -> 4 × 3 + 4 × 1; python: 2 × 1.
  'wordcount-streaming.yaml': {
    subtasks: 18,
    regionsLine: 'Scheduling regions: 1 (sizes: 1 × 18)',
    slotsLine: 'Shared slots (execution slot sharing groups): 10 — default 8, python 2',
    regionCount: 1,
    slotCount: 10,
    perSlotSharingGroup: [
      ['default', 8],
      ['python', 2],
    ],
    slotSizes: [
      [3, 4],
      [1, 6],
    ],
    batch: null,
    check: (e) => {
      expect(e.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 10 }]);
      expect(e.executionSlotSharingGroups.members.slice(0, 4)).toEqual(
        [0, 1, 2, 3].map((i) => [`source#${i}`, `window#${i}`, `sink#${i}`]),
      );
    },
  },

  // Pipelined all-to-all: one region of 4 + 8 + 8; one default group of 8 slots, the 4 sources in the first four.
  'keyed-window.yaml': {
    subtasks: 20,
    regionsLine: 'Scheduling regions: 1 (sizes: 1 × 20)',
    slotsLine: 'Shared slots (execution slot sharing groups): 8 — default 8',
    regionCount: 1,
    slotCount: 8,
    perSlotSharingGroup: [['default', 8]],
    slotSizes: [
      [3, 4],
      [2, 4],
    ],
    batch: null,
    check: (e) => {
      expect(e.executionSlotSharingGroups.members[7]).toEqual(['window#7', 'dedup#7']);
    },
  },

  // Logical regions {customer}(4), {orders(8), join-co(8)} (pipelined all-to-all), {lineitem(16), join-l(16)}
  // (pipelined forward), {global-agg}(8), {sort-limit}(1). Scheduling: 4 × 1 + 1 × 16 + 16 × 2 + 8 × 1 + 1 = 30.
  // One "default" group per logical region: 4 + 8 + 16 + 8 + 1 = 37 slots (24 of two subtasks, 13 of one).
  // Waves: customer 0, {orders, join-co} 1, {lineitem#i, join-l#i} 2, agg 3, sort 4 -> peak 16 in wave 3 of 5;
  // largest region {orders, join-co}: 8 slots.
  'batch-tpch-q3.yaml': {
    subtasks: 61,
    regionsLine: 'Scheduling regions: 30 (sizes: 1 × 16, 16 × 2, 13 × 1)',
    slotsLine:
      'Shared slots (execution slot sharing groups): 37 — default/region-1 4, default/region-2 8, default/region-3 16, default/region-4 8, default/region-5 1',
    regionCount: 30,
    slotCount: 37,
    perSlotSharingGroup: [
      ['default/region-1', 4],
      ['default/region-2', 8],
      ['default/region-3', 16],
      ['default/region-4', 8],
      ['default/region-5', 1],
    ],
    slotSizes: [
      [2, 24],
      [1, 13],
    ],
    batch: {
      waves: 5,
      peakSlots: 16,
      peakWave: 2,
      // Held in wave 3: region-3's 16 slots and nothing else (they add up to the peak).
      peakWaveSlotsPerSlotSharingGroup: [
        { slotSharingGroup: 'default/region-1', slots: 0 },
        { slotSharingGroup: 'default/region-2', slots: 0 },
        { slotSharingGroup: 'default/region-3', slots: 16 },
        { slotSharingGroup: 'default/region-4', slots: 0 },
        { slotSharingGroup: 'default/region-5', slots: 0 },
      ],
      // Each group's own peak, in its own wave: 37 together, never held at once.
      mostSlotsPerSlotSharingGroup: [
        { slotSharingGroup: 'default/region-1', slots: 4 },
        { slotSharingGroup: 'default/region-2', slots: 8 },
        { slotSharingGroup: 'default/region-3', slots: 16 },
        { slotSharingGroup: 'default/region-4', slots: 8 },
        { slotSharingGroup: 'default/region-5', slots: 1 },
      ],
      largestRegionSlots: 8,
      unschedulableRegions: 0,
    },
    check: (e) => {
      expect(e.schedulingRegions.members[4]).toEqual(
        [...Array(8).keys()].map((i) => `scan-orders#${i}`).concat([...Array(8).keys()].map((i) => `join-customer-orders#${i}`)),
      );
      expect(e.schedulingRegions.members[5]).toEqual(['scan-lineitem#0', 'join-lineitem#0']);
      expect(e.requirements).toEqual([{ resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 37 }]);
    },
  },

  // One pipelined logical region with all-to-all edges: one region of 2 + 4 + 4 + 4 + 2.
  // default: source, sink -> 2 slots; iteration: head(4) new, step#i with head#i (forward),
  // tail#i with head#i (co-location) -> 4 slots of 3.
  'colocation-iteration.yaml': {
    subtasks: 16,
    regionsLine: 'Scheduling regions: 1 (sizes: 1 × 16)',
    slotsLine: 'Shared slots (execution slot sharing groups): 6 — default 2, iteration 4',
    regionCount: 1,
    slotCount: 6,
    perSlotSharingGroup: [
      ['default', 2],
      ['iteration', 4],
    ],
    slotSizes: [
      [3, 4],
      [2, 2],
    ],
    batch: null,
    check: (e) => {
      expect(e.executionSlotSharingGroups.members).toEqual([
        ['source#0', 'sink#0'],
        ['source#1', 'sink#1'],
        ...[0, 1, 2, 3].map((i) => [`iteration-head#${i}`, `step#${i}`, `iteration-tail#${i}`]),
      ]);
    },
  },

  // One region of 4 + 4 + 2 + 6 + 3 + 2. Slots: ingest 4 (source#i + features#i), gpu 2, scoring 6
  // (window#0..2 with explain#0..2, window#3..5 alone), default 2 -> 7 × 2 + 7 × 1.
  // Profiles: ingest and gpu copy the FLIP-156 group profile with the network memory Flink 1.14+
  // adds before requesting slots, as plan adds it (32 KiB buffers, 2 per channel, 8 floating):
  // ingest: source's POINTWISE partition 1×2+8 = 10, features' gate 1×2+8 = 10 and its partition to
  // model (2 subpartitions) 2×2+8 = 12: 32 buffers = 1 MiB; gpu: model's gate from 4 features
  // 4×2+8 = 16, its partition to window (6) 6×2+8 = 20: 36 buffers = 1179648 bytes.
  // scoring sums one subtask per vertex:
  // window = cpu 1 + 0.5, heap 512m + 128m, managed 256m; + explain = cpu 0.25, heap 64m, off-heap 32m.
  'fine-grained-flip156.yaml': {
    subtasks: 21,
    regionsLine: 'Scheduling regions: 1 (sizes: 1 × 21)',
    slotsLine: 'Shared slots (execution slot sharing groups): 14 — ingest 4, gpu 2, scoring 6, default 2',
    regionCount: 1,
    slotCount: 14,
    perSlotSharingGroup: [
      ['ingest', 4],
      ['gpu', 2],
      ['scoring', 6],
      ['default', 2],
    ],
    slotSizes: [
      [2, 7],
      [1, 7],
    ],
    batch: null,
    check: (e) => {
      expect(e.requirements).toEqual([
        { resourceProfile: profile({ cpuCores: 0.5, taskHeapMemory: 256 * MiB, networkMemory: 32 * 32768 }), numberOfRequiredSlots: 4 },
        {
          resourceProfile: profile({
            cpuCores: 2,
            taskHeapMemory: 1024 * MiB,
            taskOffHeapMemory: 128 * MiB,
            managedMemory: 512 * MiB,
            networkMemory: 36 * 32768,
            extendedResources: { gpu: 1 },
          }),
          numberOfRequiredSlots: 2,
        },
        {
          resourceProfile: profile({ cpuCores: 1.75, taskHeapMemory: 704 * MiB, taskOffHeapMemory: 32 * MiB, managedMemory: 256 * MiB }),
          numberOfRequiredSlots: 3,
        },
        { resourceProfile: profile({ cpuCores: 1.5, taskHeapMemory: 640 * MiB, managedMemory: 256 * MiB }), numberOfRequiredSlots: 3 },
        { resourceProfile: 'UNKNOWN', numberOfRequiredSlots: 2 },
      ]);
      expect(e.allAtOnceSlots).toBe(14);
    },
  },

  // One region of 2 + 4 + 2 + 3. default: source(2), sessions(4; all-to-all: #0, #1 join, #2, #3 new),
  // sink(2; all-to-all from sessions: joins the first two) -> 2 × 3 + 2 × 1; audit: 3 × 1.
  'legacy-1-11.yaml': {
    subtasks: 11,
    regionsLine: 'Scheduling regions: 1 (sizes: 1 × 11)',
    slotsLine: 'Shared slots (execution slot sharing groups): 7 — default 4, audit 3',
    regionCount: 1,
    slotCount: 7,
    perSlotSharingGroup: [
      ['default', 4],
      ['audit', 3],
    ],
    slotSizes: [
      [3, 2],
      [1, 5],
    ],
    batch: null,
  },

  // All 20 vertices form one pipelined logical region with all-to-all edges: one region of
  // 8+4+4+2+8+4+4+2+12+6+6+3+6+12+1+3+2+4+1+1 = 93 subtasks. default: max parallelism 12; ml: 3.
  'twenty-vertices.json': {
    subtasks: 93,
    regionsLine: 'Scheduling regions: 1 (sizes: 1 × 93)',
    slotsLine: 'Shared slots (execution slot sharing groups): 15 — default 12, ml 3',
    regionCount: 1,
    slotCount: 15,
    perSlotSharingGroup: [
      ['default', 12],
      ['ml', 3],
    ],
    batch: null,
    check: (e) => {
      // fraud-model#i and alerts-sink#i (forward) share the three "ml" slots.
      expect(e.executionSlotSharingGroups.members.slice(12)).toEqual([0, 1, 2].map((i) => [`fraud-model#${i}`, `alerts-sink#${i}`]));
    },
  },
};

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/plan.schema.json'), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

describe('plan --execution on fixtures/jobs', () => {
  const files = readdirSync(join(ROOT, JOBS_DIR))
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort();

  it('has an expectation for every example job', () => {
    expect(files).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const file of Object.keys(EXPECTED)) {
    const path = `${JOBS_DIR}/${file}`;
    const expected = EXPECTED[file]!;

    describe(file, () => {
      it('text: exit 0, the execution section with the hand-computed counts', () => {
        const run = cachedCli(['plan', path, '--execution']);
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(run.stdout).not.toMatch(ANSI);
        expect(run.stdout).toContain('Execution (subtask level;');
        expect(run.stdout).toMatch(
          new RegExp(`^Execution \\(subtask level; ${expected.subtasks} subtasks, LOCAL_INPUT_PREFERRED slot sharing\\)$`, 'm'),
        );
        const lines = run.stdout.split('\n').map((l) => l.trim());
        expect(lines).toContain(expected.regionsLine);
        expect(lines).toContain(expected.slotsLine);
        expect(lines).toContain(`Requirements with every slot deployed at once (${expected.slotCount} slots):`);
        if (expected.batch === null) {
          expect(run.stdout).not.toContain('Batch peak');
        } else {
          const b = expected.batch;
          expect(
            lines.some((l) => l.startsWith(`Batch peak: ${b.peakSlots} slots held at once, in wave ${b.peakWave + 1} of ${b.waves}`)),
          ).toBe(true);
          // The breakdown under the peak adds up to it; each group's own peak is labelled as such.
          const held = (b.peakWaveSlotsPerSlotSharingGroup as Json[]).filter((g) => g.slots > 0);
          expect(lines).toContain(
            `held in wave ${b.peakWave + 1}, per slot sharing group: ${held.map((g) => `${g.slotSharingGroup} ${g.slots}`).join(', ')}`,
          );
          const most = b.mostSlotsPerSlotSharingGroup as Json[];
          const total = most.reduce((sum: number, g) => sum + g.slots, 0);
          const ownPeaks = `each group's own peak, in different waves (${total} together, never held at once): ${most.map((g) => `${g.slotSharingGroup} ${g.slots}`).join(', ')}`;
          if (total > b.peakSlots) expect(lines).toContain(ownPeaks);
          else expect(run.stdout).not.toContain("each group's own peak");
          expect(lines).toContain(`fewest slots that let the job progress (largest region): ${b.largestRegionSlots}`);
        }
      });

      it('text: the plan before the execution section is unchanged', () => {
        const plain = cachedCli(['plan', path]);
        const withExecution = cachedCli(['plan', path, '--execution']);
        expect(plain.status).toBe(0);
        expect(withExecution.stdout.startsWith(plain.stdout.split('\nWarnings (')[0]!.trimEnd())).toBe(true);
      });

      it('--json: exit 0, valid against schemas/plan.schema.json, the same counts', () => {
        const run = cachedCli(['plan', path, '--execution', '--json']);
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        const plan = JSON.parse(run.stdout) as Json;
        const valid = validate(plan);
        expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
        expect(valid).toBe(true);
        const e = plan.execution;
        expect(e.subtasks).toBe(expected.subtasks);
        expect(e.slotSharingStrategy).toBe('LOCAL_INPUT_PREFERRED');
        expect(e.schedulingRegions.count).toBe(expected.regionCount);
        expect(e.executionSlotSharingGroups.count).toBe(expected.slotCount);
        expect(e.allAtOnceSlots).toBe(expected.slotCount);
        expect(e.executionSlotSharingGroups.perSlotSharingGroup.map((g: Json) => [g.slotSharingGroup, g.slots])).toEqual(
          expected.perSlotSharingGroup,
        );
        if (expected.slotSizes) expect(e.executionSlotSharingGroups.sizes.map((s: Json) => [s.size, s.count])).toEqual(expected.slotSizes);
        // batch is non-null exactly for batch jobs.
        expect(e.batch !== null).toBe(plan.job.mode === 'batch');
        expect(e.batch).toEqual(expected.batch);
        // Flink 1.11 did not schedule by pipelined regions: the subtask level says it follows 1.12 rules.
        expect(e.warnings.map((w: { code: string }) => w.code)).toEqual(file === 'legacy-1-11.yaml' ? ['execution/older-flink'] : []);
        // The job-level plan agrees: every slot requested at once = the minimum slots.
        expect(plan.minimumSlots).toBe(expected.slotCount);
        // Few subtasks: members are listed without --members, and cover every subtask once.
        expect(e.schedulingRegions.members.flat()).toHaveLength(expected.subtasks);
        expect(e.executionSlotSharingGroups.members.flat()).toHaveLength(expected.subtasks);
        expected.check?.(e);
      });

      it('--json without --execution has no execution section', () => {
        const run = cachedCli(['plan', path, '--json']);
        expect(run.status).toBe(0);
        expect(JSON.parse(run.stdout).execution).toBeUndefined();
      });
    });
  }
});

describe('plan --execution --members', () => {
  // 120 subtasks (> 100): members only on request. a(60) -> b(60) forward: 60 regions and 60 slots {a#i, b#i}.
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flinkslot-e2e-'));
    file = join(dir, 'wide.yaml');
    writeFileSync(
      file,
      [
        'name: wide',
        'vertices:',
        '  - {id: a, parallelism: 60}',
        '  - {id: b, parallelism: 60}',
        'edges:',
        '  - {source: a, target: b, distribution: POINTWISE}',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without --members a large job shows counts and a hint, no member lists', () => {
    const run = cli(['plan', file, '--execution']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Scheduling regions: 60 (sizes: 60 × 2)');
    expect(run.stdout).toContain('Shared slots (execution slot sharing groups): 60 — default 60');
    expect(run.stdout.match(/\(members: --members, or --json --members\)/g)).toHaveLength(2);
    expect(run.stdout).not.toContain('1: a#0, b#0');
    const json = JSON.parse(cli(['plan', file, '--execution', '--json']).stdout);
    expect(json.execution.schedulingRegions.members).toBeUndefined();
    expect(json.execution.executionSlotSharingGroups.members).toBeUndefined();
  });

  it('--members lists the members of every region and shared slot (cut at --limit rows)', () => {
    const run = cli(['plan', file, '--execution', '--members']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('(members: --members');
    const memberLines = run.stdout.split('\n').filter((l) => /^ {4}\d+: /.test(l));
    // 50 rows (default --limit) for the regions and 50 for the shared slots.
    expect(memberLines).toHaveLength(100);
    expect(memberLines.filter((l) => l === '    1: a#0, b#0')).toHaveLength(2);
    expect(memberLines.filter((l) => l === '    50: a#49, b#49')).toHaveLength(2);
    expect(run.stdout.match(/^ {4}… 10 more$/gm)).toHaveLength(2);
    const all = cli(['plan', file, '--execution', '--members', '--limit', '0']);
    expect(all.stdout.split('\n').filter((l) => /^ {4}\d+: /.test(l))).toHaveLength(120);
    expect(all.stdout).toContain('    60: a#59, b#59');
  });

  it('--json --members includes the member lists, valid against the schema', () => {
    const run = cli(['plan', file, '--execution', '--members', '--json']);
    expect(run.status).toBe(0);
    const plan = JSON.parse(run.stdout);
    expect(validate(plan)).toBe(true);
    expect(plan.execution.schedulingRegions.members).toHaveLength(60);
    expect(plan.execution.schedulingRegions.members[59]).toEqual(['a#59', 'b#59']);
    expect(plan.execution.executionSlotSharingGroups.members[0]).toEqual(['a#0', 'b#0']);
  });

  it('--members on a fixture lists the same members as the default listing', () => {
    const path = `${JOBS_DIR}/colocation-iteration.yaml`;
    const run = cli(['plan', path, '--execution', '--members']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(cachedCli(['plan', path, '--execution']).stdout);
    expect(run.stdout).toContain('    3: iteration-head#0, step#0, iteration-tail#0');
  });

  it('--members without --execution is a usage error: exit 2, names --execution, no stack trace', () => {
    const run = cli(['plan', `${JOBS_DIR}/wordcount-streaming.yaml`, '--members']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--execution');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

describe('plan --execution: problems only visible at subtask level', () => {
  let dir: string;
  const write = (name: string, lines: string[]): string => {
    const file = join(dir, name);
    writeFileSync(file, lines.join('\n') + '\n');
    return file;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flinkslot-e2e-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('co-located a(2) -> b(4) forward: valid plan, but --execution fails with execution/colocation-across-regions at b', () => {
    // One logical region, but subtask regions {a#0, b#0, b#1} and {a#1, b#2, b#3}: a#1 and b#1 are apart.
    const file = write('split-colocation.yaml', [
      'name: split-colocation',
      'vertices:',
      '  - {id: a, parallelism: 2, coLocationGroup: cg}',
      '  - {id: b, parallelism: 4, coLocationGroup: cg}',
      'edges:',
      '  - {source: a, target: b, distribution: POINTWISE}',
    ]);
    expect(cli(['plan', file]).status).toBe(0);
    const run = cli(['plan', file, '--execution']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((l) => l.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error \S+split-colocation\.yaml:4:\d+ co-located tasks must be in the same pipelined region .*b#1.* \(\/vertices\/1\/coLocationGroup\) \[execution\/colocation-across-regions\]$/,
    );
    expectNoCrash(run.stderr);
  });

  it('the §1.4 Surprise in batch mode: 3 regions, a located region-cycle warning, no region can start', () => {
    const edge = (source: string, target: string, type: string) =>
      `  - {source: ${source}, target: ${target}, distribution: ALL_TO_ALL, resultPartitionType: ${type}}`;
    const file = write('surprise.yaml', [
      'name: surprise',
      'mode: batch',
      'vertices:',
      ...['v1', 'v2', 'v3', 'v4'].map((id) => `  - {id: ${id}, parallelism: 2}`),
      'edges:',
      edge('v1', 'v2', 'BLOCKING'),
      edge('v1', 'v3', 'PIPELINED'),
      edge('v2', 'v4', 'BLOCKING'),
      edge('v3', 'v4', 'PIPELINED'),
    ]);
    const text = cli(['plan', file, '--execution']);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('Scheduling regions: 3 (sizes: 1 × 6, 2 × 1)');
    expect(text.stdout).toContain('Batch peak: no region can ever start');
    expect(text.stdout).toContain('3 regions can never start: they wait for each other in a cycle, or for such regions');
    expect(text.stdout).toMatch(/warning pipelined regions \{v1, v3, v4\} and \{v2\} depend on each other/);
    const json = JSON.parse(cli(['plan', file, '--execution', '--json']).stdout);
    expect(validate(json)).toBe(true);
    expect(json.execution.batch).toMatchObject({ unschedulableRegions: 3, waves: 0, peakSlots: 0 });
    expect(json.execution.warnings).toHaveLength(1);
    expect(json.execution.warnings[0]).toMatchObject({
      code: 'execution/region-cycle',
      severity: 'warning',
      location: { pointer: '/vertices/0', line: 4 },
    });
  });
  it('a slot sharing group in two waves: the peak, its breakdown, and each group’s own peak, labelled apart', () => {
    // g1 = {a 12, c 4}, g2 = {b 8}, BLOCKING a -> b -> c: waves a (12), b (8), c (4). The peak is
    // wave 1's 12 slots, all g1's; the groups' own peaks (g1 12 in wave 1, g2 8 in wave 2) add up to 20.
    const file = write('two-waves.yaml', [
      'name: two-waves',
      'mode: batch',
      'vertices:',
      '  - {id: a, parallelism: 12, slotSharingGroup: g1}',
      '  - {id: b, parallelism: 8, slotSharingGroup: g2}',
      '  - {id: c, parallelism: 4, slotSharingGroup: g1}',
      'edges:',
      '  - {source: a, target: b, distribution: ALL_TO_ALL, resultPartitionType: BLOCKING}',
      '  - {source: b, target: c, distribution: ALL_TO_ALL, resultPartitionType: BLOCKING}',
    ]);
    const text = cli(['plan', file, '--execution']);
    expect(text.status).toBe(0);
    const lines = text.stdout.split('\n').map((l) => l.trim());
    const at = lines.findIndex((l) => l.startsWith('Batch peak:'));
    expect(lines.slice(at, at + 4)).toEqual([
      'Batch peak: 12 slots held at once, in wave 1 of 3 (regions start once their blocking inputs are finished; one step each)',
      'held in wave 1, per slot sharing group: g1 12',
      "each group's own peak, in different waves (20 together, never held at once): g1 12, g2 8",
      'fewest slots that let the job progress (largest region): 1',
    ]);
    const json = JSON.parse(cli(['plan', file, '--execution', '--json']).stdout);
    expect(validate(json)).toBe(true);
    expect(json.execution.batch).toMatchObject({
      peakSlots: 12,
      peakWave: 0,
      waves: 3,
      peakWaveSlotsPerSlotSharingGroup: [
        { slotSharingGroup: 'g1', slots: 12 },
        { slotSharingGroup: 'g2', slots: 0 },
      ],
      mostSlotsPerSlotSharingGroup: [
        { slotSharingGroup: 'g1', slots: 12 },
        { slotSharingGroup: 'g2', slots: 8 },
      ],
    });
  });
});

describe('plan --execution on a job above the subtask bound', () => {
  it('the fixture has 501 vertices of parallelism 20000 (10,020,000 subtasks), each within max parallelism 32768', () => {
    const text = readFileSync(join(ROOT, TOO_MANY), 'utf8');
    const vertices = text.split('\n').filter((l) => /^\s+- \{id: v\d+, parallelism: 20000, maxParallelism: 32768\}$/.test(l));
    expect(vertices).toHaveLength(501);
    expect(501 * 20_000).toBeGreaterThan(10_000_000);
  });

  it('exit 2 with one located execution/too-many-subtasks diagnostic, refused before any subtask is expanded, without a stack trace', () => {
    const run = cli(['plan', TOO_MANY, '--execution']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((l) => l.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error fixtures\/invalid\/too-many-subtasks\.yaml:\d+:\d+ the job has 10020000 subtasks; .* \(\/vertices\) \[execution\/too-many-subtasks\]$/,
    );
    expect(lines[0]).toContain('10,000,000');
    expectNoCrash(run.stderr);
    expect(run.stderr).not.toMatch(ANSI);
  });

  it('--json does not change the diagnostic or the exit code; stdout has it as JSON', () => {
    const run = cli(['plan', TOO_MANY, '--execution', '--json']);
    expect(run.status).toBe(2);
    expect(expectJsonError(run).error.code).toBe('execution/too-many-subtasks');
    expect(run.stderr).toContain('[execution/too-many-subtasks]');
    expectNoCrash(run.stderr);
  });

  it('the same job without --execution is a valid plan (exit 0)', () => {
    const run = cli(['plan', TOO_MANY, '--json']);
    expect(run.status).toBe(0);
    const plan = JSON.parse(run.stdout);
    expect(plan.minimumSlots).toBe(20_000);
    expect(plan.execution).toBeUndefined();
  });
});
