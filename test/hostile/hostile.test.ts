/**
 * Hostile input, end to end (issue "hostile input"): every file of the generated corpus
 * (test/hostile/corpus.ts) goes through every command that could receive it, on the built CLI,
 * under a time and a memory limit. Whatever the input, the CLI must stop by itself with 0, 1 or 2,
 * never print a stack trace or a raw control character, and on exit 2 say which file is at fault.
 *
 * Run with `npm run test:hostile` (vitest.config.ts leaves test/hostile/ out unless FLINKSLOT_HOSTILE=1).
 * HOSTILE_REPORT=FILE writes every run (output only for broken ones) as JSON; HOSTILE_REPRO_DIR=DIR
 * copies the offending inputs there (for bug reports; the corpus directory itself is always removed);
 * HOSTILE_ONLY=REGEX runs only the cases whose names match.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, STACK_LINE, ensureBuilt } from '../support/cli.js';
import { type HostileCase, type Kind, SAMPLE_EVERY, everyKth, generateCorpus } from './corpus.js';

// A run of the whole corpus (`npm run test:hostile`, a deliberate search for slow inputs on a quiet
// machine) calls a run still going after 20 s a finding; the sample in `npm test` only guards against
// a hang, with room for a machine whose cores are busy (a green CI must not depend on its load).
const TIME_LIMIT_MS = process.env.FLINKSLOT_HOSTILE === '1' ? 20_000 : 180_000;
const HEAP_LIMIT_MB = 512;
/** Two cores: three processes keep both busy while one waits on I/O. */
const CONCURRENCY = 3;
/** Output beyond this is not kept (a plan of 20,000 vertices is long; a runaway loop is longer). */
const OUTPUT_CAP = 32 << 20;

const GOOD_JOB = join(ROOT, 'fixtures/jobs/wordcount-streaming.yaml');
const GOOD_CLUSTER = join(ROOT, 'fixtures/clusters/standalone-4x4.yaml');

type CommandLines = (file: string) => string[][];

/**
 * Where a file of each kind can go: as the main argument, or in the flag that takes it. `plan
 * --execution` stands for `plan`: it runs the plan and then the subtask-level analysis on top.
 */
const COMMANDS: Record<Kind, CommandLines> = {
  job: (f) => [
    ['plan', f, '--execution'],
    ['validate', f],
    ['diff', GOOD_JOB, f],
    ['simulate', '--cluster', GOOD_CLUSTER, f],
    ['report', f, '--cluster', GOOD_CLUSTER],
    // Any text may be pasted as a log: read, then refused as not a Flink log or explained.
    ['explain', f],
  ],
  config: (f) => [
    ['memory', f],
    ['plan', GOOD_JOB, '--tm-config', f],
    ['validate', GOOD_JOB, '--tm-config', f],
    ['report', GOOD_JOB, '--tm-config', f],
  ],
  scenario: (f) => [
    ['simulate', f],
    ['report', f],
  ],
  cluster: (f) => [
    ['simulate', '--cluster', f, GOOD_JOB],
    ['report', GOOD_JOB, '--cluster', f],
    ['validate', GOOD_JOB, '--cluster', f],
  ],
  policy: (f) => [['validate', GOOD_JOB, '--policy', f]],
  'flink-json': (f) => [
    ['import', f],
    ['plan', f],
    ['validate', f],
  ],
};

/** The --json variants, run for a subset of the cases (see jsonKind). */
const JSON_COMMANDS: Record<Kind, CommandLines> = {
  job: (f) => [
    ['plan', f, '--json'],
    ['simulate', '--cluster', GOOD_CLUSTER, f, '--json'],
  ],
  config: (f) => [
    ['memory', f, '--json'],
    ['plan', GOOD_JOB, '--tm-config', f, '--json'],
  ],
  scenario: (f) => [['simulate', f, '--json']],
  cluster: (f) => [['simulate', '--cluster', f, GOOD_JOB, '--json']],
  policy: (f) => [['validate', GOOD_JOB, '--policy', f, '--json']],
  'flink-json': (f) => [['import', f, '--json']],
};

