/**
 * End-to-end tests of `flinkslot simulate`: spawn the built CLI (`node bin/run.js`) from the
 * repository root, as a user would, on
 * - every scenario of fixtures/scenarios (verdicts, explanations, exit codes, --json, --trace),
 * - `--cluster` with job graph files on fixtures/clusters (standalone-4x4, kubernetes-active),
 * - the scenarios of fixtures/simulate (two competing jobs, a max-total-CPU limit, the
 *   declarative SlotManager with static slots, variants),
 * - bad inputs in fixtures/invalid/simulate (exit 2, one located diagnostic, never a stack trace);
 * and every `--json` output against schemas/simulation.schema.json.
 *
 * Every expected figure below was worked out by hand from the fixture (see each fixture's header);
 * the comments show the arithmetic.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSI, ROOT, type Run, STACK_LINE, ensureBuilt, runCli } from '../support/cli.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

const cache = new Map<string, Run>();
/** `flinkslot simulate ARGS`, run once per distinct argument list (NO_COLOR=1, like every other e2e test). */
function cli(args: string[]): Run {
  const key = args.join('\u0000');
  let run = cache.get(key);
  if (run === undefined) {
    run = runCli(['simulate', ...args]);
    cache.set(key, run);
  }
  return run;
}

function json(args: string[]): Json {
  const run = cli([...args, '--json']);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout);
}

/** Nothing that looks like an uncaught exception: no stack frames, no `Error:`/`Exception:` text. */
function expectNoCrash(stderr: string): void {
  expect(stderr).not.toMatch(STACK_LINE);
  expect(stderr).not.toMatch(/\bError:/);
  expect(stderr).not.toMatch(/\w+Exception:/);
  expect(stderr).not.toContain('internal error');
}

function job(report: Json, id: string): Json {
  const found = report.jobs.find((j: Json) => j.id === id);
  expect(found, `job ${id}`).toBeDefined();
  return found;
}

/** Text of the job's block: from "Job <id>" to the next blank line. */
function jobBlock(stdout: string, id: string): string {
  const start = stdout.indexOf(`Job ${id}`);
  expect(start, `text block of job ${id}`).toBeGreaterThanOrEqual(0);
  const end = stdout.indexOf('\n\n', start);
  return stdout.slice(start, end < 0 ? undefined : end);
}

/** Job id → the verdict word(s) on its "Job ..." line. */
function verdictLines(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of stdout.matchAll(/^Job (\S+)(?: \([^)]*\))?: (met|partly met|not met|never met)\b/gm)) out[m[1]!] = m[2]!;
  return out;
}

function profile(fields: {
  cpuCores: number;
  taskHeapMemory?: number;
  taskOffHeapMemory?: number;
  managedMemory?: number;
  networkMemory?: number;
}): Json {
  return {
    cpuCores: fields.cpuCores,
    taskHeapMemory: fields.taskHeapMemory ?? 0,
    taskOffHeapMemory: fields.taskOffHeapMemory ?? 0,
    managedMemory: fields.managedMemory ?? 0,
    networkMemory: fields.networkMemory ?? 0,
    extendedResources: {},
  };
}

/** Per TaskManager: how many slots each job holds there. */
function slotsByTaskManager(report: Json): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const tm of report.taskManagers) {
    const owners: Record<string, number> = {};
    for (const s of tm.slots) owners[s.job] = (owners[s.job] ?? 0) + 1;
    out[tm.id] = owners;
  }
  return out;
}

/** The "Decisions" section of a --trace text report: [time, kind, message]. */
function decisions(stdout: string): Array<[number, string, string]> {
  const at = stdout.indexOf('\nDecisions\n');
  expect(at, 'a Decisions section').toBeGreaterThan(0);
  return stdout
    .slice(at + '\nDecisions\n'.length)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const m = /^\s+(\d+) ms {2}(\S+)\s+(.*)$/.exec(l);
      expect(m, `decision line: ${l}`).not.toBeNull();
      return [Number(m![1]), m![2]!, m![3]!] as [number, string, string];
    });
}

beforeAll(ensureBuilt);

// ---------------------------------------------------------------------------------------------
// fixtures/scenarios
// ---------------------------------------------------------------------------------------------

const SCENARIOS_DIR = 'fixtures/scenarios';
const ROLLING = `${SCENARIOS_DIR}/rolling-jobs.yaml`;
const MANAGED = `${SCENARIOS_DIR}/not-enough-managed-memory.yaml`;

