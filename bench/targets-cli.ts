/**
 * The whole-process rows of the issue 29 targets (bench/targets.ts prints them): start-up of every
 * command against `node -e 0`, `validate` over 1,000 files against bench/floor-validate.ts, and
 * `plan` of a 100,000-vertex job against bench/floor-parse.ts (time and peak RSS). Each pair runs
 * in turn, round after round (bench/paired.ts); every process is spawned from the repository root.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type ProcessOptions, type ProcessRun, runProcess } from './child-process.js';
import { randomJobGraph } from './generate.js';
import { inTurn, type RatioTarget, runRounds, summarisePairs } from './paired.js';
import { VALIDATE_FILES, writeCorpus } from './validate.js';
import { count } from './format.js';

export interface TargetRow {
  readonly what: string;
  /** What A and B are (the legend under the table). */
  readonly a: string;
  readonly b: string;
  readonly unit: 'ms' | 'MB';
  readonly summary: ReturnType<typeof summarisePairs>;
  readonly target: RatioTarget;
  /** 1-minute load averages sampled before each round: `min–max`. */
  readonly load: string;
  /** Anything that makes the figure doubtful (a failed run, an unexpected exit status). */
  readonly notes: readonly string[];
}

/** Load samples, one per round, and their range as the rows print it. */
export class LoadSamples {
  private readonly samples: number[] = [];
  sample(): void {
    this.samples.push(os.loadavg()[0]!);
  }
  text(): string {
    if (this.samples.length === 0) return '—';
    return `${Math.min(...this.samples).toFixed(1)}–${Math.max(...this.samples).toFixed(1)}`;
  }
}

const FLINKSLOT = 'bin/run.js';
const BASELINE = ['-e', '0'];
const SMALL_JOB = 'fixtures/jobs/wordcount-streaming.yaml';
const PROCESS_TIMEOUT_MS = 600_000;

/** A run whose exit status is not the one expected: a line for the row's notes. */
function statusNote(runs: readonly ProcessRun[], expected: number, who: string): string[] {
  const bad = runs.find((r) => r.status !== expected);
  if (bad === undefined) return [];
  const first = bad.stderr.trim().split('\n')[0] ?? '';
  return [`${who} exited ${String(bad.status)} (expected ${expected})${first === '' ? '' : `: ${first.slice(0, 160)}`}`];
}

interface StartupCommand {
  readonly what: string;
  readonly args: readonly string[];
  readonly exit?: number;
}

/** A plain invocation of every command on a small bundled input (issue 29 §1: each ≤ 2× bare Node). */
function startupCommands(tmp: string): StartupCommand[] {
  return [
    { what: 'start-up: plan, small job', args: ['plan', SMALL_JOB] },
    {
      what: 'start-up: simulate --cluster, small cluster and job',
      args: ['simulate', '--cluster', 'fixtures/clusters/standalone-4x4.yaml', SMALL_JOB],
    },
    { what: 'start-up: memory, small configuration', args: ['memory', 'fixtures/config/flink-conf.yaml'] },
    { what: 'start-up: validate, one small job', args: ['validate', SMALL_JOB] },
    { what: 'start-up: size, small job', args: ['size', SMALL_JOB, '--tm-config', 'fixtures/config/flink-conf.yaml'] },
    { what: 'start-up: diff, two small jobs', args: ['diff', 'fixtures/diff/streaming-old.yaml', 'fixtures/diff/streaming-new.yaml'] },
    {
      what: 'start-up: import, a REST job details file',
      args: ['import', 'fixtures/real-formats/jobgraph-plan/springline-rs-job-details-CarTopSpeedWindowingExample.json'],
    },
    { what: 'start-up: report, small job to a file', args: ['report', SMALL_JOB, '-o', join(tmp, 'report.html')] },
    {
      what: 'start-up: explain, a short JobManager log',
      args: ['explain', 'fixtures/real/logs/02-declarative-standalone-3-slots-need-4/jobmanager.log'],
      exit: 1, // the log's job is short of slots: explain says so with exit 1
    },
  ];
}

