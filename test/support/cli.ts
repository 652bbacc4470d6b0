/** Shared by the end-to-end tests: run the built CLI as a user would, build it first if needed. */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { join } from 'node:path';

export { ROOT } from './root.js';
import { ROOT } from './root.js';
export const ANSI = /\u001b\[/;
/**
 * How long a CLI run may take before the test kills it: a guard against a hang, not a speed check
 * (speed is `npm run bench`'s). Generous, so that a machine busy with other work still passes.
 */
export const HANG_GUARD_MS = 240_000;
export const STACK_LINE = /^\s+at /m;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  readonly input?: string;
  readonly noColor?: boolean;
  /** Extra environment variables (e.g. FLINKSLOT_REST_TOKEN). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The CLI's environment: NO_COLOR=1 unless `noColor` is false, never FORCE_COLOR. */
export function cliEnv(options: RunOptions = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  // vitest sets NODE_ENV=test, which users do not have and which makes oclif start twice as slowly.
  delete env.NODE_ENV;
  if (options.noColor ?? true) env.NO_COLOR = '1';
  for (const key of Object.keys(env)) if (key.startsWith('FLINKSLOT_REST_')) delete env[key];
  return { ...env, ...options.env };
}

/**
 * FLINKSLOT_RECORD=FILE appends every command line the end-to-end tests run (arguments, standard
 * input, colour, extra environment) to FILE, one JSON object per line: the corpus that
 * bin/replay-outputs.js runs against two checkouts to show a restructure changes no output.
 */
function record(args: readonly string[], options: RunOptions): void {
  const file = process.env.FLINKSLOT_RECORD;
  if (file === undefined || file === '') return;
  const line = { root: ROOT, args, input: options.input ?? null, noColor: options.noColor ?? true, env: options.env ?? {} };
  appendFileSync(file, JSON.stringify(line) + '\n');
}

/** `node bin/run.js ARGS` from the repository root; NO_COLOR=1 unless `noColor` is false. */
export function runCli(args: readonly string[], options: RunOptions = {}): Run {
  record(args, options);
  const env = cliEnv(options);
  const result = spawnSync(process.execPath, ['bin/run.js', ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    input: options.input,
    timeout: HANG_GUARD_MS,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking: tests of a `describe.concurrent` block run side by side. */
export function runCliAsync(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  record(args, options);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/run.js', ...args], { cwd: ROOT, env: cliEnv(options), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin.on('error', () => undefined); // the CLI may exit without reading stdin
    const timer = setTimeout(() => child.kill(), HANG_GUARD_MS);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Builds dist/ when a test runs on its own, outside `npm test` (which builds first). */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist/commands/index.js'))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
}

const errorSchema = JSON.parse(readFileSync(join(ROOT, 'schemas/error.schema.json'), 'utf8'));
const validateErrorReport = new Ajv2020({ allErrors: true, strict: true }).compile(errorSchema);

/**
 * The JSON error object a failing command prints on stdout with --json (schemas/error.schema.json):
 * valid, and naming the same diagnostics as stderr (by their codes, in order).
 */
interface JsonError {
  error: { code: string; message: string; file?: string; line?: number };
  diagnostics: { code: string }[];
}

export function expectJsonError(run: Run): JsonError {
  const failure = JSON.parse(run.stdout) as JsonError;
  if (!validateErrorReport(failure)) throw new Error(`not a valid error report: ${JSON.stringify(validateErrorReport.errors)}`);
  const codes = [...run.stderr.matchAll(/\[([a-z][\w-]*\/[\w/-]+)\]$/gm)].map((m) => m[1]);
  const listed = failure.diagnostics.map((d) => d.code);
  if (codes.length > 0 && JSON.stringify(listed.slice(0, codes.length)) !== JSON.stringify(codes))
    throw new Error(`stdout lists ${listed.join(', ')} but stderr ${codes.join(', ')}`);
  return failure;
}
