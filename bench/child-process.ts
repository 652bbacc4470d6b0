/**
 * The benchmark's processes: a case in its own child (`node --expose-gc bench.js …`, crashes reported
 * by stage), and the whole-process wall time (and, asked for, peak RSS) of a command line.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomJobGraph } from './generate.js';
import { type CaseSpec, CLI_RUNS, type CaseResult } from './core-cases.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The benchmark's entry, which runs one case when given `--case` or `--exec-case` (bench.ts). */
const BENCH_ENTRY = join(HERE, 'bench.js');
const ROOT = resolve(HERE, '../..');

// ---------------------------------------------------------------------------------------------
// Parent side: spawn a case, time a command line

export interface CaseOutcome {
  spec: CaseSpec;
  result: CaseResult | undefined;
  /** Set when the child process died (signal, non-zero exit, timeout) rather than reporting. */
  crash?: { stage: string; reason: string };
}

/** Runs `node --expose-gc bench.js ...args` and reads its last @@result / @@partial line. */
export function spawnCase<R>(args: string[], timeoutMs: number): { result: R | undefined; crash?: { stage: string; reason: string } } {
  const child = spawnSync(process.execPath, ['--expose-gc', BENCH_ENTRY, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (child.stdout ?? '').split('\n');
  const last = [...lines].reverse().find((l) => l.startsWith('@@result ') || l.startsWith('@@partial '));
  const result = last === undefined ? undefined : (JSON.parse(last.slice(last.indexOf(' ') + 1)) as R);
  const finished = lines.some((l) => l.startsWith('@@result '));
  if (finished && child.status === 0) return { result };
  const stderr = child.stderr ?? '';
  const stages = [...stderr.matchAll(/^@@stage (\S+)$/gm)];
  const stage = stages.length > 0 ? stages[stages.length - 1]![1]! : 'startup';
  let reason: string;
  const errorCode = (child.error as NodeJS.ErrnoException | undefined)?.code;
  if (errorCode === 'ETIMEDOUT') reason = `timed out after ${timeoutMs / 1000} s`;
  else if (/heap out of memory/i.test(stderr)) reason = 'JavaScript heap out of memory';
  else if (/Maximum call stack size exceeded/.test(stderr)) reason = 'stack overflow (Maximum call stack size exceeded)';
  else {
    const message = stderr.split('\n').find((l) => /Error|FATAL/.test(l) && !l.startsWith('@@'));
    reason = message?.trim() ?? `exit status ${child.status}, signal ${child.signal}`;
  }
  return { result, crash: { stage, reason } };
}

export function runChild(spec: CaseSpec): CaseOutcome {
  return { spec, ...spawnCase<CaseResult>(['--case', spec.name], spec.timeoutMs) };
}
export interface CliTiming {
  label: string;
  command: string;
  times: number[];
  status: number | null;
  stderr: string;
  /** stdout of the last run. */
  stdout: string;
  target?: number;
}

export interface ProcessRun {
  ms: number;
  status: number | null;
  stdout: string;
  stderr: string;
  /** The process's maxRSS (bytes), when asked for with `peakRss`; undefined if it did not report one. */
  peakRssBytes?: number;
}

export interface ProcessOptions {
  env?: Record<string, string>;
  /** Sends stdout to this file instead of a pipe (a big output, written as a user's redirection would). */
  stdoutFile?: string;
  /** Loads bench/rss-preload.js into the process (`--import`), which reports its maxRSS at exit. */
  peakRss?: boolean;
  /** Hang guard. */
  timeoutMs?: number;
}

const RSS_PRELOAD = pathToFileURL(join(HERE, 'rss-preload.js')).href;

/** One whole `node ...args` process from the repository root: wall time from spawn to exit. */
export function runProcess(args: readonly string[], options: ProcessOptions = {}): ProcessRun {
  const rssFile = options.peakRss === true ? join(os.tmpdir(), `flinkslot-bench-rss-${process.pid}`) : undefined;
  const env = rssFile === undefined ? options.env : { ...options.env, FLINKSLOT_BENCH_RSS_FILE: rssFile };
  const fd = options.stdoutFile === undefined ? undefined : openSync(options.stdoutFile, 'w');
  try {
    if (rssFile !== undefined) rmSync(rssFile, { force: true });
    const argv = rssFile === undefined ? [...args] : ['--import', RSS_PRELOAD, ...args];
    const t0 = performance.now();
    const r = spawnSync(process.execPath, argv, {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      stdio: ['ignore', fd ?? 'pipe', 'pipe'],
      ...(env === undefined ? {} : { env: { ...process.env, ...env } }),
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
    const ms = performance.now() - t0;
    const run: ProcessRun = { ms, status: r.status, stderr: r.stderr ?? '', stdout: r.stdout ?? '' };
    if (rssFile !== undefined && existsSync(rssFile)) {
      run.peakRssBytes = Number(readFileSync(rssFile, 'utf8'));
      rmSync(rssFile);
    }
    return run;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function timeCli(label: string, args: string[], target?: number, runs = CLI_RUNS, env?: Record<string, string>): CliTiming {
  const run = () => runProcess(args, env === undefined ? {} : { env });
  const warm = run();
  const times: number[] = [];
  let status = warm.status;
  let stderr = warm.stderr;
  let stdout = warm.stdout;
  for (let i = 0; i < runs; i++) {
    const r = run();
    times.push(r.ms);
    stdout = r.stdout;
    if (r.status !== 0) {
      status = r.status;
      stderr = r.stderr;
    }
  }
  const prefix = Object.entries(env ?? {})
    .map(([k, v]) => `${k}=${v} `)
    .join('');
  return { label, command: `${prefix}node ${args.join(' ')}`, times, status, stderr, stdout, ...(target === undefined ? {} : { target }) };
}

export function planFixture(): { path: string; note: string; cleanup: () => void } {
  const shared = join(ROOT, 'fixtures/jobs/twenty-vertices.json');
  if (existsSync(shared)) return { path: relative(ROOT, shared), note: 'fixture from the repository', cleanup: () => {} };
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-bench-'));
  const path = join(dir, 'twenty-vertices.json');
  writeFileSync(path, JSON.stringify(randomJobGraph(20, 20), null, 2) + '\n');
  return {
    path,
    note: 'fixtures/jobs/twenty-vertices.json missing: generated a 20-vertex job in a temp dir',
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
