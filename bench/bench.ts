/**
 * flinkslot benchmark (`npm run bench`). Not a test: it prints figures and exits 0 unless the
 * benchmark itself crashes.
 *
 * - Core: parse (text → JobGraph, JSON and YAML separately), analyzeJob and buildPlanReport on
 *   generated random DAGs of 1k / 10k / 100k vertices and on a 1M-vertex chain (JSON only).
 *   Each case runs in its own child process (`--case NAME`, with --expose-gc) so that peak RSS is
 *   per case and a stack overflow or out-of-memory in one case is reported instead of ending the
 *   benchmark. Each measurement: 1 warm-up + 3 timed runs, median (1M chain: 1 run, no warm-up).
 * - CLI: whole-process wall time of `node bin/run.js plan <20-vertex job>` and
 *   `node bin/run.js --version`, 10 runs each (after one untimed warm-up), min and median.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { analyzeJob } from '../src/analysis/analyze-job.js';
import { parseJobGraph } from '../src/parse/parse-job-graph.js';
import { buildPlanReport } from '../src/report/plan-report.js';
import { chainJobGraphJson, randomJobGraph, toYaml } from './generate.js';

const SELF = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(SELF), '../..');

// ---------------------------------------------------------------------------------------------
// Cases and targets

interface CaseSpec {
  readonly name: string;
  readonly kind: 'random' | 'chain';
  readonly vertices: number;
  readonly seed: number;
  readonly warmups: number;
  readonly runs: number;
  readonly yaml: boolean;
  readonly timeoutMs: number;
  /** Target for analyzeJob, in ms, when there is one. */
  readonly analyzeTargetMs?: number;
}

const CASES: readonly CaseSpec[] = [
  { name: 'random-1k', kind: 'random', vertices: 1_000, seed: 1, warmups: 1, runs: 3, yaml: true, timeoutMs: 60_000 },
  { name: 'random-10k', kind: 'random', vertices: 10_000, seed: 2, warmups: 1, runs: 3, yaml: true, timeoutMs: 90_000 },
  { name: 'random-100k', kind: 'random', vertices: 100_000, seed: 3, warmups: 1, runs: 3, yaml: true, timeoutMs: 150_000, analyzeTargetMs: 500 },
  { name: 'chain-1M', kind: 'chain', vertices: 1_000_000, seed: 4, warmups: 0, runs: 1, yaml: false, timeoutMs: 150_000 },
];

const PLAN_WALL_TARGET_MS = 150;
const CLI_RUNS = 10;

// ---------------------------------------------------------------------------------------------
// Child: one case

type Stage = 'generate' | 'parse-json' | 'parse-yaml' | 'analyze' | 'report';