/** Categories whose files break the reader itself, or carry escapes: the --json error path matters most there. */
const JSON_CATEGORIES = new Set(['valid', 'empty', 'syntax', 'path', 'escape']);

/**
 * The kind whose --json command lines a case gets: every case of JSON_CATEGORIES and every eighth
 * other one, each with one of its kinds in turn (all of them would double the suite's time).
 */
function jsonKind(c: HostileCase, index: number): Kind | undefined {
  if (!JSON_CATEGORIES.has(c.name.split('/')[0] ?? '') && index % 8 !== 0) return undefined;
  return c.kinds[index % c.kinds.length];
}

interface Invocation {
  readonly args: readonly string[];
  readonly json: boolean;
}

/** Every command line for a case, without repeats (a job and a Flink JSON file both go to `plan`). */
function invocations(c: HostileCase, index: number): Invocation[] {
  const seen = new Set<string>();
  const out: Invocation[] = [];
  const add = (args: string[], json: boolean): void => {
    const key = args.join('\0');
    if (!seen.has(key)) out.push({ args, json });
    seen.add(key);
  };
  for (const kind of c.kinds) {
    const lines = COMMANDS[kind](c.file);
    // The sample of `npm test`: one command line per kind, a different one from case to case.
    for (const args of whole ? lines : [lines[index % lines.length]!]) add(args, false);
  }
  const json = jsonKind(c, index);
  if (json !== undefined) for (const args of JSON_COMMANDS[json](c.file)) add(args, true);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running the CLI
// ---------------------------------------------------------------------------------------------

interface Outcome {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly millis: number;
  readonly spawnError?: string;
}

/**
 * The environment of a user without colours or REST credentials (as test/support/cli.ts sets it),
 * and without vitest's variables: under NODE_ENV=test oclif looks for TypeScript sources at every
 * start, which doubles the cost of each of the suite's 2,000 processes (330 ms instead of 170 ms).
 */
function cliEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  delete env.NODE_ENV;
  delete env.TEST;
  for (const key of Object.keys(env)) if (key.startsWith('FLINKSLOT_REST_') || key.startsWith('VITEST')) delete env[key];
  return env;
}

/** Collects a stream as text, keeping at most OUTPUT_CAP characters. */
function collect(stream: NodeJS.ReadableStream): () => string {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    if (text.length < OUTPUT_CAP) text += chunk;
  });
  return () => text;
}