/** Every command against `node -e 0`; each round runs every pair, each pair in turn, next to each other. */
export function startupRows(rounds: number, progress: (line: string) => void): TargetRow[] {
  const tmp = mkdtempSync(join(os.tmpdir(), 'flinkslot-targets-startup-'));
  try {
    const commands = startupCommands(tmp);
    const load = new LoadSamples();
    const runs = commands.map(() => ({ a: [] as ProcessRun[], b: [] as ProcessRun[] }));
    for (const c of commands) runProcess([FLINKSLOT, ...c.args]); // warm-up: file cache
    runProcess(BASELINE);
    for (let r = 0; r < rounds; r++) {
      progress(`start-up round ${r + 1} of ${rounds}`);
      load.sample();
      commands.forEach((c, i) => {
        const [a, b] = inTurn(r + i, [() => runProcess([FLINKSLOT, ...c.args]), () => runProcess(BASELINE)]);
        runs[i]!.a.push(a!);
        runs[i]!.b.push(b!);
      });
    }
    return commands.map((c, i) => ({
      what: c.what,
      a: `node bin/run.js ${c.args.join(' ').replace(tmp, '$TMP')}`,
      b: 'node -e 0',
      unit: 'ms',
      summary: summarisePairs(
        runs[i]!.a.map((x) => x.ms),
        runs[i]!.b.map((x) => x.ms),
      ),
      target: { limit: 2 },
      load: load.text(),
      notes: statusNote(runs[i]!.a, c.exit ?? 0, 'flinkslot'),
    }));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** `validate` over bench/validate.ts's 1,000 files, as that section runs it, against reading and parsing them. */
export function validateRows(rounds: number, progress: (line: string) => void): TargetRow[] {
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-targets-validate-'));
  try {
    writeCorpus(dir, VALIDATE_FILES);
    const product = [FLINKSLOT, 'validate', dir, '--max-slots', '64', '--max-parallelism', '32', '--format', 'json'];
    const floor = ['dist/bench/floor-validate.js', dir];
    const load = new LoadSamples();
    runProcess(product);
    runProcess(floor);
    const [a, b] = runRounds(rounds, [() => runProcess(product), () => runProcess(floor)], (r) => {
      progress(`validate round ${r + 1} of ${rounds}`);
      load.sample();
    });
    return [
      {
        what: `validate, ${count(VALIDATE_FILES)} job files (5–60 vertices, half YAML, half JSON)`,
        a: `node bin/run.js validate $DIR --max-slots 64 --max-parallelism 32 --format json`,
        b: 'node dist/bench/floor-validate.js $DIR (reads each file, js-yaml load / JSON.parse)',
        unit: 'ms',
        summary: summarisePairs(
          a!.map((x) => x.ms),
          b!.map((x) => x.ms),
        ),
        target: { limit: 1.5 },
        load: load.text(),
        // The corpus holds a few broken files on purpose (bench/validate.ts): exit 1.
        notes: [...statusNote(a!, 1, 'flinkslot'), ...statusNote(b!, 0, 'the floor')],
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The big job: bench/generate.ts's random DAG (seed 3, as the core case random-100k), compact JSON. */
export const BIG_VERTICES = 100_000;
const BIG_SEED = 3;

/** `plan` (text, and --json) of the big job to a file, against reading and JSON.parsing it; time and peak RSS. */
export function bigPlanRows(rounds: number, progress: (line: string) => void): TargetRow[] {
  const tmp = mkdtempSync(join(os.tmpdir(), 'flinkslot-targets-plan-'));
  try {
    const file = join(tmp, 'job-100k.json');
    const graph = randomJobGraph(BIG_VERTICES, BIG_SEED);
    const edges = Array.isArray(graph.edges) ? graph.edges.length : 0;
    writeFileSync(file, JSON.stringify(graph));
    const sizeMb = (statSync(file).size / 1e6).toFixed(0);
    const options = (out: string): ProcessOptions => ({ peakRss: true, stdoutFile: join(tmp, out), timeoutMs: PROCESS_TIMEOUT_MS });
    const floor = (): ProcessRun => runProcess(['dist/bench/floor-parse.js', file], options('floor.out'));
    const text = (): ProcessRun => runProcess([FLINKSLOT, 'plan', file], options('plan.txt'));
    const json = (): ProcessRun => runProcess([FLINKSLOT, 'plan', file, '--json'], options('plan.json'));
    const load = new LoadSamples();
    floor(); // warm-up: the file into the page cache
    const [b, a, j] = runRounds(rounds, [floor, text, json], (r) => {
      progress(`big plan round ${r + 1} of ${rounds}`);
      load.sample();
    });
    const jsonMb = (statSync(join(tmp, 'plan.json')).size / 1e6).toFixed(0);
    const input = `${count(BIG_VERTICES)} vertices, ${count(edges)} edges, ${sizeMb} MB`;
    const floorText = `node dist/bench/floor-parse.js $FILE (readFileSync + JSON.parse; ${input})`;
    const ms = (runs: readonly ProcessRun[]): number[] => runs.map((r) => r.ms);
    const rss = (runs: readonly ProcessRun[]): (number | undefined)[] => runs.map((r) => r.peakRssBytes);
    const notes = [...statusNote(a!, 0, 'plan'), ...statusNote(b!, 0, 'the floor')];
    const base = { b: floorText, load: load.text() };
    return [
      {
        ...base,
        what: `plan, ${count(BIG_VERTICES)}-vertex JSON job, text output`,
        a: 'node bin/run.js plan $FILE > $TMP/plan.txt',
        unit: 'ms',
        summary: summarisePairs(ms(a!), ms(b!)),
        target: { limit: 2 },
        notes,
      },
      {
        ...base,
        what: `plan, ${count(BIG_VERTICES)}-vertex JSON job: peak RSS`,
        a: 'the same plan runs: maxRSS',
        b: 'the same floor runs: maxRSS',
        unit: 'MB',
        summary: summarisePairs(rss(a!), rss(b!)),
        target: { limit: 3 },
        notes,
      },
      {
        ...base,
        what: `plan --json of the same job to a file (${jsonMb} MB)`,
        a: 'node bin/run.js plan $FILE --json > $TMP/plan.json',
        unit: 'ms',
        summary: summarisePairs(ms(j!), ms(b!)),
        target: 'information',
        notes: statusNote(j!, 0, 'plan --json'),
      },
      {
        ...base,
        what: 'plan --json: peak RSS',
        a: 'the same plan --json runs: maxRSS',
        b: 'the same floor runs: maxRSS',
        unit: 'MB',
        summary: summarisePairs(rss(j!), rss(b!)),
        target: 'information',
        notes: [],
      },
    ];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
