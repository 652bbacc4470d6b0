/**
 * The package a user installs (issue 27 §4): `npm pack` holds what runs and nothing else, and the
 * tarball installed into an empty prefix, offline, on a machine with only Node gives a `flinkslot`
 * that answers as `node bin/run.js` does in the repository, from any directory; `import('flinkslot')`
 * gives the library, whose declarations type-check in a project of its own.
 *
 * `npm pack --ignore-scripts`: `npm test` has built dist/ already; the prepack script would build
 * it again, under the feet of the tests running beside this one.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Run, cliEnv, ensureBuilt, runCli } from '../support/cli.js';
import { FAST_COMMANDS } from '../../commands/fast.js';

interface PackedFile {
  readonly path: string;
  readonly size: number;
}
interface Packed {
  readonly filename: string;
  readonly entryCount: number;
  readonly unpackedSize: number;
  readonly files: readonly PackedFile[];
}

const JOB = join(ROOT, 'fixtures/jobs/wordcount-streaming.yaml');
const INVALID = join(ROOT, 'fixtures/invalid/parallelism-above-max.yaml');
// Node's own directory first: the installed bin starts with `#!/usr/bin/env node`.
const PATH = [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter);
let dir: string;
let packed: Packed;
let tarball: string;
let prefix: string;
let project: string;

/** npm, or a program, run to the end (a hang guard, not a speed check: minutes on a loaded machine). */
function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): Run {
  const env: NodeJS.ProcessEnv = { ...cliEnv(), PATH };
  // The npm running `npm test` passes its settings down (npm_config_*): this npm gets its own.
  for (const key of Object.keys(env)) if (key.toLowerCase().startsWith('npm_')) delete env[key];
  const result = spawnSync(command, args, { cwd: dir, env, encoding: 'utf8', timeout: 300_000, ...options });
  if (result.error) throw result.error;
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

function npm(args: readonly string[], cwd: string): Run {
  const done = run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, shell: process.platform === 'win32' });
  if (done.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${done.status}):\n${done.stderr}`);
  return done;
}

/** The installed `flinkslot`, run from the temporary directory, away from the repository. */
const installed = (args: readonly string[]): Run => run(join(prefix, 'bin/flinkslot'), args);

beforeAll(() => {
  ensureBuilt();
  if (!existsSync(join(ROOT, 'dist/lib/index.js'))) throw new Error('dist/lib/index.js is missing: run npm run build');
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-package-'));
  [packed] = JSON.parse(npm(['pack', ROOT, '--json', '--ignore-scripts', '--pack-destination', dir], dir).stdout) as [Packed];
  tarball = join(dir, packed.filename);
  prefix = join(dir, 'prefix');
  npm(['install', '--global', '--prefix', prefix, '--offline', tarball], dir);
  project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-flinkslot', private: true, type: 'module' }));
  npm(['install', '--offline', tarball], project);
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the tarball', () => {
  const paths = (): string[] => packed.files.map((f) => f.path);

  it('holds what runs: the launcher, the CLI and library bundles, the declarations, schemas, README, LICENSE', () => {
    for (const path of [
      'bin/run.js',
      'dist/cli/index.js',
      ...FAST_COMMANDS.map((id) => `dist/cli/fast-${id}.js`),
      'dist/cli/validate-worker.js',
      'dist/cli/size-worker.js',
      'dist/lib/index.js',
      'dist/types/src/index.d.ts',
      'schemas/plan.schema.json',
      'schemas/error.schema.json',
      'README.md',
      'LICENSE',
      'package.json',
    ])
      expect(paths()).toContain(path);
  });

  it('holds no tests, benchmarks, source maps or unbundled compiler output, within a bound on files and size', () => {
    const unwanted = paths().filter(
      (p) =>
        /^dist\/(test|bench|src|commands)\//.test(p) || /\.test\.|\.map$|\.ts$/.test(p.replace(/\.d\.ts$/, '')) || p.startsWith('test/'),
    );
    expect(unwanted).toEqual([]);
    // The CLI is split along its commands (issue 29 §1: each loads only its part of the core): ~70 files in dist/cli.
    expect(packed.entryCount).toBeLessThanOrEqual(320);
    // Each command's plain line also has a bundle of its own (dist/cli/fast-<command>.js, ~0.3–1.3 MB
    // each, the core they share copied): 10–20% of every command's start-up for ~6 MB installed (issue 29 §1).
    expect(packed.unpackedSize).toBeLessThan(14 * 1024 * 1024);
  });

  it('needs nothing from a registry: no dependencies to install (the bundles carry them)', () => {
    const pjson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pjson.dependencies ?? {}).toEqual({});
    expect(pjson.bundleDependencies ?? pjson.bundledDependencies).toBeUndefined();
  });

  it('carries the Apache License 2.0, the licence package.json names', () => {
    const licence = readFileSync(join(prefix, 'lib/node_modules/flinkslot/LICENSE'), 'utf8');
    expect(licence).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004\s/);
    expect(licence).toContain('END OF TERMS AND CONDITIONS');
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).license).toBe('Apache-2.0');
  });
});

describe('flinkslot installed from the tarball, offline, run from another directory', () => {
  it('--help and --version', () => {
    const help = installed(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('$ flinkslot [COMMAND]');
    expect(help.stdout).toBe(runCli(['--help']).stdout);
    expect(installed(['--version']).stdout).toBe(runCli(['--version']).stdout);
  });

  it('plan on a file given by its absolute path: the same answer as the repository’s CLI (text, --json, oclif’s path, an error)', () => {
    for (const args of [
      ['plan', JOB],
      ['plan', JOB, '--json'],
      ['plan', JOB, '--execution', '--limit', '3'],
      ['plan', INVALID],
    ]) {
      const mine = installed(args);
      expect(mine).toEqual(runCli(args));
    }
    const viaOclif = run(join(prefix, 'bin/flinkslot'), ['plan', JOB], { env: { ...cliEnv(), PATH, FLINKSLOT_NO_FAST_PATH: '1' } });
    expect(viaOclif).toEqual(runCli(['plan', JOB]));
    expect(installed(['plan', JOB]).stdout).toContain('Minimum slots');
  });

  it('completion scripts for bash, zsh and fish', () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const mine = installed(['completion', shell]);
      expect(mine.status).toBe(0);
      expect(mine.stdout).toContain('flinkslot');
      expect(mine).toEqual(runCli(['completion', shell]));
    }
  });

  it('validate on two threads: the worker entries are in the package', () => {
    const args = ['validate', join(ROOT, 'fixtures/jobs'), '-j', '2'];
    const mine = installed(args);
    expect(mine.stdout).toMatch(/files: \d+ passed/);
    expect(mine).toEqual(runCli(args));
  });
});

describe('import("flinkslot") from a project with the tarball installed', () => {
  it('gives the library: planFromText answers as plan --json does; the schemas resolve', () => {
    const script = [
      "import { readFileSync } from 'node:fs';",
      "import { createRequire } from 'node:module';",
      "const flinkslot = await import('flinkslot');",
      "const functions = Object.keys(flinkslot).filter((k) => typeof flinkslot[k] === 'function').sort();",
      'const result = flinkslot.planFromText(readFileSync(process.argv[1], "utf8"), process.argv[1]);',
      "const schema = createRequire(import.meta.url).resolve('flinkslot/schemas/plan.schema.json');",
      'console.log(JSON.stringify({ functions, plan: result.value, schema: JSON.parse(readFileSync(schema, "utf8")).$id }));',
    ].join('\n');
    const done = run(process.execPath, ['--input-type=module', '-e', script, JOB], { cwd: project });
    expect(done.stderr).toBe('');
    const { functions, plan, schema } = JSON.parse(done.stdout) as { functions: string[]; plan: unknown; schema: string };
    for (const name of [
      'planFromText',
      'renderPlanText',
      'memoryFromText',
      'simulateScenario',
      'sizeJobs',
      'diffFromTexts',
      'validateFile',
    ])
      expect(functions).toContain(name);
    expect(plan).toEqual(JSON.parse(runCli(['plan', JOB, '--json']).stdout));
    expect(schema).toBe(JSON.parse(readFileSync(join(ROOT, 'schemas/plan.schema.json'), 'utf8')).$id);
  });

  it('its declarations type-check in a strict project without skipLibCheck (they need no package the install lacks)', () => {
    writeFileSync(
      join(project, 'use.ts'),
      [
        "import { type Diagnostic, type PlanReport, planFromText, renderPlanText } from 'flinkslot';",
        "const result = planFromText('name: x\\nvertices: [{id: a, parallelism: 2}]\\n', 'x.yaml');",
        'export const slots: number | undefined = result.ok ? (result.value satisfies PlanReport).minimumSlots : undefined;',
        'export const first: Diagnostic | undefined = result.ok ? undefined : result.diagnostics[0];',
        'export const text: string | undefined = result.ok ? renderPlanText(result.value) : undefined;',
        '',
      ].join('\n'),
    );
    const options = { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, types: [] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['use.ts'] }));
    const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: project });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