/** `node --max-old-space-size=512 bin/run.js ARGS`, killed after TIME_LIMIT_MS. */
function runCli(args: readonly string[]): Promise<Outcome> {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_LIMIT_MB}`, 'bin/run.js', ...args], {
      cwd: ROOT,
      env: cliEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let timedOut = false;
    // SIGKILL: a process stuck in a tight loop may not get to handle SIGTERM.
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, TIME_LIMIT_MS);
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    const finish = (status: number | null, signal: NodeJS.Signals | null, spawnError?: string): void => {
      clearTimeout(timer);
      done({ status, signal, timedOut, stdout: stdout(), stderr: stderr(), millis: Date.now() - started, spawnError });
    };
    child.once('error', (e) => finish(null, null, e.message));
    child.once('close', (status, signal) => finish(status, signal));
  });
}

/** Runs tasks at most `limit` at a time, in the order they were scheduled. */
function pool(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = (): void => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start === undefined) return;
    active++;
    start();
  };
  return (task) =>
    new Promise((resolve, reject) => {
      // The task's outcome reaches the caller through resolve/reject; the chain itself settles once it has.
      queue.push(() => {
        void task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}

// ---------------------------------------------------------------------------------------------
// What every run must satisfy
// ---------------------------------------------------------------------------------------------

const validateErrorReport = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/error.schema.json'), 'utf8')) as object,
);

/** Raw control characters other than newline and tab (C0, DEL and C1), bidirectional overrides and isolates, U+2028/U+2029. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The ways the CLI may spell a path that holds control characters: raw, or with \uXXXX escapes. */
function pathSpellings(file: string): string[] {
  const escape = (re: RegExp) => file.replace(re, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [
    file,
    escape(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g),
    escape(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g),
    JSON.stringify(file).slice(1, -1),
  ];
}

function controlViolation(stream: string, text: string): string | undefined {
  const match = CONTROL.exec(text);
  if (match === null) return undefined;
  const code = match[0].charCodeAt(0).toString(16).padStart(4, '0');
  const context = JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 20));
  return `raw control character U+${code} in ${stream}: ${context}`;
}

function jsonViolations(outcome: Outcome): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(outcome.stdout);
  } catch (e) {
    return [`--json: stdout is not JSON (${(e as Error).message.slice(0, 80)})`];
  }
  if (outcome.status === 2 && !validateErrorReport(parsed))
    return [`--json exit 2: stdout does not match schemas/error.schema.json: ${JSON.stringify(validateErrorReport.errors).slice(0, 300)}`];
  return [];
}

/** Every property the issue asks of one run, as a list of what broke (empty: all held). */
function violations(file: string, invocation: Invocation, outcome: Outcome): string[] {
  if (outcome.spawnError !== undefined) return [`could not start: ${outcome.spawnError}`];
  if (outcome.timedOut) return [`no exit within ${TIME_LIMIT_MS / 1000} s (killed)`];
  const found: string[] = [];
  if (outcome.signal !== null) found.push(`killed by ${outcome.signal}`);
  else if (![0, 1, 2].includes(outcome.status ?? -1)) found.push(`exit code ${outcome.status}`);
  if (STACK_LINE.test(outcome.stderr)) found.push('stack trace in stderr');
  if (/internal error/i.test(outcome.stderr)) found.push('"internal error" in stderr');
  if (outcome.status === 2 && outcome.stderr.trim() === '') found.push('exit 2 with an empty stderr');
  else if (outcome.status === 2 && !pathSpellings(file).some((p) => outcome.stderr.includes(p)))
    found.push('exit 2: stderr does not name the file');
  for (const [name, text] of [
    ['stdout', outcome.stdout],
    ['stderr', outcome.stderr],
  ] as const) {
    const control = controlViolation(name, text);
    if (control !== undefined) found.push(control);
  }
  if (invocation.json && outcome.status !== null && [0, 1, 2].includes(outcome.status)) found.push(...jsonViolations(outcome));
  return found;
}

function firstLines(text: string, n: number): string {
  const lines = text.split('\n').slice(0, n);
  return lines.map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l)).join('\n      ');
}

interface Report {
  readonly case: string;
  readonly file: string;
  readonly args: readonly string[];
  readonly status: number | null;
  readonly signal: string | null;
  readonly millis: number;
  readonly problems: readonly string[];
  readonly stderr: string;
  readonly stdout: string;
}

/** One line per broken run, for the assertion message (relative paths, so it stays readable). */
function describeReport(r: Report, dir: string): string {
  const shown = r.args.map((a) => JSON.stringify(a.replaceAll(dir, '$CORPUS').replaceAll(ROOT + '/', ''))).join(' ');
  const end = r.signal !== null ? `signal ${r.signal}` : `exit ${r.status}`;
  return [
    `flinkslot ${shown} → ${end} after ${r.millis} ms: ${r.problems.join('; ')}`,
    `      stderr: ${firstLines(r.stderr, 3)}`,
    `      stdout: ${firstLines(r.stdout, 2)}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The suite
// ---------------------------------------------------------------------------------------------