describe('simulate on fixtures/scenarios', () => {
  it('covers every scenario file', () => {
    const files = readdirSync(join(ROOT, SCENARIOS_DIR))
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .sort();
    expect(files.map((f) => `${SCENARIOS_DIR}/${f}`)).toEqual([MANAGED, ROLLING]);
  });

  describe('not-enough-managed-memory.yaml', () => {
    // The job wants 2 slots of (2 CPU, 2 GiB heap, 3 GiB managed); the only TaskManager and every
    // worker the active ResourceManager could start have 1 GiB managed memory: short by 2 GiB.
    it('text: not met, exit 1, names the short dimension and the amounts', () => {
      const run = cli([MANAGED]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(1);
      expect(run.stdout.split('\n')[0]).toBe('Simulation not-enough-managed-memory: not met');
      expect(run.stdout.split('\n')[1]).toBe(
        'Flink 2.1, fine-grained SlotManager, active ResourceManager; the cluster settled (no more changes) at 100 ms',
      );
      expect(verdictLines(run.stdout)).toEqual({ analytics: 'never met' });
      const block = jobBlock(run.stdout, 'analytics');
      expect(block).toContain('  requires  2 × cpu 2, heap 2 GiB, managed 3 GiB');
      expect(block).toContain('  acquired  none');
      expect(block).toContain('  missing   2 × cpu 2, heap 2 GiB, managed 3 GiB');
      expect(block).toContain('    - 4 free slots; closest TaskManager tm-1: managed memory 1 GiB free of 3 GiB needed (short by 2 GiB)');
      expect(block).toContain(
        '    - the slot is larger than the default worker (cpu 4, heap 4 GiB, managed 1 GiB, network 512 MiB), so no new worker can hold it: managed memory 1 GiB free of 3 GiB needed (short by 2 GiB)',
      );
      // Only the short dimension is named, not CPU or heap (which fit).
      expect(block).not.toMatch(/cpuCores \S+ free of/);
      expect(block).not.toMatch(/taskHeapMemory \S+ free of/);
      expect(run.stdout).toContain('  tm-1: 0/4 slots used; idle; free cpu 4, heap 4 GiB, managed 1 GiB, network 512 MiB');
    });

    it('--json: structure, verdicts and the shortfall as data', () => {
      const report = json([MANAGED]);
      expect(report).toMatchObject({
        scenario: 'not-enough-managed-memory',
        flinkVersion: '2.1',
        slotManager: 'fine-grained',
        resourceAllocation: 'active',
        endTime: 100,
        verdict: 'not-met',
        workersStarted: 0,
      });
      expect(report.trace).toBeUndefined();
      expect(report.pendingTaskManagers).toEqual([]);
      const big = profile({ cpuCores: 2, taskHeapMemory: 2 * GiB, managedMemory: 3 * GiB });
      const analytics = job(report, 'analytics');
      expect(analytics).toMatchObject({
        verdict: 'never-met',
        requirements: [{ profile: big, count: 2 }],
        acquired: [],
        missing: [{ profile: big, count: 2 }],
        notEnoughResourcesNotifications: 1,
      });
      expect(analytics.adaptiveParallelism).toBeUndefined();
      expect(analytics.explanations).toHaveLength(1);
      const reasons = analytics.explanations[0].reasons;
      expect(reasons.map((r: Json) => r.kind)).toEqual(['closest-task-manager', 'larger-than-worker']);
      expect(reasons[0].taskManager).toBe('tm-1');
      expect(reasons[0].shortfalls).toEqual([{ dimension: 'managedMemory', required: '3gb', available: '1gb', shortBy: '2gb' }]);
      expect(reasons[1].shortfalls).toEqual([{ dimension: 'managedMemory', required: '3gb', available: '1gb', shortBy: '2gb' }]);
      expect(report.taskManagers).toEqual([
        {
          id: 'tm-1',
          total: profile({ cpuCores: 4, taskHeapMemory: 4 * GiB, managedMemory: GiB, networkMemory: 512 * MiB }),
          free: profile({ cpuCores: 4, taskHeapMemory: 4 * GiB, managedMemory: GiB, networkMemory: 512 * MiB }),
          registeredSlots: 4,
          freeSlots: 4,
          slots: [],
          released: false,
          blocked: false,
        },
      ]);
    });
  });

  describe('rolling-jobs.yaml', () => {
    // Two dynamic TaskManagers of 4 default slots (cpu 1, heap 1g, managed 512m, network 128m).
    // wordcount (10 slots, from its job graph) takes all 8 at 50 ms; etl (6) finds none at 10 s;
    // wordcount finishes at 60 s, its 8 slots are freed and etl gets 6 at the next check (60050 ms).
    // wordcount never held the 10 slots it requires: finishing does not make it met (verdicts over time).
    const slot = profile({ cpuCores: 1, taskHeapMemory: GiB, managedMemory: 512 * MiB, networkMemory: 128 * MiB });

    it('text: wordcount never met (it finished without ever holding its 10 slots), etl met; exit 1', () => {
      const run = cli([ROLLING]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(1);
      expect(run.stdout.split('\n')[0]).toBe('Simulation rolling-jobs: not met');
      expect(run.stdout).toContain(
        'Flink 1.20, fine-grained SlotManager, standalone ResourceManager; the cluster settled (no more changes) at 60.05 s',
      );
      expect(verdictLines(run.stdout)).toEqual({ wordcount: 'never met', etl: 'met' });
      expect(run.stdout).toContain('Job wordcount (../jobs/wordcount-streaming.yaml): never met (finished at 1 min)');
      expect(jobBlock(run.stdout, 'wordcount')).toContain('  history   submitted at 0 ms; never fully met (at most 8 slots held)');
      expect(jobBlock(run.stdout, 'etl')).toContain('  history   submitted at 10 s; fully met at 60.05 s');
      expect(jobBlock(run.stdout, 'etl')).toContain('  acquired  6 × cpu 1, heap 1 GiB, managed 512 MiB, network 128 MiB');
      expect(run.stdout).toContain('  tm-1: 4/4 slots used; etl, etl, etl, etl; free cpu 0');
      expect(run.stdout).toContain('  tm-2: 2/4 slots used; etl, etl; free cpu 2, heap 2 GiB, managed 1 GiB, network 256 MiB');
      expect(run.stdout).not.toContain('Decisions');
    });

    it('--json: verdicts, acquired counts, per-TaskManager slots', () => {
      const report = json([ROLLING]);
      expect(report).toMatchObject({
        scenario: 'rolling-jobs',
        flinkVersion: '1.20',
        slotManager: 'fine-grained',
        resourceAllocation: 'standalone',
        endTime: 60050,
        verdict: 'not-met',
        workersStarted: 0,
      });
      expect(report.jobs.map((j: Json) => [j.id, j.verdict, j.submittedAt, j.firstFullyMetAt, j.slotsBeforeFullyMet, j.lostAt])).toEqual([
        ['wordcount', 'never-met', 0, null, 8, []],
        ['etl', 'met', 10_000, 60_050, 0, []],
      ]);
      // With 8 of 10 slots the adaptive scheduler could have run wordcount at lower parallelism.
      expect(job(report, 'wordcount').parallelismBeforeFullyMet).toEqual({ source: 4, window: 6, enrich: 2, sink: 4 });
      expect(job(report, 'wordcount')).toMatchObject({
        source: '../jobs/wordcount-streaming.yaml',
        finishedAt: 60000,
        requirements: [{ profile: 'UNKNOWN', count: 10 }],
        acquired: [],
        missing: [],
      });
      // Told twice: at the end of the 5 s start-up time and at the 10050 ms check.
      expect(job(report, 'wordcount').notEnoughResourcesNotifications).toBe(2);
      expect(job(report, 'etl')).toMatchObject({
        requirements: [{ profile: 'UNKNOWN', count: 6 }],
        acquired: [{ profile: slot, count: 6 }],
        missing: [],
        explanations: [],
        notEnoughResourcesNotifications: 1,
      });
      expect(slotsByTaskManager(report)).toEqual({ 'tm-1': { etl: 4 }, 'tm-2': { etl: 2 } });
      expect(report.taskManagers.map((t: Json) => [t.id, t.registeredSlots, t.freeSlots, t.released])).toEqual([
        ['tm-1', 4, 0, false],
        ['tm-2', 4, 2, false],
      ]);
      for (const tm of report.taskManagers) for (const s of tm.slots) expect(s.profile).toEqual(slot);
      expect(report.taskManagers[1].free).toEqual(
        profile({ cpuCores: 2, taskHeapMemory: 2 * GiB, managedMemory: GiB, networkMemory: 256 * MiB }),
      );
    });

    it('--json is byte-identical across runs (determinism)', () => {
      const first = runCli(['simulate', ROLLING, '--json', '--trace']);
      const second = runCli(['simulate', ROLLING, '--json', '--trace']);
      expect(first.status).toBe(1);
      expect(first.stdout.length).toBeGreaterThan(1000);
      expect(second.stdout).toBe(first.stdout);
    });

    it('--trace: decisions in time order, the story of the scenario', () => {
      const run = cli([ROLLING, '--trace']);
      expect(run.status).toBe(1);
      const d = decisions(run.stdout);
      expect(d.length).toBeGreaterThan(20);
      for (let i = 1; i < d.length; i++) expect(d[i]![0], `decision ${i}: ${d[i]![2]}`).toBeGreaterThanOrEqual(d[i - 1]![0]);
      expect(d[0]).toEqual([
        0,
        'register',
        'TaskManager tm-1 registers (cpu 4, heap 4 GiB, managed 2 GiB, network 512 MiB, default slot cpu 1, heap 1 GiB, managed 512 MiB, network 128 MiB)',
      ]);
      const index = (pred: (x: [number, string, string]) => boolean): number => d.findIndex(pred);
      const wordcountAllocations = d.filter(([t, k, m]) => t === 50 && k === 'allocate' && m.endsWith('for job wordcount'));
      expect(wordcountAllocations).toHaveLength(8);
      const etlDeclares = index(([t, k, m]) => t === 10000 && k === 'declare' && m === 'job etl declares 6 × UNKNOWN');
      const frees = d.filter(([t, k, m]) => t === 60000 && k === 'free' && m.includes('of job wordcount'));
      expect(frees).toHaveLength(8);
      const etlAllocations = d.filter(([t, k, m]) => t === 60050 && k === 'allocate' && m.endsWith('for job etl'));
      expect(etlAllocations).toHaveLength(6);
      const firstFree = index(([t, k]) => t === 60000 && k === 'free');
      const firstEtlAllocation = index(([, k, m]) => k === 'allocate' && m.endsWith('for job etl'));
      expect(etlDeclares).toBeGreaterThan(0);
      expect(firstFree).toBeGreaterThan(etlDeclares);
      expect(firstEtlAllocation).toBeGreaterThan(firstFree);
      // The standalone start-up time (5 s) holds back the first notification.
      expect(d.find(([, k]) => k === 'not-enough-resources')![0]).toBe(5000);
    });

    it('--json --trace carries the same decisions, in order', () => {
      const report = json([ROLLING, '--trace']);
      const text = decisions(cli([ROLLING, '--trace']).stdout);
      expect(report.trace.map((t: Json) => [t.time, t.kind, t.message])).toEqual(text);
      const times = report.trace.map((t: Json) => t.time);
      expect(times).toEqual([...times].sort((a: number, b: number) => a - b));
    });
  });
});

// ---------------------------------------------------------------------------------------------
// --cluster CLUSTER JOB...
// ---------------------------------------------------------------------------------------------

const STANDALONE = 'fixtures/clusters/standalone-4x4.yaml';
const KUBERNETES = 'fixtures/clusters/kubernetes-active.yaml';
const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const TWENTY = 'fixtures/jobs/twenty-vertices.json';
const LEGACY = 'fixtures/jobs/legacy-1-11.yaml';
const FLIP156 = 'fixtures/jobs/fine-grained-flip156.yaml';

/**
 * twenty-vertices on 6 slots: groups "default" (max 12) and "ml" (max 3) get 3 slots each
 * (round robin over the lower bounds of 1); every vertex runs at min(its parallelism, 3).
 */
const TWENTY_ON_SIX: Record<string, number> = {
  'src-clicks': 3,
  'src-orders': 3,
  'src-payments': 3,
  'src-users': 2,
  'parse-clicks': 3,
  'parse-orders': 3,
  'parse-payments': 3,
  'users-dim': 2,
  sessionize: 3,
  'orders-payments-join': 3,
  'enrich-users': 3,
  'fraud-model': 3,
  'revenue-window': 3,
  'funnel-agg': 3,
  topn: 1,
  'alerts-sink': 3,
  'revenue-sink': 2,
  'funnel-sink': 3,
  'topn-sink': 1,
  'dlq-sink': 1,
};

describe('simulate --cluster with job graph files', () => {
  describe('standalone-4x4: wordcount (10 slots) then twenty-vertices (15) on 16 slots', () => {
    const args = ['--cluster', STANDALONE, WORDCOUNT, TWENTY];
    const slot = profile({
      cpuCores: 1,
      taskHeapMemory: GiB,
      taskOffHeapMemory: 128 * MiB,
      managedMemory: 512 * MiB,
      networkMemory: 128 * MiB,
    });

    it('text: the first job is met, the second partly met with the adaptive parallelism; exit 1', () => {
      const run = cli(args);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(1);
      expect(run.stdout.split('\n')[0]).toBe('Simulation: partly met');
      expect(run.stdout).toContain('Flink 1.20, fine-grained SlotManager, standalone ResourceManager');
      expect(verdictLines(run.stdout)).toEqual({ wordcount: 'met', 'ecommerce-analytics-20': 'partly met' });
      expect(run.stdout).toContain('Job wordcount (fixtures/jobs/wordcount-streaming.yaml): met');
      const block = jobBlock(run.stdout, 'ecommerce-analytics-20');
      expect(block).toContain('  acquired  6 × cpu 1, heap 1 GiB, off-heap 128 MiB, managed 512 MiB, network 128 MiB');
      expect(block).toContain('  missing   9 × UNKNOWN');
      expect(block).toContain(
        `  the adaptive scheduler would run it at ${Object.entries(TWENTY_ON_SIX)
          .map(([v, p]) => `${v}=${p}`)
          .join(', ')}`,
      );
      expect(block).toContain('the ResourceManager is standalone: it cannot start new workers');
    });

    it('--json: acquired counts and slots per TaskManager (first come, first served)', () => {
      const report = json(args);
      expect(report).toMatchObject({
        verdict: 'partly-met',
        slotManager: 'fine-grained',
        resourceAllocation: 'standalone',
        workersStarted: 0,
      });
      expect(report.scenario).toBeUndefined();
      expect(job(report, 'wordcount')).toMatchObject({
        source: WORDCOUNT,
        verdict: 'met',
        acquired: [{ profile: slot, count: 10 }],
        missing: [],
      });
      const twenty = job(report, 'ecommerce-analytics-20');
      expect(twenty).toMatchObject({
        source: TWENTY,
        verdict: 'partly-met',
        requirements: [{ profile: 'UNKNOWN', count: 15 }],
        acquired: [{ profile: slot, count: 6 }],
        missing: [{ profile: 'UNKNOWN', count: 9 }],
      });
      expect(twenty.adaptiveParallelism).toEqual(TWENTY_ON_SIX);
      // wordcount fills tm-1, tm-2 and half of tm-3; twenty-vertices the rest.
      expect(slotsByTaskManager(report)).toEqual({
        'tm-1': { wordcount: 4 },
        'tm-2': { wordcount: 4 },
        'tm-3': { wordcount: 2, 'ecommerce-analytics-20': 2 },
        'tm-4': { 'ecommerce-analytics-20': 4 },
      });
      expect(report.taskManagers.every((t: Json) => t.freeSlots === 0 && t.registeredSlots === 4)).toBe(true);
    });

    it('a job alone that fits is met (exit 0)', () => {
      const run = cli(['--cluster', STANDALONE, LEGACY]);
      expect(run.status).toBe(0);
      expect(verdictLines(run.stdout)).toEqual({ 'sessionization-1.11': 'met' });
      expect(run.stdout.split('\n')[0]).toBe('Simulation: met');
    });

    it('the same job graph twice gets a second id', () => {
      const report = json(['--cluster', STANDALONE, LEGACY, LEGACY]);
      expect(report.jobs.map((j: Json) => [j.id, j.verdict, j.acquired[0].count])).toEqual([
        ['sessionization-1.11', 'met', 7],
        ['sessionization-1.11-2', 'met', 7],
      ]);
    });
  });

  describe('kubernetes-active: workers of 2 CPU / 2 slots derived from the Flink configuration, at most 16 CPU', () => {
    // FLIP-49 for process 4096m: task heap 1530082070, managed 1438814063, network 359703515 bytes;
    // the default slot is half of each (rounded down).
    const slot = profile({ cpuCores: 1, taskHeapMemory: 765041035, managedMemory: 719407031, networkMemory: 179851757 });
    const args = ['--cluster', KUBERNETES, WORDCOUNT, TWENTY];

    it('text: 8 workers (16 CPU); wordcount met, twenty-vertices partly met on the 6 slots left; exit 1', () => {
      const run = cli(args);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(
        'Flink 2.1, fine-grained SlotManager, active ResourceManager; the cluster settled (no more changes) at 20.1 s',
      );
      expect(verdictLines(run.stdout)).toEqual({ wordcount: 'met', 'ecommerce-analytics-20': 'partly met' });
      expect(jobBlock(run.stdout, 'ecommerce-analytics-20')).toMatch(
        /- no new TaskManager can be requested: the max total resource limit \(16 CPU, unlimited memory: slotmanager\.max-total-resource\.cpu\) would be exceeded/,
      );
      expect(run.stdout).toContain('TaskManagers (8)');
    });

    it('--json: workers started, slots per worker', () => {
      const report = json(args);
      // Declared at 100 ms, registered after workerStartupLatency 20 s.
      expect(report).toMatchObject({ verdict: 'partly-met', resourceAllocation: 'active', workersStarted: 8, endTime: 20100 });
      expect(job(report, 'wordcount')).toMatchObject({ verdict: 'met', acquired: [{ profile: slot, count: 10 }] });
      expect(job(report, 'ecommerce-analytics-20')).toMatchObject({
        verdict: 'partly-met',
        acquired: [{ profile: slot, count: 6 }],
        missing: [{ profile: 'UNKNOWN', count: 9 }],
        adaptiveParallelism: TWENTY_ON_SIX,
      });
      expect(job(report, 'ecommerce-analytics-20').explanations[0].reasons.map((r: Json) => r.kind)).toEqual([
        'closest-task-manager',
        'worker-limit',
      ]);
      expect(slotsByTaskManager(report)).toEqual({
        'worker-1': { wordcount: 2 },
        'worker-2': { wordcount: 2 },
        'worker-3': { wordcount: 2 },
        'worker-4': { wordcount: 2 },
        'worker-5': { wordcount: 2 },
        'worker-6': { 'ecommerce-analytics-20': 2 },
        'worker-7': { 'ecommerce-analytics-20': 2 },
        'worker-8': { 'ecommerce-analytics-20': 2 },
      });
      expect(report.taskManagers[0].total).toEqual(
        profile({ cpuCores: 2, taskHeapMemory: 1530082070, managedMemory: 1438814063, networkMemory: 359703515 }),
      );
      // Two default slots leave one byte of managed and network memory.
      expect(report.taskManagers[0].free).toEqual(profile({ cpuCores: 0, managedMemory: 1, networkMemory: 1 }));
    });

    it('legacy-1-11 is met, fine-grained-flip156 is not (task off-heap and gpu exceed any worker); exit 1', () => {
      const run = cli(['--cluster', KUBERNETES, LEGACY, FLIP156]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(1);
      expect(verdictLines(run.stdout)).toEqual({ 'sessionization-1.11': 'met', 'fraud-scoring': 'never met' });
      const block = jobBlock(run.stdout, 'fraud-scoring');
      expect(block).toContain(
        '  missing   2 × cpu 2, heap 1 GiB, off-heap 128 MiB, managed 512 MiB, network 1.1 MiB, gpu 1, 6 × cpu 1.75, heap 704 MiB, off-heap 32 MiB, managed 256 MiB',
      );
      // The worker has no task off-heap memory and no gpu.
      expect(block).toContain(
        'so no new worker can hold it: task off-heap 0 B free of 128 MiB needed (short by 128 MiB); gpu 0 free of 1 needed (short by 1)',
      );
      expect(block).toContain('so no new worker can hold it: task off-heap 0 B free of 32 MiB needed (short by 32 MiB)');
      expect(run.stdout.split('\n')[0]).toBe('Simulation: not met');
    });

    it('--json is byte-identical across runs (determinism)', () => {
      const first = runCli(['simulate', ...args, '--json', '--trace']);
      const second = runCli(['simulate', ...args, '--json', '--trace']);
      expect(first.status).toBe(1);
      expect(JSON.parse(first.stdout).trace.length).toBeGreaterThan(40);
      expect(second.stdout).toBe(first.stdout);
    });
  });

  it('a job graph that does not plan: exit 2, located in the job file', () => {
    const run = cli(['--cluster', STANDALONE, WORDCOUNT, 'fixtures/invalid/cycle.yaml']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe(
      'error fixtures/invalid/cycle.yaml:10:5 The job graph is cyclic: a -> b -> c -> a (/edges/2) [input/cycle]',
    );
    expectNoCrash(run.stderr);
  });

  it('a cluster file that is a scenario: exit 2, one line saying what it is and what reads it', () => {
    const run = cli(['--cluster', ROLLING, LEGACY]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `error ${ROLLING}:1:1 this is a flinkslot scenario, not a cluster; try \`flinkslot simulate ${ROLLING}\` [input/wrong-kind]\n`,
    );
    expectNoCrash(run.stderr);
  });

  it('a cluster file that does not exist: exit 2', () => {
    const run = cli(['--cluster', 'fixtures/clusters/nope.yaml', LEGACY]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('error cannot read fixtures/clusters/nope.yaml: no such file\n');
  });
});

// ---------------------------------------------------------------------------------------------
// fixtures/simulate: focused scenarios
// ---------------------------------------------------------------------------------------------

describe('simulate on fixtures/simulate', () => {
  it('two jobs, the second cannot fit on a standalone cluster: exit 1', () => {
    const path = 'fixtures/simulate/two-jobs-standalone.yaml';
    const run = cli([path]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n')[0]).toBe('Simulation two-jobs-standalone: not met');
    expect(verdictLines(run.stdout)).toEqual({ first: 'met', second: 'never met' });
    const second = jobBlock(run.stdout, 'second');
    expect(second).toContain('  acquired  none');
    expect(second).toContain('  missing   2 × UNKNOWN');
    expect(second).toContain('    - 0 free slots: all 4 slots of 1 TaskManager are taken');
    expect(second).toContain('the ResourceManager is standalone: it cannot start new workers');
    expect(run.stdout).toContain('  tm-1: 4/4 slots used; first, first, first, first; free cpu 0');
    const report = json([path]);
    expect(report.jobs.map((j: Json) => [j.id, j.verdict, j.acquired.reduce((n: number, a: Json) => n + a.count, 0)])).toEqual([
      ['first', 'met', 4],
      ['second', 'never-met', 0],
    ]);
    // The standalone start-up time is 2 s: second is told at 2 s, after declaring at 1 s.
    expect(report.endTime).toBe(2000);
    expect(job(report, 'second').notEnoughResourcesNotifications).toBe(1);
  });

  it('active cluster with maxTotalCpu 4: a third worker is refused, the explanation names the limit', () => {
    const path = 'fixtures/simulate/max-total-cpu.yaml';
    const run = cli([path]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(verdictLines(run.stdout)).toEqual({ greedy: 'partly met' });
    const block = jobBlock(run.stdout, 'greedy');
    expect(block).toContain('  acquired  4 × cpu 1, heap 1 GiB, managed 512 MiB');
    expect(block).toContain('  missing   2 × UNKNOWN');
    expect(block).toMatch(
      /- no new TaskManager can be requested: the max total resource limit \(4 CPU, unlimited memory: slotmanager\.max-total-resource\.cpu\) would be exceeded/,
    );
    const report = json([path]);
    // Two workers of 2 CPU = 4 CPU; declared at 100 ms, registered 5 s later.
    expect(report).toMatchObject({ workersStarted: 2, endTime: 5100, verdict: 'partly-met', resourceAllocation: 'active' });
    expect(slotsByTaskManager(report)).toEqual({ 'worker-1': { greedy: 2 }, 'worker-2': { greedy: 2 } });
    const limit = job(report, 'greedy').explanations[0].reasons.find((r: Json) => r.kind === 'worker-limit');
    expect(limit.message).toContain('max total resource limit (4 CPU');
  });

  it('Flink 1.17: the declarative SlotManager with static slots', () => {
    const path = 'fixtures/simulate/dsm-static-slots.yaml';
    const run = cli([path]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'Flink 1.17, declarative SlotManager, standalone ResourceManager; the cluster settled (no more changes) at 2.05 s',
    );
    expect(verdictLines(run.stdout)).toEqual({ streaming: 'met', wide: 'never met' });
    expect(jobBlock(run.stdout, 'wide')).toContain(
      '1 slot is free but none matches cpu 2, heap 1 GiB: a static slot (cpu 1, heap 1 GiB) serves only UNKNOWN or an exactly equal profile',
    );
    // Static slots are shown with their index.
    expect(run.stdout).toContain('  tm-1: 2/2 slots used; #0 streaming, #1 streaming; free cpu 0');
    expect(run.stdout).toContain('  tm-2: 1/2 slots used; #0 streaming; free cpu 1, heap 1 GiB');
    const report = json([path]);
    expect(report).toMatchObject({ flinkVersion: '1.17', slotManager: 'declarative', verdict: 'not-met' });
    expect(
      report.taskManagers.map((t: Json) => [t.id, t.registeredSlots, t.freeSlots, t.slots.map((s: Json) => [s.index, s.job])]),
    ).toEqual([
      [
        'tm-1',
        2,
        0,
        [
          [0, 'streaming'],
          [1, 'streaming'],
        ],
      ],
      ['tm-2', 2, 1, [[0, 'streaming']]],
    ]);
    expect(job(report, 'streaming').acquired).toEqual([{ profile: profile({ cpuCores: 1, taskHeapMemory: GiB }), count: 3 }]);
    expect(job(report, 'wide').explanations[0].reasons[0]).toMatchObject({ kind: 'no-matching-slot', taskManager: 'tm-2' });
  });

  it('a FlinkDeployment caps the cluster with slotmanager.number-of-slots.max from its flinkConfiguration', () => {
    // fixtures/clusters/flink-deployment-max-slots.yaml: native mode, 2 slots of 0.5 CPU per worker,
    // at most 6 slots → the fine-grained SlotManager allows 3 workers' CPU and memory.
    const args = ['--cluster', 'fixtures/clusters/flink-deployment-max-slots.yaml', WORDCOUNT];
    const run = cli(args);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Flink 1.20, fine-grained SlotManager, active ResourceManager');
    expect(run.stdout).toMatch(
      /- no new TaskManager can be requested: the max total resource limit \(3 CPU, 3\.9 GiB: slotmanager\.number-of-slots\.max 6 × the default slot\) would be exceeded/,
    );
    const report = json(args);
    expect([report.verdict, report.jobs[0].acquired[0].count, report.taskManagers.length]).toEqual(['partly-met', 6, 3]);
  });

  it('--flink-version replaces the file’s version, and so picks the SlotManager', () => {
    // dsm-static-slots names 1.17 (declarative); the flag's 2.1 runs the fine-grained SlotManager.
    const file = json(['fixtures/simulate/dsm-static-slots.yaml']);
    expect([file.flinkVersion, file.flinkVersionSource, file.slotManager]).toEqual(['1.17', 'file', 'declarative']);
    const flag = json(['fixtures/simulate/dsm-static-slots.yaml', '--flink-version', '2.1']);
    expect([flag.flinkVersion, flag.flinkVersionSource, flag.slotManager]).toEqual(['2.1', 'option', 'fine-grained']);
  });

  it('standalone ignores slotmanager.number-of-slots.max as Flink does: 2 TaskManagers × 4 slots serve all 8 slots, with a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flinkslot-standalone-'));
    try {
      const cluster = join(dir, 'cluster.yaml');
      const tms = 'taskManagers: [{id: tm, count: 2}]\n';
      const worker = 'defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}\n';
      writeFileSync(cluster, `flinkVersion: "1.17"\n${worker}options: {maxSlots: 4}\n${tms}`);
      const job = join(dir, 'job.yaml');
      writeFileSync(job, 'name: wide\nflinkVersion: "1.17"\nvertices: [{id: a, parallelism: 8}]\n');
      const run = cli(['--cluster', cluster, job]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(
        'warning: options.maxSlots (slotmanager.number-of-slots.max) is ignored: a standalone ResourceManager removes it, as Flink logs "Config option slotmanager.number-of-slots.max will be ignored in standalone mode."',
      );
      const data = JSON.parse(cli(['--cluster', cluster, job, '--json']).stdout) as Json;
      expect([data.verdict, data.jobs[0].acquired[0].count]).toEqual(['met', 8]);
      // An active ResourceManager keeps the limit: the second TaskManager is refused.
      const active = join(dir, 'active.yaml');
      writeFileSync(active, `flinkVersion: "1.17"\nresourceAllocation: active\n${worker}options: {maxSlots: 4}\n${tms}`);
      const limited = JSON.parse(cli(['--cluster', active, job, '--json']).stdout) as Json;
      expect(limited.verdict).not.toBe('met');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a cluster that names no version runs its jobs’ version; a job of another version than the cluster is warned about', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flinkslot-version-'));
    try {
      const cluster = join(dir, 'cluster.yaml');
      writeFileSync(
        cluster,
        'defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}\ntaskManagers: [{id: tm}]\n',
      );
      const job = (v: string): string => {
        const path = join(dir, `job-${v}.yaml`);
        writeFileSync(path, `name: job-${v}\nflinkVersion: "${v}"\nvertices: [{id: a, parallelism: 2}]\n`);
        return path;
      };
      const fromJobs = JSON.parse(cli(['--cluster', cluster, job('1.17'), '--json']).stdout) as Json;
      expect([fromJobs.flinkVersion, fromJobs.flinkVersionSource, fromJobs.slotManager]).toEqual(['1.17', 'file', 'declarative']);
      expect(fromJobs.notes.map((n: Json) => n.code)).toEqual(['scenario/flink-version-from-jobs']);
      const named = join(dir, 'cluster-2.0.yaml');
      writeFileSync(named, `flinkVersion: "2.0"\n${readFileSync(cluster, 'utf8')}`);
      const text = cli(['--cluster', named, job('1.17')]);
      expect(text.stdout).toContain('Flink 2.0, fine-grained SlotManager');
      expect(text.stdout).toMatch(/^warning: job 'job-1\.17' \(.*job-1\.17\.yaml\) names Flink 1\.17 but the cluster runs 2\.0/m);
      const mixed = JSON.parse(cli(['--cluster', cluster, job('1.17'), job('1.20'), '--json']).stdout) as Json;
      expect([mixed.flinkVersion, mixed.flinkVersionSource]).toEqual(['2.2', 'assumed']);
      expect(mixed.notes.map((n: Json) => [n.code, n.severity])).toEqual([
        ['scenario/flink-version-assumed', 'info'],
        ['scenario/flink-version-mismatch', 'warning'],
        ['scenario/flink-version-mismatch', 'warning'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('variants: one report per variant; --json prints one object listing them', () => {
    const path = 'fixtures/simulate/variants.yaml';
    const run = cli([path]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Simulation variants / one-tm: partly met');
    expect(run.stdout).toContain('Simulation variants / two-tms: met');
    const reports = json([path]).variants;
    expect(reports.map((r: Json) => [r.variant, r.verdict, r.taskManagers.length, job(r, 'job').acquired[0].count])).toEqual([
      ['one-tm', 'partly-met', 1, 2],
      ['two-tms', 'met', 2, 3],
    ]);
  });

  it('--limit cuts the TaskManager rows of the text report', () => {
    const run = cli(['--cluster', STANDALONE, LEGACY, '--limit', '1']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('TaskManagers (4)\n  tm-1: 4/4 slots used;');
    expect(run.stdout).not.toContain('  tm-2:');
    expect(run.stdout).toContain('  … 3 more (--json lists all)');
    expect(cli(['--cluster', STANDALONE, LEGACY, '--limit', '0']).stdout).toContain('  tm-4: 0/4 slots used; idle;');
  });

  it('reads a scenario from standard input (-)', () => {
    const run = runCli(['simulate', '-'], {
      input:
        'cluster:\n  defaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 2g}, numberOfTaskSlots: 2}\n  taskManagers: [{id: tm}]\njobs:\n  - {id: j, requirements: [{profile: UNKNOWN, count: 2}]}\n',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(verdictLines(run.stdout)).toEqual({ j: 'met' });
    expect(run.stdout).toContain('  tm: 2/2 slots used; j, j; free cpu 0');
  });
});

// ---------------------------------------------------------------------------------------------
// --json against schemas/simulation.schema.json
// ---------------------------------------------------------------------------------------------

describe('--json is valid against schemas/simulation.schema.json', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/simulation.schema.json'), 'utf8')));

  it('the schema rejects what is not a report (so the checks below can fail)', () => {
    expect(validate({})).toBe(false);
    expect(validate({ ...json([MANAGED]), verdict: 'maybe' })).toBe(false);
  });

  const VARIANTS = 'fixtures/simulate/variants.yaml';
  const RUNS: string[][] = [
    [ROLLING, '--trace'],
    [MANAGED],
    ['--cluster', STANDALONE, WORDCOUNT, TWENTY],
    ['--cluster', KUBERNETES, LEGACY, FLIP156, '--trace'],
    ['fixtures/simulate/two-jobs-standalone.yaml'],
    ['fixtures/simulate/max-total-cpu.yaml'],
    ['fixtures/simulate/dsm-static-slots.yaml', '--trace'],
    [VARIANTS],
  ];
  for (const args of RUNS.filter((a) => !a.includes(VARIANTS))) {
    it(args.join(' '), () => {
      const report = json(args);
      const valid = validate(report);
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    });
  }

  it('a scenario with variants: one object listing them (schemas/simulation-variants.schema.json), the worst verdict on top', () => {
    const validateVariants = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/simulation-variants.schema.json'), 'utf8')));
    const out = json([VARIANTS]);
    expect(validateVariants(out), JSON.stringify(validateVariants.errors)).toBe(true);
    expect(validate(out)).toBe(false);
    expect(out.scenario).toBe('variants');
    expect(out.variants.map((v: { variant: string; verdict: string }) => [v.variant, v.verdict])).toEqual([
      ['one-tm', 'partly-met'],
      ['two-tms', 'met'],
    ]);
    expect(out.verdict).toBe('partly-met');
  });
});

// ---------------------------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------------------------

describe('colour', () => {
  const path = 'fixtures/simulate/two-jobs-standalone.yaml';

  it('--color colours the text (so the checks below can fail)', () => {
    const run = runCli(['simulate', path, '--color'], { noColor: false });
    expect(run.stdout).toMatch(ANSI);
  });

  it('NO_COLOR: no ANSI codes', () => {
    const run = runCli(['simulate', path, '--trace'], { noColor: true });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('not met');
    expect(run.stdout).not.toMatch(ANSI);
  });

  it('--no-color: no ANSI codes, even after --color', () => {
    const run = runCli(['simulate', path, '--color', '--no-color'], { noColor: false });
    expect(run.stdout).toContain('Simulation two-jobs-standalone: not met');
    expect(run.stdout).not.toMatch(ANSI);
  });

  it('diagnostics on stderr carry no ANSI codes', () => {
    const run = runCli(['simulate', 'fixtures/invalid/simulate/unknown-job.yaml', '--color'], { noColor: false });
    expect(run.status).toBe(2);
    expect(run.stderr).not.toMatch(ANSI);
  });
});

// ---------------------------------------------------------------------------------------------
// Bad inputs
// ---------------------------------------------------------------------------------------------

interface InvalidExpectation {
  line: number;
  column: number;
  message: string;
  code: string;
  pointer?: string;
}

const INVALID_DIR = 'fixtures/invalid/simulate';

const INVALID: Record<string, InvalidExpectation> = {
  // The flow mapping opened on line 6 is never closed; the parser notices on line 7.
  'yaml-syntax.yaml': { line: 7, column: 3, message: 'YAML syntax error:', code: 'input/syntax' },
  // Points at the key itself.
  'unknown-key.yaml': {
    line: 4,
    column: 3,
    message: "unknown key 'taskManger' in /cluster",
    code: 'input/unknown-key',
    pointer: '/cluster/taskManger',
  },
  'unknown-profile.yaml': {
    line: 11,
    column: 19,
    message: "unknown profile 'large' (profiles: small)",
    code: 'scenario/unknown-profile',
    pointer: '/jobs/0/requirements/0/profile',
  },
  'unknown-task-manager.yaml': {
    line: 10,
    column: 28,
    message: "no TaskManager 'tm-3' in the cluster (TaskManagers: tm-1, tm-2)",
    code: 'scenario/unknown-task-manager',
    pointer: '/events/0/unregisterTaskManager',
  },
  'unknown-job.yaml': {
    line: 9,
    column: 25,
    message: "no job 'elt' in the scenario",
    code: 'scenario/unknown-job',
    pointer: '/events/0/finishJob',
  },
  'default-slot-too-big.yaml': {
    line: 8,
    column: 29,
    message: 'the default slot does not fit into the TaskManager total: it could never offer a slot',
    code: 'scenario/impossible-task-manager',
    pointer: '/cluster/taskManagers/0/defaultSlotResources',
  },
  'duplicate-task-manager.yaml': {
    line: 7,
    column: 12,
    message: "TaskManager id 'tm-a' is used twice",
    code: 'scenario/duplicate-task-manager',
    pointer: '/cluster/taskManagers/2/id',
  },
  'events-out-of-order.yaml': {
    line: 10,
    column: 10,
    message: 'event at 10000 ms comes before the previous event (20000 ms): events are in time order',
    code: 'scenario/event-order',
    pointer: '/events/1/at',
  },
  'missing-job-graph.yaml': {
    line: 8,
    column: 15,
    message: "cannot read the job graph file '../../jobs/no-such-job.yaml': no such file",
    code: 'scenario/job-graph',
    pointer: '/jobs/0/jobGraph',
  },
  // A missing key is reported at the document's first key.
  'missing-cluster.yaml': { line: 2, column: 1, message: "the document is missing the required key 'cluster'", code: 'input/missing-key' },
};

/** `error <file>:<line>:<col> <message> (<pointer>) [<code>]`, with the pointer omitted for the root. */
const DIAGNOSTIC_LINE = /^error (\S+?):(\d+):(\d+) (.*?)(?: \((\/[^)]*)\))? \[([a-z-]+\/[a-z-]+)\]$/;

describe('simulate on fixtures/invalid/simulate', () => {
  it('has an expectation for every bad input (and a bad input for every expectation)', () => {
    const files = readdirSync(join(ROOT, INVALID_DIR))
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .sort();
    expect(files).toEqual(Object.keys(INVALID).sort());
  });

  for (const [file, expected] of Object.entries(INVALID)) {
    const path = `${INVALID_DIR}/${file}`;
    it(`${file}: exit 2, one located diagnostic, no stack trace`, () => {
      const run = cli([path]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      const lines = run.stderr.split('\n').filter((l) => l !== '');
      expect(lines, run.stderr).toHaveLength(1);
      const m = DIAGNOSTIC_LINE.exec(lines[0]!);
      expect(m, `diagnostic line format: ${lines[0]}`).not.toBeNull();
      expect(m![1]).toBe(path);
      expect(`${m![2]}:${m![3]}`).toBe(`${expected.line}:${expected.column}`);
      expect(m![4]).toContain(expected.message);
      expect(m![5]).toBe(expected.pointer);
      expect(m![6]).toBe(expected.code);
      expectNoCrash(run.stderr);
    });
  }

  it('--json: a bad input is a JSON error object on stdout (schemas/error.schema.json), the text on stderr, exit 2', () => {
    const run = cli([`${INVALID_DIR}/unknown-job.yaml`, '--json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('[scenario/unknown-job]');
    const failure = JSON.parse(run.stdout);
    expect(validateError(failure), JSON.stringify(validateError.errors)).toBe(true);
    expect(failure.error).toMatchObject({ code: 'scenario/unknown-job', severity: 'error', file: `${INVALID_DIR}/unknown-job.yaml` });
    expect(failure.error.line).toBeGreaterThan(0);
  });

  it('usage errors exit 2 without a stack trace', () => {
    const two = cli([ROLLING, MANAGED]);
    expect(two.status).toBe(2);
    expect(two.stderr).toBe('error give one scenario file, or --cluster CLUSTER with job graph files\n');
    const none = runCli(['simulate']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Missing 1 required arg');
    expect(none.stderr).not.toMatch(STACK_LINE);
    const missing = cli(['fixtures/scenarios/nope.yaml']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('error cannot read fixtures/scenarios/nope.yaml: no such file\n');
    const version = cli([ROLLING, '--flink-version', 'abc']);
    expect(version.status).toBe(2);
    expect(version.stderr).toBe(
      "error --flink-version 'abc' is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2) [input/flink-version]\n",
    );
  });
});

const validateError = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/error.schema.json'), 'utf8')),
);