interface CaseResult {
  name: string;
  vertices?: number;
  edges?: number;
  operators?: number;
  regions?: number;
  slotSharingGroups?: number;
  minimumSlots?: number;
  jsonBytes?: number;
  yamlBytes?: number;
  generateMs?: number;
  /** All timed runs per stage (ms), in run order. */
  runs: Partial<Record<Stage, number[]>>;
  peakHeapBytes: number;
  peakRssBytes: number;
  failure?: { stage: Stage; message: string };
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function runCase(spec: CaseSpec): Promise<void> {
  const result: CaseResult = { name: spec.name, runs: {}, peakHeapBytes: 0, peakRssBytes: 0 };
  const sample = (): void => {
    const m = process.memoryUsage();
    result.peakHeapBytes = Math.max(result.peakHeapBytes, m.heapUsed);
    result.peakRssBytes = Math.max(result.peakRssBytes, m.rss, process.resourceUsage().maxRSS * 1024);
  };
  const report = (tag: '@@partial' | '@@result'): void => {
    sample();
    process.stdout.write(`${tag} ${JSON.stringify(result)}\n`);
  };
  let stage: Stage = 'generate';
  const enter = (s: Stage): void => {
    stage = s;
    process.stderr.write(`@@stage ${s}\n`);
  };

  /** warm-ups + timed runs of `fn`; keeps the last value; samples memory while it is alive. */
  const measure = <T>(s: Stage, fn: () => T): T => {
    enter(s);
    let last: T | undefined;
    const times: number[] = [];
    for (let i = 0; i < spec.warmups + spec.runs; i++) {
      last = undefined;
      gc();
      const t0 = performance.now();
      const value = fn();
      const t1 = performance.now();
      sample();
      last = value;
      if (i >= spec.warmups) times.push(t1 - t0);
    }
    result.runs[s] = times;
    report('@@partial');
    return last as T;
  };

  try {
    enter('generate');
    const t0 = performance.now();
    let json: string;
    let yaml: string | undefined;
    if (spec.kind === 'random') {
      const doc = randomJobGraph(spec.vertices, spec.seed);
      json = JSON.stringify(doc);
      if (spec.yaml) yaml = toYaml(doc);
    } else {
      json = chainJobGraphJson(spec.vertices, spec.seed);
    }
    result.generateMs = performance.now() - t0;
    result.jsonBytes = Buffer.byteLength(json);
    if (yaml !== undefined) result.yamlBytes = Buffer.byteLength(yaml);
    report('@@partial');

    const parsedJson = measure('parse-json', () => parseJobGraph(json, `${spec.name}.json`));
    if (!parsedJson.ok) throw new Error(`invalid generated JSON: ${JSON.stringify(parsedJson.diagnostics.slice(0, 3))}`);
    if (yaml !== undefined) {
      const text = yaml;
      const parsedYaml = measure('parse-yaml', () => parseJobGraph(text, `${spec.name}.yaml`));
      if (!parsedYaml.ok) throw new Error(`invalid generated YAML: ${JSON.stringify(parsedYaml.diagnostics.slice(0, 3))}`);
      yaml = undefined;
    }
    const graph = parsedJson.value;
    result.vertices = graph.vertices.length;
    result.edges = graph.edges.length;
    result.operators = graph.vertices.reduce((n, v) => n + v.operators.length, 0);

    const analysis = measure('analyze', () => analyzeJob(graph));
    if (!analysis.ok) throw new Error(`analysis failed: ${JSON.stringify(analysis.diagnostics.slice(0, 3))}`);
    result.regions = analysis.value.regions.regions.length;
    result.slotSharingGroups = analysis.value.slotSharingGroups.length;
    result.minimumSlots = analysis.value.minimumSlots;

    measure('report', () => buildPlanReport(analysis.value));
  } catch (e) {
    const err = e as Error;
    result.failure = { stage, message: `${err.name}: ${err.message}`.slice(0, 300) };
  }
  report('@@result');
}

// ---------------------------------------------------------------------------------------------
// Parent: run the cases, then the CLI, print tables

interface CaseOutcome {
  spec: CaseSpec;
  result: CaseResult | undefined;
  /** Set when the child process died (signal, non-zero exit, timeout) rather than reporting. */
  crash?: { stage: string; reason: string };
}

function runChild(spec: CaseSpec): CaseOutcome {
  const child = spawnSync(process.execPath, ['--expose-gc', SELF, '--case', spec.name], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: spec.timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (child.stdout ?? '').split('\n');
  const last = [...lines].reverse().find((l) => l.startsWith('@@result ') || l.startsWith('@@partial '));
  const result = last === undefined ? undefined : (JSON.parse(last.slice(last.indexOf(' ') + 1)) as CaseResult);
  const finished = lines.some((l) => l.startsWith('@@result '));
  if (finished && child.status === 0) return { spec, result };
  const stderr = child.stderr ?? '';
  const stages = [...stderr.matchAll(/^@@stage (\S+)$/gm)];
  const stage = stages.length > 0 ? stages[stages.length - 1]![1]! : 'startup';
  let reason: string;
  const errorCode = (child.error as NodeJS.ErrnoException | undefined)?.code;
  if (errorCode === 'ETIMEDOUT') reason = `timed out after ${spec.timeoutMs / 1000} s`;
  else if (/heap out of memory/i.test(stderr)) reason = 'JavaScript heap out of memory';
  else if (/Maximum call stack size exceeded/.test(stderr)) reason = 'stack overflow (Maximum call stack size exceeded)';
  else {
    const message = stderr.split('\n').find((l) => /Error|FATAL/.test(l) && !l.startsWith('@@'));
    reason = message?.trim() ?? `exit status ${child.status}, signal ${child.signal}`;
  }
  return { spec, result, crash: { stage, reason } };
}

interface CliTiming {
  label: string;
  command: string;
  times: number[];
  status: number | null;
  stderr: string;
  target?: number;
}

function timeCli(label: string, args: string[], target?: number): CliTiming {
  const run = () => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    return { ms: performance.now() - t0, status: r.status, stderr: r.stderr ?? '' };
  };
  const warm = run();
  const times: number[] = [];
  let status = warm.status;
  let stderr = warm.stderr;
  for (let i = 0; i < CLI_RUNS; i++) {
    const r = run();
    times.push(r.ms);
    if (r.status !== 0) {
      status = r.status;
      stderr = r.stderr;
    }
  }
  return { label, command: `node ${args.join(' ')}`, times, status, stderr, ...(target === undefined ? {} : { target }) };
}

function planFixture(): { path: string; note: string; cleanup: () => void } {
  const shared = join(ROOT, 'fixtures/jobs/twenty-vertices.json');
  if (existsSync(shared)) return { path: relative(ROOT, shared), note: 'fixture from the repository', cleanup: () => {} };
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-bench-'));
  const path = join(dir, 'twenty-vertices.json');
  writeFileSync(path, JSON.stringify(randomJobGraph(20, 20), null, 2) + '\n');
  return { path, note: 'fixtures/jobs/twenty-vertices.json missing: generated a 20-vertex job in a temp dir', cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// ---- formatting ----

function ms(value: number | undefined): string {
  if (value === undefined) return '—';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  if (value < 10_000) return `${value.toFixed(0)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

function mb(bytes: number | undefined): string {
  return bytes === undefined || bytes === 0 ? '—' : `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

function count(n: number | undefined): string {
  return n === undefined ? '—' : n.toLocaleString('en-US');
}

function table(header: string[], rows: string[][], leftAligned = 1): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]): string =>
    cells.map((cell, c) => (c < leftAligned ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function stageMedian(r: CaseResult | undefined, s: Stage): number | undefined {
  const times = r?.runs[s];
  return times === undefined || times.length === 0 ? undefined : median(times);
}

function verdict(value: number | undefined, target: number): string {
  if (value === undefined) return 'not measured';
  return value <= target ? 'met' : `MISSED (${(value / target).toFixed(1)}× the target)`;
}

function loadAverage(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' / ');
}

async function main(): Promise<void> {
  const cpus = os.cpus();
  console.log('flinkslot benchmark');
  console.log(`node     ${process.version} (${process.platform}/${process.arch})`);
  console.log(`machine  ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB RAM`);
  console.log(`load     ${loadAverage()} (1/5/15-min load average at start; the figures are only as good as the machine is idle)`);
  console.log(`method   performance.now(); median of ${CASES[0]!.runs} runs after ${CASES[0]!.warmups} warm-up (chain-1M: 1 run); one child process per case`);
  console.log('');

  const outcomes: CaseOutcome[] = [];
  for (const spec of CASES) {
    process.stderr.write(`… ${spec.name}\n`);
    outcomes.push(runChild(spec));
  }

  const inputRows = outcomes.map(({ spec, result: r }) => [
    spec.name,
    count(r?.vertices ?? spec.vertices),
    count(r?.edges),
    count(r?.operators),
    count(r?.regions),
    count(r?.slotSharingGroups),
    count(r?.minimumSlots),
    mb(r?.jsonBytes),
    mb(r?.yamlBytes),
    ms(r?.generateMs),
  ]);
  console.log('Inputs (deterministic, seeded; streaming mode, Flink 1.20)');
  console.log(table(['case', 'vertices', 'edges', 'operators', 'regions', 'ssgs', 'min slots', 'JSON', 'YAML', 'generate'], inputRows));
  console.log('');

  const timingRows = outcomes.map(({ spec, result: r, crash }) => {
    const analyze = stageMedian(r, 'analyze');
    const target = spec.analyzeTargetMs === undefined ? '' : `analyze ≤ ${ms(spec.analyzeTargetMs)}: ${analyze === undefined ? 'n/a' : analyze <= spec.analyzeTargetMs ? 'met' : 'MISSED'}`;
    const status = crash ? `CRASH in ${crash.stage}` : r?.failure ? `ERROR in ${r.failure.stage}` : 'ok';
    return [
      spec.name,
      ms(stageMedian(r, 'parse-json')),
      spec.yaml ? ms(stageMedian(r, 'parse-yaml')) : 'n/a',
      ms(analyze),
      ms(stageMedian(r, 'report')),
      mb(r?.peakHeapBytes),
      mb(r?.peakRssBytes),
      status,
      target,
    ];
  });
  console.log('Core (medians)');
  console.log(table(['case', 'parse JSON', 'parse YAML', 'analyzeJob', 'buildPlanReport', 'peak heap', 'peak RSS', 'status', 'target'], timingRows));
  console.log('peak heap: largest heapUsed sampled after each run (results alive); peak RSS: the case process\'s maxRSS (includes generating the text).');
  for (const { spec, result, crash } of outcomes) {
    if (crash) console.log(`! ${spec.name}: process died during ${crash.stage}: ${crash.reason}`);
    if (result?.failure) console.log(`! ${spec.name}: ${result.failure.stage} threw ${result.failure.message}`);
  }
  console.log('');

  const fixture = planFixture();
  let cli: CliTiming[];
  try {
    cli = [
      timeCli('plan (20 vertices)', ['bin/run.js', 'plan', fixture.path], PLAN_WALL_TARGET_MS),
      timeCli('--version', ['bin/run.js', '--version']),
    ];
  } finally {
    fixture.cleanup();
  }
  console.log(`CLI whole-process wall time (${CLI_RUNS} runs each after 1 warm-up; spawnSync)`);
  console.log(`plan input: ${fixture.path} (${fixture.note})`);
  console.log(
    table(
      ['command', 'min', 'median', 'max', 'exit', 'target'],
      cli.map((c) => [
        c.command,
        ms(Math.min(...c.times)),
        ms(median(c.times)),
        ms(Math.max(...c.times)),
        String(c.status),
        c.target === undefined ? '' : `median ≤ ${ms(c.target)}: ${median(c.times) <= c.target ? 'met' : 'MISSED'}`,
      ]),
    ),
  );
  for (const c of cli) if (c.status !== 0) console.log(`! ${c.command} exited ${c.status}: ${c.stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
  console.log('');

  console.log(`load     ${loadAverage()} at the end`);
  console.log('');
  const big = outcomes.find((o) => o.spec.analyzeTargetMs !== undefined);
  const plan = cli[0]!;
  console.log('Targets');
  console.log(
    table(
      ['target', 'limit', 'measured', 'verdict'],
      [
        ['100k-vertex graph analysed (analyzeJob, median)', ms(big?.spec.analyzeTargetMs), ms(stageMedian(big?.result, 'analyze')), verdict(stageMedian(big?.result, 'analyze'), big?.spec.analyzeTargetMs ?? 0)],
        ['small plan, whole process (median wall)', ms(PLAN_WALL_TARGET_MS), ms(median(plan.times)), plan.status === 0 ? verdict(median(plan.times), PLAN_WALL_TARGET_MS) : `command failed (exit ${plan.status})`],
      ],
    ),
  );
}

const caseArg = process.argv.indexOf('--case');
if (caseArg !== -1) {
  const name = process.argv[caseArg + 1];
  const spec = CASES.find((c) => c.name === name);
  if (spec === undefined) throw new Error(`unknown case ${String(name)}`);
  await runCase(spec);
} else {
  await main();
}