// The corpus is generated while the tests are collected: vitest needs the case names up front.
// `npm run test:hostile` (FLINKSLOT_HOSTILE=1) runs all of it; `npm test` a fixed sample of every
// category (every SAMPLE_EVERY-th case, starting with the first), so a regression in any kind of
// hostile input fails CI too.
const whole = process.env.FLINKSLOT_HOSTILE === '1';
const dir = mkdtempSync(join(tmpdir(), 'flinkslot-hostile-'));
const { cases: corpus, categories } = generateCorpus(dir, whole ? undefined : everyKth);
/** HOSTILE_ONLY=REGEX runs only the cases whose names match (to reproduce one category quickly). */
const only = process.env.HOSTILE_ONLY;
const cases = only === undefined ? corpus : corpus.filter((c) => new RegExp(only).test(c.name));
const results = new Map<string, Promise<Report[]>>();
/** Every run, broken or not (with timings), for HOSTILE_REPORT. */
const allRuns: Report[] = [];

type Schedule = ReturnType<typeof pool>;

async function runOne(c: HostileCase, invocation: Invocation, schedule: Schedule): Promise<Report> {
  const outcome = await schedule(() => runCli(invocation.args));
  const problems = violations(c.file, invocation, outcome);
  const { status, signal, millis, stderr, stdout } = outcome;
  const report = { case: c.name, file: c.file, args: invocation.args, status, signal, millis, problems, stderr, stdout };
  allRuns.push(report);
  return report;
}

function hitLimit(r: Report): boolean {
  return r.signal !== null;
}

/**
 * Runs a case's first command line alone, then the others side by side. When the first one hits
 * the time or memory limit the others are skipped: they read the same bytes and would most likely
 * spend the same 20 s each, which would take a suite with a few such bugs past any time budget.
 */
async function runCase(c: HostileCase, index: number, schedule: Schedule): Promise<Report[]> {
  const [first, ...rest] = invocations(c, index);
  if (first === undefined) return [];
  const head = await runOne(c, first, schedule);
  if (hitLimit(head)) return [{ ...head, problems: [...head.problems, `(${rest.length} other command line(s) not run)`] }];
  const tail = await Promise.all(rest.map((invocation) => runOne(c, invocation, schedule)));
  return [head, ...tail].filter((r) => r.problems.length > 0);
}

/** For bug reports: every run as JSON (output only when broken), and the inputs that broke (see the header). */
function keepEvidence(): void {
  const broken = allRuns.filter((r) => r.problems.length > 0);
  const report = process.env.HOSTILE_REPORT;
  const brief = allRuns.map((r) => (r.problems.length > 0 ? r : { ...r, stdout: '', stderr: '' }));
  if (report !== undefined) writeFileSync(report, JSON.stringify(brief, null, 1));
  const repro = process.env.HOSTILE_REPRO_DIR;
  if (repro === undefined) return;
  mkdirSync(repro, { recursive: true });
  for (const file of new Set(broken.map((r) => r.file))) {
    try {
      cpSync(file, join(repro, basename(file)), { recursive: true });
    } catch {
      // A missing or unreadable input is itself the case: nothing to copy.
    }
  }
}

beforeAll(() => {
  ensureBuilt();
  const schedule = pool(CONCURRENCY);
  cases.forEach((c, index) => results.set(c.name, runCase(c, index, schedule)));
});

afterAll(async () => {
  await Promise.allSettled(results.values());
  keepEvidence();
  rmSync(dir, { recursive: true, force: true });
});

describe('hostile input: the CLI ends with 0, 1 or 2 and a clean message', () => {
  it('generates a corpus with every kind of input, and every category in the sample', () => {
    const kinds = new Set(corpus.flatMap((c) => c.kinds));
    expect([...kinds].sort()).toEqual(['cluster', 'config', 'flink-json', 'job', 'policy', 'scenario']);
    expect(new Set(corpus.map((c) => c.name.split('/')[0])).size).toBe(categories.length);
    if (whole) expect(corpus.length).toBeGreaterThan(300);
    else expect(corpus.length).toBeLessThanOrEqual(categories.length + 540 / SAMPLE_EVERY);
  });

  for (const c of cases) {
    it(c.name, { timeout: 600_000 }, async () => {
      const reports = (await results.get(c.name)) ?? [];
      expect(reports.map((r) => describeReport(r, dir)).join('\n'), `${c.name}: ${reports.length} broken run(s)`).toBe('');
    });
  }
});

