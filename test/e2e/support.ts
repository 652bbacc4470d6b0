/** Shared by the end-to-end tests: run the built CLI as a user would, build it first if needed. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ANSI = /\u001b\[/;
export const STACK_LINE = /^\s+at /m;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  millis: number;
}

/** `node bin/run.js ARGS` from the repository root; NO_COLOR=1 unless `noColor` is false. */
export function runCli(args: readonly string[], options: { input?: string; noColor?: boolean } = {}): Run {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.NO_COLOR;
  if (options.noColor ?? true) env.NO_COLOR = '1';
  const started = Date.now();
  const result = spawnSync(process.execPath, ['bin/run.js', ...args], { cwd: ROOT, env, encoding: 'utf8', input: options.input, timeout: 30_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, millis: Date.now() - started };
}

/** Builds dist/ when a test runs on its own, outside `npm test` (which builds first). */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist/commands/index.js'))) return;
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
}