/** -D takes the same values as a file, from the command line: they must be checked as carefully. */
describe('hostile input: memory -D', () => {
  const config = join(ROOT, 'fixtures/config/flink-conf.yaml');
  const values = [
    'taskmanager.memory.process.size=10 parsecs',
    'taskmanager.memory.process.size=-1m',
    'taskmanager.memory.process.size=0x10m',
    'taskmanager.memory.process.size=1e400',
    'taskmanager.memory.process.size=',
    'taskmanager.numberOfTaskSlots=1e400',
    'taskmanager.numberOfTaskSlots=9007199254740993',
    'taskmanager.memory.managed.fraction=NaN',
    'taskmanager.memory.managed.fraction=1.5',
    'taskmanager.memory.network.min=2g',
    'no-equals-sign',
    '=value-without-key',
    '__proto__=1g',
    'taskmanager.memory.process.size=1g\u001b[31m\r\u0007',
    'x.\u001b[31m=1',
  ];
  // The sample: every fourth value.
  for (const value of values.filter((_, i) => whole || i % 4 === 0)) {
    it(JSON.stringify(value), { timeout: 600_000 }, async () => {
      const invocation = { args: ['memory', config, '-D', value], json: false };
      const outcome = await runCli(invocation.args);
      // A bad -D value is blamed on -D, not on the (good) file: only the file check is relaxed.
      const problems = violations(config, invocation, outcome).filter((p) => !p.startsWith('exit 2: stderr does not name'));
      expect(problems.join('; '), `${outcome.stderr}`).toBe('');
    });
  }
});

/** Numbers in flags (issue 27 §7): the values the files get, from the command line. */
describe('hostile input: numeric flags', () => {
  const config = join(ROOT, 'fixtures/config/config.yaml');
  const nines = '9'.repeat(400);
  const lines: string[][] = [
    ['plan', GOOD_JOB, '--flink-version', `1.${'9'.repeat(100_000)}`],
    ['plan', GOOD_JOB, '--limit', '99999999999999999999'],
    ['simulate', '--cluster', GOOD_CLUSTER, GOOD_JOB, '--flink-version', '1.18446744073709551616'],
    ['size', GOOD_JOB, '--tm-config', config, '--search', '--cost', `cpu=${nines}`],
    ['size', GOOD_JOB, '--tm-config', config, '--search', '--node', `${nines}cpu,64g`],
    ['size', GOOD_JOB, '--tm-config', config, '--search', '--tm-memory', '1g..99999999999999999999tb'],
    ['size', GOOD_JOB, '--tm-config', config, '--search', '--slot-range', '1..99999999999999999999'],
    ['size', GOOD_JOB, '--tm-config', config, '--search', '--cpu-per-slot', '1e400'],
    ['validate', GOOD_JOB, '--max-slots', '99999999999999999999'],
    ['validate', GOOD_JOB, '--max-parallelism', '9007199254740993'],
    ['memory', config, '-D', 'taskmanager.numberOfTaskSlots=99999999999'],
    ['report', GOOD_JOB, '--max-vertices', '99999999999999999999', '--output', join(dir, 'flags-report.html')],
  ];
  // The sample: every fourth command line.
  for (const args of lines.filter((_, i) => whole || i % 4 === 0)) {
    it(args.map((a) => (a.length > 40 ? `${a.slice(0, 20)}…` : a)).join(' '), { timeout: 600_000 }, async () => {
      const invocation = { args, json: false };
      const outcome = await runCli(args);
      // A bad flag is blamed on the flag, not on the (good) file.
      const problems = violations(GOOD_JOB, invocation, outcome).filter((p) => !p.startsWith('exit 2: stderr does not name'));
      expect(problems.join('; '), `${outcome.stderr}`).toBe('');
    });
  }
});
