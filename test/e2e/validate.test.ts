/**
 * End-to-end tests of `flinkslot validate`: spawn the built CLI (`node bin/run.js`) from the
 * repository root, as a user (or a CI job) would, on the job graphs of fixtures/validate
 * (valid/, invalid/, policy/: each file's header says what it exercises) and on files generated
 * into temporary directories:
 * - exit codes (0, 1, 2) for --strict, --fail-level, bad paths, bad policy inputs;
 * - every report format on `validate fixtures/validate --policy fixtures/policies/pr-gate.yaml`:
 *   JSON against schemas/validate.schema.json, SARIF against the SARIF 2.1.0 schema
 *   (test/data/sarif-schema-2.1.0.json), JUnit read back by a small XML checker, GitHub workflow
 *   commands, TAP 13;
 * - inputs: directories, quoted globs, duplicates, stdin, -o FILE;
 * - policies: flags, --cluster (flinkslot YAML and Flink's GET /taskmanagers answer), --tm-config
 *   with --min-managed-memory, --require-group-profiles, --execution, --policy FILE vs flags;
 * - the multi-threaded path (300 generated files) against -j 1.
 * No run may print a stack trace or "internal error".
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { join, relative } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, parseXml } from '../support/xml.js';
import { validateSarif } from '../support/sarif.js';
import { ANSI, ROOT, type Run, STACK_LINE, ensureBuilt, runCliAsync } from '../support/cli.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(ensureBuilt);

const TMP = mkdtempSync(join(tmpdir(), 'flinkslot-validate-e2e-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** A fresh directory under the suite's temporary directory. */
let dirs = 0;
function tempDir(name: string): string {
  const dir = join(TMP, `${++dirs}-${name}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Running the CLI
// ---------------------------------------------------------------------------------------------

/** Nothing that looks like an uncaught exception. */
function expectNoCrash(run: Run): void {
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(run.stderr).not.toMatch(/^ {4}at /m);
  expect(run.stderr).not.toContain('internal error');
  expect(run.stderr).not.toMatch(/\w+Exception:/);
  expect(run.status, `exit status (stderr: ${run.stderr})`).not.toBe(70);
}

const cache = new Map<string, Promise<Run>>();
/** `flinkslot validate ARGS` (NO_COLOR=1), once per distinct argument list and input; never a crash. */
async function validate(args: readonly string[], input?: string): Promise<Run> {
  const key = [...args, input ?? ''].join('\u0000');
  let run = cache.get(key);
  if (run === undefined) {
    run = runCliAsync(['validate', ...args], input === undefined ? {} : { input });
    cache.set(key, run);
  }
  const done = await run;
  expectNoCrash(done);
  return done;
}

/** A run that is a usage error: exit 2, one `error ...` line (or oclif's message) on stderr, nothing on stdout. */
function expectUsageError(run: Run, message: RegExp | string): void {
  expect(run.status, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  if (typeof message === 'string') expect(run.stderr).toContain(message);
  else expect(run.stderr).toMatch(message);
}

const ajv2020 = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validateEnvelope = ajv2020.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/validate.schema.json'), 'utf8')) as object);

/** The report of `validate ARGS --json`, checked against schemas/validate.schema.json. */
function report(run: Run): Json {
  expect(run.stderr).toBe('');
  const data = JSON.parse(run.stdout) as Json;
  const ok = validateEnvelope(data);
  expect(validateEnvelope.errors ?? [], JSON.stringify(validateEnvelope.errors, null, 2)).toEqual([]);
  expect(ok).toBe(true);
  expectConsistent(data);
  return data;
}

async function json(args: readonly string[], input?: string): Promise<{ status: number | null; data: Json }> {
  const run = await validate([...args, '--json'], input);
  return { status: run.status, data: report(run) };
}

/** What must hold in any report: positions, per-file `passed`, the summary's counts. */
function expectConsistent(data: Json): void {
  const levels = ['error', 'warning', 'info'];
  const fails = (severity: string): boolean => data.failLevel !== 'none' && levels.indexOf(severity) <= levels.indexOf(data.failLevel);
  const all: Json[] = data.files.flatMap((f: Json) => f.findings);
  for (const file of data.files) {
    expect(file.passed, file.file).toBe(!file.findings.some((f: Json) => fails(f.severity)));
    for (const f of file.findings) {
      expect(f.file).toBe(file.file);
      expect(f.line).toBeGreaterThanOrEqual(1);
      expect(f.column).toBeGreaterThanOrEqual(1);
      expect(f.endLine).toBeGreaterThanOrEqual(f.line);
      if (f.endLine === f.line) expect(f.endColumn).toBeGreaterThan(f.column);
      expect(f.message.length).toBeGreaterThan(0);
    }
    // Sorted by line, column, rule.
    const keys = file.findings.map((f: Json) => [f.line, f.column, f.rule]);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    expect(keys).toEqual(sorted);
  }
  const failed = data.files.filter((f: Json) => !f.passed).length;
  const skipped = data.files.filter((f: Json) => f.skipped === true).length;
  expect(data.summary).toEqual({
    files: data.files.length,
    passed: data.files.length - failed - skipped,
    failed,
    skipped,
    errors: all.filter((f) => f.severity === 'error').length,
    warnings: all.filter((f) => f.severity === 'warning').length,
    infos: all.filter((f) => f.severity === 'info').length,
  });
}

/** file → the rule ids of its findings, in report order. */
function rulesByFile(data: Json): Record<string, string[]> {
  return Object.fromEntries(data.files.map((f: Json) => [f.file, f.findings.map((x: Json) => x.rule)]));
}

function failingFiles(data: Json): string[] {
  return data.files.filter((f: Json) => !f.passed).map((f: Json) => f.file);
}

function findingsOf(data: Json, file: string, rule?: string): Json[] {
  const entry = data.files.find((f: Json) => f.file === file);
  expect(entry, `file ${file} in the report`).toBeDefined();
  return entry.findings.filter((f: Json) => rule === undefined || f.rule === rule);
}

// ---------------------------------------------------------------------------------------------
// The fixtures
// ---------------------------------------------------------------------------------------------

const DIR = 'fixtures/validate';
const VALID = `${DIR}/valid`;
const BROKEN = `${DIR}/invalid/broken-syntax.yaml`;
const CYCLE = `${DIR}/invalid/cycle.yaml`;
const UNKNOWN_VERTEX = `${DIR}/invalid/unknown-vertex.json`;
const GPU = `${DIR}/policy/gpu-group.yaml`;
const TOO_WIDE = `${DIR}/policy/too-wide.yaml`;
const CAR = `${DIR}/valid/car-top-speed-rest.json`;
const UNKNOWN_KEY = `${DIR}/valid/unknown-key.yaml`;
const WORDCOUNT = `${DIR}/valid/wordcount.yaml`;
/** Every file under fixtures/validate, in the order a directory argument lists them (sorted paths). */
const ALL = [BROKEN, CYCLE, UNKNOWN_VERTEX, GPU, TOO_WIDE, CAR, UNKNOWN_KEY, WORDCOUNT];
const VALID_FILES = [CAR, UNKNOWN_KEY, WORDCOUNT];

const PR_GATE = 'fixtures/policies/pr-gate.yaml';
const STANDALONE = 'fixtures/clusters/standalone-4x4.yaml';
const TASKMANAGERS = 'fixtures/real-formats/rest/springline-rs-taskmanagers.json';
const FLINK_CONF = 'fixtures/config/flink-conf.yaml';
const GATED = [DIR, '--policy', PR_GATE];

/** The notes `validate` keeps from reading Flink's GET /jobs/:jobid answer (car-top-speed-rest.json). */
const CAR_NOTES = ['import/defaults', 'import/format', 'import/inferred-keyed', 'import/job-type-not-stated'];

// ---------------------------------------------------------------------------------------------
// Exit codes
// ---------------------------------------------------------------------------------------------

describe.concurrent('exit codes', () => {
  it('0 on valid/: a warning and notes do not fail a file', async () => {
    const run = await validate([VALID]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('3 files: 3 passed, 0 failed (0 errors, 1 warning, 4 notes)');
  });

  it('1 on fixtures/validate: the three invalid files fail, the policy files pass without a policy', async () => {
    const { status, data } = await json([DIR]);
    expect(status).toBe(1);
    expect(data.files.map((f: Json) => f.file)).toEqual(ALL);
    expect(failingFiles(data)).toEqual([BROKEN, CYCLE, UNKNOWN_VERTEX]);
    expect(data.summary).toEqual({ files: 8, passed: 5, failed: 3, skipped: 0, errors: 3, warnings: 1, infos: 4 });
  });

  it('1 on fixtures/validate with pr-gate.yaml: the policy files fail too', async () => {
    const { status, data } = await json(GATED);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([BROKEN, CYCLE, UNKNOWN_VERTEX, GPU, TOO_WIDE]);
  });

  it('--strict: the unknown key is an error, exit 1', async () => {
    const { status, data } = await json([VALID, '--strict']);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([UNKNOWN_KEY]);
    const [f] = findingsOf(data, UNKNOWN_KEY);
    expect(f).toMatchObject({ rule: 'input/unknown-key', severity: 'error', pointer: '/owner', line: 3, column: 1 });
    expect(f.message).not.toContain('ignored');
  });

  it('--fail-level none: exit 0 even with errors, which are still reported', async () => {
    const { status, data } = await json([DIR, '--fail-level', 'none']);
    expect(status).toBe(0);
    expect(data.failLevel).toBe('none');
    expect(data.summary).toEqual({ files: 8, passed: 8, failed: 0, skipped: 0, errors: 3, warnings: 1, infos: 4 });
  });

  it('--fail-level warning: the unknown-key warning fails valid/, exit 1', async () => {
    const { status, data } = await json([VALID, '--fail-level', 'warning']);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([UNKNOWN_KEY]);
    expect(findingsOf(data, UNKNOWN_KEY)[0]).toMatchObject({ rule: 'input/unknown-key', severity: 'warning' });
  });

  it('--fail-level info: the notes of the Flink file fail it as well', async () => {
    const { status, data } = await json([VALID, '--fail-level', 'info']);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([CAR, UNKNOWN_KEY]);
  });

  describe('2: usage errors, before any file is checked', () => {
    it('a path that does not exist', async () => {
      expectUsageError(
        await validate([`${DIR}/no-such-file.yaml`]),
        `error cannot read ${DIR}/no-such-file.yaml: no such file or directory`,
      );
      // ... even next to paths that do exist.
      expectUsageError(await validate([VALID, 'no-such-dir/']), 'no-such-dir/');
    });

    it('a quoted glob that matches nothing', async () => {
      expectUsageError(await validate([`${DIR}/**/*.toml`]), `error no file matches ${DIR}/**/*.toml`);
    });

    it('a directory without job graph files', async () => {
      const dir = tempDir('empty');
      writeFileSync(join(dir, 'notes.txt'), 'not a job graph\n');
      expectUsageError(await validate([dir]), `no .yaml, .yml or .json file in ${dir}`);
    });

    it('--min-managed-memory without --tm-config', async () => {
      expectUsageError(await validate([VALID, '--min-managed-memory', '64m']), 'error --min-managed-memory needs --tm-config');
    });

    it('--min-managed-memory that is not a memory size', async () => {
      expectUsageError(await validate([VALID, '--tm-config', FLINK_CONF, '--min-managed-memory', 'lots']), /^error min-managed-memory: /);
    });

    it('an invalid policy file: schema violation, unknown key, bad memory size, missing', async () => {
      const dir = tempDir('bad-policies');
      const write = (name: string, text: string): string => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      expectUsageError(
        await validate([VALID, '--policy', write('negative.yaml', 'maxSlots: -3\n')]),
        /^error .*negative\.yaml:1:11 .*maxSlots.*\[input\/schema\]$/m,
      );
      expectUsageError(
        await validate([VALID, '--policy', write('unknown.yaml', 'maxSlots: 4\nmaxSlot: 3\n')]),
        /^error .*unknown\.yaml:2:1 unknown key 'maxSlot'.*\[input\/unknown-key\]$/m,
      );
      expectUsageError(
        await validate([VALID, '--policy', write('size.yaml', `tmConfig: ${join(ROOT, FLINK_CONF)}\nminManagedMemory: plenty\n`)]),
        /^error .*size\.yaml:\d+:\d+ .*minManagedMemory/m,
      );
      expectUsageError(
        await validate([VALID, '--policy', join(dir, 'missing.yaml')]),
        `cannot read ${join(dir, 'missing.yaml')}: no such file`,
      );
    });

    it('a cluster file that cannot be read or is not a cluster', async () => {
      expectUsageError(
        await validate([VALID, '--cluster', 'fixtures/clusters/no-such-cluster.yaml']),
        'error cannot read fixtures/clusters/no-such-cluster.yaml: no such file',
      );
      expectUsageError(await validate([VALID, '--cluster', 'fixtures/clusters']), 'error cannot read fixtures/clusters: it is a directory');
      // A job graph is not a cluster.
      expectUsageError(
        await validate([VALID, '--cluster', WORDCOUNT]),
        /this is a flinkslot job graph, not a cluster; try `flinkslot plan /,
      );
    });

    it('a policy file naming a cluster that does not exist', async () => {
      const dir = tempDir('policy-missing-cluster');
      writeFileSync(join(dir, 'policy.yaml'), 'cluster: clusters/none.yaml\n');
      expectUsageError(
        await validate([VALID, '--policy', join(dir, 'policy.yaml')]),
        `error ${join(dir, 'clusters/none.yaml')} cannot read: no such file [input/unreadable]\nnote ${join(dir, 'policy.yaml')}:1:10 cluster in the policy file names it`,
      );
    });

    it('a TaskManager configuration that cannot be read', async () => {
      expectUsageError(
        await validate([VALID, '--tm-config', 'fixtures/config/none.yaml']),
        'error cannot read fixtures/config/none.yaml: no such file',
      );
    });

    it('bad flags (oclif): unknown format, negative --max-slots, no path', async () => {
      expectUsageError(await validate([VALID, '--format', 'xml']), 'Expected --format=xml to be one of');
      expectUsageError(await validate([VALID, '--max-slots', '-1']), '--max-slots');
      expectUsageError(await validate([]), 'Missing 1 required arg');
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Every format on fixtures/validate with pr-gate.yaml
// ---------------------------------------------------------------------------------------------

/** The findings the fixtures call for under pr-gate.yaml, per file (sorted by line, column, rule). */
const GATED_RULES: Record<string, string[]> = {
  [BROKEN]: ['input/syntax'],
  [CYCLE]: ['input/cycle'],
  [UNKNOWN_VERTEX]: ['input/unknown-vertex'],
  [GPU]: ['policy/cluster-fit'],
  [TOO_WIDE]: ['policy/cluster-fit', 'policy/max-parallelism', 'policy/max-slots'],
  [CAR]: CAR_NOTES,
  [UNKNOWN_KEY]: ['input/unknown-key'],
  [WORDCOUNT]: [],
};

function gated(format: string): Promise<Run> {
  return validate([...GATED, '--format', format]);
}

async function gatedJson(): Promise<Json> {
  const run = await gated('json');
  expect(run.status).toBe(1);
  return report(run);
}

describe.concurrent('formats, on `validate fixtures/validate --policy fixtures/policies/pr-gate.yaml`', () => {
  it('every format: exit 1, nothing on stderr', async () => {
    for (const format of ['text', 'json', 'junit', 'sarif', 'github', 'tap']) {
      const run = await gated(format);
      expect(run.status, format).toBe(1);
      expect(run.stderr, format).toBe('');
      expect(run.stdout, format).not.toMatch(ANSI);
    }
  });

  describe('json', () => {
    it('is valid against schemas/validate.schema.json, envelope and summary', async () => {
      const data = await gatedJson();
      expect(data.schemaVersion).toBe(1);
      expect(data.tool.name).toBe('flinkslot');
      expect(data.tool.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(data.failLevel).toBe('error');
      expect(data.summary).toEqual({ files: 8, passed: 3, failed: 5, skipped: 0, errors: 7, warnings: 1, infos: 4 });
      expect(data.files.map((f: Json) => f.file)).toEqual(ALL);
      expect(rulesByFile(data)).toEqual(GATED_RULES);
    });

    it('--json is --format json', async () => {
      const run = await validate([...GATED, '--json']);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe((await gated('json')).stdout);
    });

    it('broken-syntax.yaml: input/syntax, not read as a job graph', async () => {
      const data = await gatedJson();
      const file = data.files.find((f: Json) => f.file === BROKEN);
      expect(file).toMatchObject({ valid: false, passed: false });
      expect(file.summary).toBeUndefined();
      expect(file.findings).toHaveLength(1);
      expect(file.findings[0]).toMatchObject({ rule: 'input/syntax', severity: 'error', pointer: '' });
      expect(file.findings[0].message).toMatch(/YAML syntax error/);
      // The flow mapping opened on line 3 is not closed: the parser notices on line 3 or 4.
      expect(file.findings[0].line).toBeGreaterThanOrEqual(3);
      expect(file.findings[0].line).toBeLessThanOrEqual(4);
    });

    it('cycle.yaml: input/cycle at the edge that closes the cycle', async () => {
      const [f] = findingsOf(await gatedJson(), CYCLE);
      expect(f).toMatchObject({ rule: 'input/cycle', severity: 'error', pointer: '/edges/1', line: 8, column: 5, endLine: 8 });
      expect(f.message).toContain('a -> b -> a');
    });

    it('unknown-vertex.json: input/unknown-vertex on line 8, at the misspelt target', async () => {
      const [f] = findingsOf(await gatedJson(), UNKNOWN_VERTEX);
      // Line 8: `    { "source": "source", "target": "snik" }`; "snik" (with quotes) starts in column 37.
      expect(f).toMatchObject({
        rule: 'input/unknown-vertex',
        severity: 'error',
        pointer: '/edges/0/target',
        line: 8,
        column: 37,
        endLine: 8,
        endColumn: 43,
      });
      expect(f.message).toContain("'snik'");
    });

    it('too-wide.yaml: max-slots and max-parallelism at /vertices/1/parallelism (line 5), and cluster-fit', async () => {
      const data = await gatedJson();
      for (const rule of ['policy/max-slots', 'policy/max-parallelism']) {
        const [f] = findingsOf(data, TOO_WIDE, rule);
        // Line 5: `  - {id: join, parallelism: 64}`: "64" is columns 29-30.
        expect(f, rule).toMatchObject({
          severity: 'error',
          pointer: '/vertices/1/parallelism',
          line: 5,
          column: 29,
          endLine: 5,
          endColumn: 31,
        });
      }
      // The limits came from the policy file: named by its keys, at their lines (maxSlots: line 3, maxParallelism: line 4).
      expect(findingsOf(data, TOO_WIDE, 'policy/max-slots')[0].message).toBe(
        `the job needs 64 slots, more than maxSlots 16 of ${PR_GATE}:3:11 (per slot sharing group: default 64)`,
      );
      expect(findingsOf(data, TOO_WIDE, 'policy/max-parallelism')[0].message).toBe(
        `vertex 'join' runs with parallelism 64, more than maxParallelism 32 of ${PR_GATE}:4:17`,
      );
      // 64 slots wanted, the 16 of standalone-4x4 acquired.
      const [fit] = findingsOf(data, TOO_WIDE, 'policy/cluster-fit');
      expect(fit.message).toMatch(
        /^the job's requirements are only partly met on the cluster fixtures\/clusters\/standalone-4x4\.yaml: 48 slots missing/,
      );
      expect(data.files.find((f: Json) => f.file === TOO_WIDE).summary).toEqual({
        job: 'too-wide',
        minimumSlots: 64,
        maxParallelism: 64,
        flinkVersion: '2.2',
        flinkVersionSource: 'assumed',
      });
    });

    it('gpu-group.yaml: cluster-fit only (4 slots, parallelism 2), the GPU is what is missing', async () => {
      const data = await gatedJson();
      const [fit] = findingsOf(data, GPU);
      expect(fit.rule).toBe('policy/cluster-fit');
      expect(fit.message).toMatch(
        /^the job's requirements are not met on the cluster fixtures\/clusters\/standalone-4x4\.yaml: 2 slots missing/,
      );
      expect(fit.message).toContain('gpu 0 free of 1 needed');
      expect(data.files.find((f: Json) => f.file === GPU).summary).toEqual({
        job: 'scoring',
        minimumSlots: 4,
        maxParallelism: 2,
        flinkVersion: '1.20',
        flinkVersionSource: 'file',
      });
    });

    it('valid/: passes, with the warning and the import notes; wordcount has no finding', async () => {
      const data = await gatedJson();
      for (const file of VALID_FILES) expect(data.files.find((f: Json) => f.file === file).passed, file).toBe(true);
      expect(findingsOf(data, UNKNOWN_KEY)[0]).toMatchObject({
        rule: 'input/unknown-key',
        severity: 'warning',
        pointer: '/owner',
        line: 3,
        column: 1,
        endLine: 3,
        endColumn: 6,
      });
      expect(findingsOf(data, CAR).every((f: Json) => f.severity === 'info')).toBe(true);
      expect(findingsOf(data, CAR, 'import/format')[0].message).toBe('read as the answer of GET /jobs/:jobid');
      expect(data.files.find((f: Json) => f.file === WORDCOUNT).summary).toEqual({
        job: 'wordcount',
        minimumSlots: 8,
        maxParallelism: 8,
        flinkVersion: '1.20',
        flinkVersionSource: 'file',
      });
      expect(data.files.find((f: Json) => f.file === CAR).summary).toMatchObject({
        job: 'CarTopSpeedWindowingExample',
        minimumSlots: 1,
        maxParallelism: 1,
      });
    });
  });

  describe('text', () => {
    it('one aligned line per finding `file:line:col  severity  rule  message  (pointer)`, then the summary', async () => {
      const run = await gated('text');
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines.at(-1)).toBe('8 files: 3 passed, 5 failed (7 errors, 1 warning, 4 notes)');
      expect(lines.at(-2)).toBe('');
      // Files that name no Flink version are counted once, not noted per file.
      expect(lines.at(-3)).toBe(
        'note: 3 files name no Flink version: the rules of Flink 2.2 (the newest flinkslot knows) were applied; set flinkVersion in each file or pass --flink-version',
      );
      const findingLines = lines.slice(0, -3);
      const data = await gatedJson();
      const all = data.files.flatMap((f: Json) => f.findings);
      expect(findingLines).toHaveLength(all.length);
      findingLines.forEach((line, i) => {
        const f = all[i];
        const m = /^(\S+):(\d+):(\d+) +(error|warning|info) +(\S+) +(.*)$/.exec(line);
        expect(m, line).not.toBeNull();
        expect([m![1], Number(m![2]), Number(m![3]), m![4], m![5]]).toEqual([f.file, f.line, f.column, f.severity, f.rule]);
        expect(m![6]).toBe(f.pointer === '' ? f.message : `${f.message}  (${f.pointer})`);
      });
      // Aligned: the severity column starts at the same place on every line.
      expect(new Set(findingLines.map((l) => l.search(/ (error|warning|info) /))).size).toBe(1);
    });

    it('--verbose lists the files without findings too', async () => {
      const run = await validate([...GATED, '--verbose']);
      expect(run.stdout).toMatch(new RegExp(`^${WORDCOUNT}: ok$`, 'm'));
      expect((await gated('text')).stdout).not.toContain(`${WORDCOUNT}: ok`);
    });

    it('--color paints, NO_COLOR alone does not', async () => {
      const colored = await runCliAsync(['validate', ...GATED, '--color']);
      expectNoCrash(colored);
      expect(colored.stdout).toMatch(ANSI);
      expect((await gated('text')).stdout).not.toMatch(ANSI);
    });
  });

  describe('sarif', () => {
    async function sarif(args: readonly string[] = GATED): Promise<Json> {
      const run = await validate([...args, '--format', 'sarif']);
      expect(run.stderr).toBe('');
      const log = JSON.parse(run.stdout) as Json;
      const ok = validateSarif(log);
      expect(validateSarif.errors ?? [], JSON.stringify(validateSarif.errors, null, 2)).toEqual([]);
      expect(ok).toBe(true);
      return log;
    }

    it('is valid SARIF 2.1.0 (schema, with uri formats)', async () => {
      const log = await sarif();
      expect(log.version).toBe('2.1.0');
      expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
      expect(log.runs).toHaveLength(1);
      expect(log.runs[0].tool.driver.name).toBe('flinkslot');
    });

    it('rules: one per rule id that occurs, sorted; every ruleIndex points at its rule', async () => {
      const run = (await sarif()).runs[0];
      const ids = run.tool.driver.rules.map((r: Json) => r.id);
      expect(ids).toEqual([...new Set(Object.values(GATED_RULES).flat())].sort());
      for (const r of run.tool.driver.rules) {
        expect(r.shortDescription.text.length, r.id).toBeGreaterThan(0);
        expect(['error', 'warning', 'note']).toContain(r.defaultConfiguration.level);
      }
      for (const result of run.results) {
        expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      }
      const level = (id: string): string => run.tool.driver.rules.find((r: Json) => r.id === id).defaultConfiguration.level;
      expect(level('input/unknown-key')).toBe('warning');
      expect(level('import/format')).toBe('note');
      expect(level('policy/max-slots')).toBe('error');
    });

    it('results: the JSON findings, with levels, artifacts and regions', async () => {
      const run = (await sarif()).runs[0];
      const findings = (await gatedJson()).files.flatMap((f: Json) => f.findings);
      expect(run.results).toHaveLength(findings.length);
      expect(run.artifacts.map((a: Json) => a.location.uri)).toEqual(ALL);
      expect(run.artifacts.every((a: Json) => a.location.uriBaseId === 'SRCROOT')).toBe(true);
      expect(Object.keys(run.originalUriBaseIds)).toEqual(['SRCROOT']);
      run.results.forEach((result: Json, i: number) => {
        const f = findings[i];
        expect(result.ruleId).toBe(f.rule);
        expect(result.level).toBe({ error: 'error', warning: 'warning', info: 'note' }[f.severity as string]);
        expect(result.message.text).toBe(f.message);
        expect(result.locations).toHaveLength(1);
        const { physicalLocation, logicalLocations } = result.locations[0];
        expect(physicalLocation.artifactLocation.uri).toBe(f.file);
        expect(run.artifacts[physicalLocation.artifactLocation.index].location.uri).toBe(f.file);
        const r = physicalLocation.region;
        expect(r).toEqual({ startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn });
        expect(r.startLine).toBeGreaterThanOrEqual(1);
        expect(r.startColumn).toBeGreaterThanOrEqual(1);
        expect(r.endLine).toBeGreaterThanOrEqual(r.startLine);
        expect(logicalLocations[0].fullyQualifiedName).toBe(f.pointer === '' ? '/' : f.pointer);
      });
    });

    it('absolute paths become file: URIs, special characters percent-encoded; still valid', async () => {
      const dir = tempDir('sarif-uris');
      const file = join(dir, 'my job #1.yaml');
      writeFileSync(file, 'name: x\nvertices:\n  - {id: a, parallelism: 1}\nedges:\n  - {source: a, target: b}\n');
      const log = await sarif([file]);
      const run = log.runs[0];
      expect(run.artifacts[0].location.uri).toBe(`file://${dir.split('/').map(encodeURIComponent).join('/')}/my%20job%20%231.yaml`);
      expect(run.artifacts[0].location.uriBaseId).toBeUndefined();
      expect(run.originalUriBaseIds).toBeUndefined();
      expect(run.results[0].locations[0].physicalLocation.region).toMatchObject({ startLine: 5, endLine: 5 });
    });
  });

  describe('junit', () => {
    it('is well-formed XML: testsuites, one testsuite per file, testcases, failures', async () => {
      const run = await gated('junit');
      expect(run.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
      const root = parseXml(run.stdout);
      expect(root.name).toBe('testsuites');
      const suites = children(root, 'testsuite');
      expect(root.children.length).toBe(suites.length);
      expect(suites.map((s) => s.attrs.name)).toEqual(ALL);
      let tests = 0;
      let failures = 0;
      for (const suite of suites) {
        const file = suite.attrs.name!;
        const cases = children(suite, 'testcase');
        expect(cases.length, file).toBeGreaterThanOrEqual(1);
        expect(Number(suite.attrs.tests), file).toBe(cases.length);
        const failing = cases.filter((c) => children(c, 'failure').length > 0);
        expect(Number(suite.attrs.failures), file).toBe(failing.length);
        tests += cases.length;
        failures += failing.length;
        for (const c of cases) expect(c.attrs.classname).toBe(file);
        const rules = GATED_RULES[file]!;
        const fileFails = [BROKEN, CYCLE, UNKNOWN_VERTEX, GPU, TOO_WIDE].includes(file);
        if (fileFails) {
          // One test case per rule, each failing (every finding of these files is an error).
          expect(
            cases.map((c) => c.attrs.name),
            file,
          ).toEqual([...new Set(rules)].sort());
          for (const c of failing) {
            const [failure] = children(c, 'failure');
            expect(failure!.attrs.type).toBe(c.attrs.name);
            expect(failure!.attrs.message!.length).toBeGreaterThan(0);
            expect(failure!.text).toMatch(new RegExp(`^${escapeRegExp(file)}:\\d+:\\d+ error `));
          }
          expect(failing.length).toBe(cases.length);
        } else {
          expect(
            cases.map((c) => c.attrs.name),
            file,
          ).toEqual(['valid']);
          expect(failing).toEqual([]);
          const out = children(cases[0]!, 'system-out');
          expect(out.length, file).toBe(rules.length > 0 ? 1 : 0);
        }
      }
      expect(Number(root.attrs.tests)).toBe(tests);
      expect(Number(root.attrs.failures)).toBe(failures);
      expect(failures).toBe(7);
      // Attribute escaping read back: the cycle's "->" and the apostrophes survive.
      const cycle = children(suites[1]!, 'testcase')[0]!;
      expect(children(cycle, 'failure')[0]!.attrs.message).toBe('The job graph is cyclic: a -> b -> a');
      expect(children(children(suites[2]!, 'testcase')[0]!, 'failure')[0]!.attrs.message).toBe(
        "edge target 'snik' is not a vertex of the job",
      );
    });

    it('--fail-level warning: the warning becomes a failing test case of its rule', async () => {
      const run = await validate([VALID, '--format', 'junit', '--fail-level', 'warning']);
      expect(run.status).toBe(1);
      const suites = children(parseXml(run.stdout), 'testsuite');
      const unknown = suites.find((s) => s.attrs.name === UNKNOWN_KEY)!;
      expect(children(unknown, 'testcase').map((c) => c.attrs.name)).toEqual(['input/unknown-key']);
      expect(children(children(unknown, 'testcase')[0]!, 'failure')).toHaveLength(1);
    });
  });

  describe('github', () => {
    const COMMAND = /^::(error|warning|notice) file=[^,]+,line=\d+/;

    it('one workflow command per finding, with file, line and title; then a summary line', async () => {
      const run = await gated('github');
      const lines = run.stdout.trimEnd().split('\n');
      const commands = lines.filter((l) => l.startsWith('::'));
      const findings = (await gatedJson()).files.flatMap((f: Json) => f.findings);
      expect(commands).toHaveLength(findings.length);
      commands.forEach((line, i) => {
        const f = findings[i];
        expect(line).toMatch(COMMAND);
        const m = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
        expect(m, line).not.toBeNull();
        expect(m![1]).toBe({ error: 'error', warning: 'warning', info: 'notice' }[f.severity as string]);
        const props = Object.fromEntries(m![2]!.split(',').map((p) => p.split('=') as [string, string]));
        expect(props.file).toBe(f.file);
        expect(Number(props.line)).toBe(f.line);
        expect(Number(props.endLine)).toBe(f.endLine);
        expect(props.title).toBe(f.rule.replace(/:/g, '%3A').replace(/,/g, '%2C'));
        if (f.endLine === f.line) {
          expect(Number(props.col)).toBe(f.column);
          // GitHub's endColumn is the last column of the annotation.
          expect(Number(props.endColumn)).toBe(Math.max(f.column, f.endColumn - 1));
        } else {
          expect(props.col).toBeUndefined();
          expect(props.endColumn).toBeUndefined();
        }
        expect(m![3]).toBe(f.message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
      });
      expect(lines.at(-1)).toBe('flinkslot validate: 8 files: 3 passed, 5 failed (7 errors, 1 warning, 4 notes)');
      // The multi-line region (the plan object of the Flink file) has no columns.
      expect(commands.some((l) => l.startsWith(`::notice file=${CAR},line=102,endLine=128,title=import/job-type-not-stated::`))).toBe(true);
    });

    it('property values escape "," and ":" (and "%"), the message escapes "%" only', async () => {
      const dir = tempDir('github-escapes');
      const file = join(dir, 'team,a:b.yaml');
      writeFileSync(file, 'name: esc\nvertices:\n  - {id: a, parallelism: 1}\nedges:\n  - {source: a, target: "b,c:d%e"}\n');
      const run = await validate([file, '--format', 'github']);
      expect(run.status).toBe(1);
      const commands = run.stdout.split('\n').filter((l) => l.startsWith('::'));
      expect(commands).toHaveLength(1);
      const line = commands[0]!;
      expect(line).toMatch(COMMAND);
      expect(line).toContain(`file=${dir.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C')}/team%2Ca%3Ab.yaml,line=5,`);
      expect(line).toContain(',title=input/unknown-vertex::');
      expect(line.endsWith("::edge target 'b,c:d%25e' is not a vertex of the job")).toBe(true);
      // Exactly two "::" separators: the properties cannot end early.
      expect(line.split('::')).toHaveLength(3);
    });
  });

  describe('tap', () => {
    it('TAP 13: plan 1..8, `not ok` exactly for the failing files, diagnostics as YAML', async () => {
      const run = await gated('tap');
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('TAP version 13');
      expect(lines[1]).toBe('1..8');
      const points = lines.filter((l) => /^(not )?ok \d+ /.test(l));
      expect(points).toHaveLength(8);
      const data = await gatedJson();
      points.forEach((p, i) => {
        const file = data.files[i];
        expect(p).toBe(`${file.passed ? 'ok' : 'not ok'} ${i + 1} - ${file.file}`);
      });
      expect(points.filter((p) => p.startsWith('not ok')).map((p) => p.replace(/^not ok \d+ - /, ''))).toEqual([
        BROKEN,
        CYCLE,
        UNKNOWN_VERTEX,
        GPU,
        TOO_WIDE,
      ]);
      expect(lines.at(-1)).toBe('# 8 files: 3 passed, 5 failed (7 errors, 1 warning, 4 notes)');
      // A YAML block follows each file with findings (7 of them), indented two spaces.
      expect(lines.filter((l) => l === '  ---')).toHaveLength(7);
      expect(lines.filter((l) => l === '  ...')).toHaveLength(7);
      expect(run.stdout).toContain(
        `    - rule: "policy/max-slots"\n      severity: error\n      message: "the job needs 64 slots, more than maxSlots 16 of ${PR_GATE}:3:11 (per slot sharing group: default 64)"\n      line: 5\n      column: 29\n      pointer: "/vertices/1/parallelism"`,
      );
    });

    it('--fail-level none: every test point ok', async () => {
      const run = await validate([...GATED, '--format', 'tap', '--fail-level', 'none']);
      expect(run.status).toBe(0);
      expect(run.stdout).not.toMatch(/^not ok/m);
      expect(run.stdout.match(/^ok \d+ /gm)).toHaveLength(8);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

async function files(args: readonly string[], input?: string): Promise<string[]> {
  return (await json(args, input)).data.files.map((f: Json) => f.file);
}

describe.concurrent('inputs', () => {
  it('a directory is searched recursively for .yaml, .yml and .json, sorted; hidden dirs, node_modules and other files skipped', async () => {
    expect(await files([DIR])).toEqual(ALL);
    const dir = tempDir('tree');
    const job = 'name: j\nvertices:\n  - {id: a, parallelism: 1}\n';
    for (const p of ['b.yaml', 'a/c.yml', 'a/deep/d.json', '.hidden/e.yaml', 'node_modules/f.yaml', 'a/notes.txt', 'a/README.md']) {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), p.endsWith('.json') ? '{"name": "j", "vertices": [{"id": "a", "parallelism": 1}]}' : job);
    }
    const { status, data } = await json([dir]);
    expect(status).toBe(0);
    expect(data.files.map((f: Json) => relative(dir, f.file))).toEqual(['a/c.yml', 'a/deep/d.json', 'b.yaml']);
  });

  it('a quoted glob: ** across directories, *, {a,b}', async () => {
    expect(await files([`${DIR}/**/*.json`])).toEqual([UNKNOWN_VERTEX, CAR]);
    expect(await files([`${DIR}/*/*.yaml`])).toEqual([BROKEN, CYCLE, GPU, TOO_WIDE, UNKNOWN_KEY, WORDCOUNT]);
    expect(await files([`${DIR}/{policy,valid}/*.yaml`])).toEqual([GPU, TOO_WIDE, UNKNOWN_KEY, WORDCOUNT]);
  });

  it('several paths: argument order, each file once', async () => {
    const args = [WORDCOUNT, VALID, WORDCOUNT, `${DIR}/valid/*.yaml`, `${VALID}/`, CYCLE, `${DIR}/invalid`];
    expect(await files(args)).toEqual([WORDCOUNT, CAR, UNKNOWN_KEY, CYCLE, BROKEN, UNKNOWN_VERTEX]);
  });

  // KNOWN BUG (reported): duplicates are dropped by the path string as written, so the same file
  // spelt `./x` and `x` is checked (and counted) twice.
  it('several paths: the same file spelt differently is still checked once', async () => {
    expect(await files([WORDCOUNT, `./${WORDCOUNT}`, `${DIR}/../validate/valid/wordcount.yaml`])).toHaveLength(1);
  });

  it('- reads one job graph from stdin, reported as <stdin>', async () => {
    const text = readFileSync(join(ROOT, UNKNOWN_VERTEX), 'utf8');
    const { status, data } = await json(['-'], text);
    expect(status).toBe(1);
    expect(data.files).toHaveLength(1);
    expect(data.files[0]).toMatchObject({ file: '<stdin>', valid: false, passed: false });
    expect(data.files[0].findings[0]).toMatchObject({
      rule: 'input/unknown-vertex',
      file: '<stdin>',
      pointer: '/edges/0/target',
      line: 8,
      column: 37,
    });
  });

  it('- next to files, in argument order; - twice is read once', async () => {
    const text = readFileSync(join(ROOT, CYCLE), 'utf8');
    expect(await files([WORDCOUNT, '-', CAR, '-'], text)).toEqual([WORDCOUNT, '<stdin>', CAR]);
    const { data } = await json([WORDCOUNT, '-', CAR, '-'], text);
    expect(rulesByFile(data)['<stdin>']).toEqual(['input/cycle']);
    // A Flink file on stdin is recognised too.
    const flink = (await json(['-'], readFileSync(join(ROOT, CAR), 'utf8'))).data;
    expect(flink.files[0].summary).toMatchObject({ job: 'CarTopSpeedWindowingExample', minimumSlots: 1 });
    expect(rulesByFile(flink)['<stdin>']).toEqual(CAR_NOTES);
  });

  it('- with empty stdin: an input/empty finding for <stdin>, exit 1', async () => {
    const { status, data } = await json(['-'], '');
    expect(status).toBe(1);
    expect(data.files).toHaveLength(1);
    expect(data.files[0]).toMatchObject({ file: '<stdin>', valid: false, passed: false });
    expect(data.files[0].findings[0]).toMatchObject({ rule: 'input/empty', severity: 'error', line: 1, column: 1 });
  });

  it('-o FILE: the report goes to the file, nothing to stdout, the exit code is unchanged', async () => {
    const dir = tempDir('output');
    for (const format of ['json', 'junit', 'tap']) {
      const out = join(dir, `report.${format}`);
      const run = await validate([...GATED, '--format', format, '-o', out]);
      expect(run.status, format).toBe(1);
      expect(run.stdout, format).toBe('');
      expect(run.stderr, format).toBe('');
      expect(readFileSync(out, 'utf8'), format).toBe((await gated(format)).stdout);
    }
    const ok = join(dir, 'valid.json');
    const run = await validate([VALID, '--output', ok, '--json']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(JSON.parse(readFileSync(ok, 'utf8')).summary.files).toBe(3);
  });

  it('-o FILE into a directory that does not exist: exit 2', async () => {
    const run = await validate([VALID, '-o', join(TMP, 'no-such-dir', 'report.json')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error cannot write .*report\.json/);
  });
});

// ---------------------------------------------------------------------------------------------
// Policies
// ---------------------------------------------------------------------------------------------

describe.concurrent('policies', () => {
  it('--max-slots: a job may need exactly the maximum; one more slot fails, pointing at the widest vertex', async () => {
    // wordcount needs 8 slots (one group, widest vertex 'window' at parallelism 8).
    const at8 = await json([VALID, '--max-slots', '8']);
    expect(at8.status).toBe(0);
    expect(rulesByFile(at8.data)[WORDCOUNT]).toEqual([]);
    const at7 = await json([VALID, '--max-slots', '7']);
    expect(at7.status).toBe(1);
    expect(failingFiles(at7.data)).toEqual([WORDCOUNT]);
    // Line 13: `    parallelism: 8` of vertex 'window' (/vertices/1).
    expect(findingsOf(at7.data, WORDCOUNT)[0]).toMatchObject({
      rule: 'policy/max-slots',
      pointer: '/vertices/1/parallelism',
      line: 13,
      column: 18,
    });
    expect(findingsOf(at7.data, WORDCOUNT)[0].message).toBe(
      'the job needs 8 slots, more than --max-slots 7 (per slot sharing group: default 8)',
    );
    // --max-slots 0: every job graph that was read fails, the unreadable ones keep their own finding.
    const zero = (await json([DIR, '--max-slots', '0'])).data;
    for (const file of [GPU, TOO_WIDE, ...VALID_FILES]) expect(rulesByFile(zero)[file], file).toContain('policy/max-slots');
    expect(rulesByFile(zero)[BROKEN]).toEqual(['input/syntax']);
  });

  it('--max-parallelism: one finding per vertex above it', async () => {
    const { status, data } = await json([`${DIR}/policy`, WORDCOUNT, '--max-parallelism', '7']);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([TOO_WIDE, WORDCOUNT]);
    expect(findingsOf(data, TOO_WIDE).map((f: Json) => f.pointer)).toEqual(['/vertices/0/parallelism', '/vertices/1/parallelism']);
    expect(findingsOf(data, WORDCOUNT).map((f: Json) => f.message)).toEqual([
      "vertex 'window' runs with parallelism 8, more than --max-parallelism 7",
    ]);
    expect((await json([WORDCOUNT, '--max-parallelism', '8'])).status).toBe(0);
  });

  it('--cluster standalone-4x4.yaml: too-wide and gpu-group do not fit, wordcount and valid/ do', async () => {
    const { status, data } = await json([`${DIR}/policy`, VALID, '--cluster', STANDALONE]);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([GPU, TOO_WIDE]);
    expect(rulesByFile(data)[TOO_WIDE]).toEqual(['policy/cluster-fit']);
    expect(rulesByFile(data)[GPU]).toEqual(['policy/cluster-fit']);
    expect(rulesByFile(data)[WORDCOUNT]).toEqual([]);
    // The finding is about the whole file: at its first key, pointer ''.
    expect(findingsOf(data, TOO_WIDE)[0]).toMatchObject({ pointer: '', line: 2, column: 1 });
  });

  it("--cluster with Flink's GET /taskmanagers answer: accepted; 2 one-slot TaskManagers fit 2 slots, not 8", async () => {
    const { status, data } = await json([VALID, '--cluster', TASKMANAGERS]);
    expect(status).toBe(1);
    expect(failingFiles(data)).toEqual([WORDCOUNT]);
    const [fit] = findingsOf(data, WORDCOUNT);
    expect(fit.rule).toBe('policy/cluster-fit');
    expect(fit.message).toMatch(
      /^the job's requirements are only partly met on the cluster fixtures\/real-formats\/rest\/springline-rs-taskmanagers\.json: 6 slots missing/,
    );
    // car-top-speed (1 slot) and unknown-key (2 slots) fit.
    expect(rulesByFile(data)[CAR]).toEqual(CAR_NOTES);
    expect(rulesByFile(data)[UNKNOWN_KEY]).toEqual(['input/unknown-key']);
  });

  describe('--tm-config with --min-managed-memory', () => {
    /** What the window-aggregate operator of wordcount gets per subtask with flink-conf.yaml, from `plan --json`. */
    async function windowAggregateBytes(): Promise<bigint> {
      const run = await runCliAsync(['plan', WORDCOUNT, '--tm-config', FLINK_CONF, '--json']);
      expectNoCrash(run);
      expect(run.status).toBe(0);
      const plan = JSON.parse(run.stdout) as Json;
      const op = plan.operators.find((o: Json) => o.id === 'window-aggregate');
      const bytes = Object.values(op.bytes as Record<string, number | string>).reduce<bigint>((sum, b) => sum + BigInt(b), 0n);
      // The other operators declare no managed memory.
      for (const other of plan.operators.filter((o: Json) => o.id !== 'window-aggregate')) {
        expect(Object.values(other.bytes as Record<string, number>).every((b) => Number(b) === 0)).toBe(true);
      }
      return bytes;
    }

    it('passes at exactly what the operator gets, fails one byte above, at the operator', async () => {
      const bytes = await windowAggregateBytes();
      // flink-conf.yaml: process 1728m → Flink memory 1280m → managed 0.4 (a float) of it: 536870920 bytes, one slot.
      expect(bytes).toBe(536870920n);
      const pass = await json([WORDCOUNT, '--tm-config', FLINK_CONF, '--min-managed-memory', `${bytes}b`]);
      expect(pass.status).toBe(0);
      expect(rulesByFile(pass.data)[WORDCOUNT]).toEqual([]);
      const fail = await json([WORDCOUNT, '--tm-config', FLINK_CONF, '--min-managed-memory', `${bytes + 1n}b`]);
      expect(fail.status).toBe(1);
      const findings = findingsOf(fail.data, WORDCOUNT);
      expect(findings).toHaveLength(1);
      // Lines 15-16: the operator `- id: window-aggregate` and its managedMemory.
      expect(findings[0]).toMatchObject({
        rule: 'policy/min-managed-memory',
        severity: 'error',
        pointer: '/vertices/1/operators/0',
        line: 15,
      });
      // Both round to 512 MiB: the message gives the bytes too (issue 25 §5).
      expect(findings[0].message).toBe(
        `operator 'window-aggregate' of vertex 'window' gets 512 MiB (${bytes} bytes) of managed memory per subtask, less than --min-managed-memory 512 MiB (${bytes + 1n} bytes)`,
      );
      expect(findings[0].bytes).toEqual({ managedMemory: String(bytes), minManagedMemory: String(bytes + 1n) });
    });

    it('in Flink units: 512m passes, 513m fails, said in units with the exact bytes in --json (issue 25 §5)', async () => {
      expect((await json([WORDCOUNT, '--tm-config', FLINK_CONF, '--min-managed-memory', '512m'])).status).toBe(0);
      const fail = await json([WORDCOUNT, '--tm-config', FLINK_CONF, '--min-managed-memory', '513m']);
      expect(fail.status).toBe(1);
      const [finding] = findingsOf(fail.data, WORDCOUNT);
      expect([finding.message, finding.bytes]).toEqual([
        "operator 'window-aggregate' of vertex 'window' gets 512 MiB of managed memory per subtask, less than --min-managed-memory 513 MiB",
        { managedMemory: '536870920', minManagedMemory: String(513n * 1024n * 1024n) },
      ]);
      const text = await validate([WORDCOUNT, '--tm-config', FLINK_CONF, '--min-managed-memory', '513m']);
      expect(text.stdout).toContain('gets 512 MiB of managed memory per subtask, less than --min-managed-memory 513 MiB');
    });
  });

  it('--require-group-profiles: gpu-group.yaml has a profile for gpu only, so the default group is flagged', async () => {
    const { status, data } = await json([GPU, '--require-group-profiles']);
    expect(status).toBe(1);
    const findings = findingsOf(data, GPU);
    expect(findings).toHaveLength(1);
    // Line 8: `  - {id: source, parallelism: 2}`, the first vertex of the default group.
    expect(findings[0]).toMatchObject({ rule: 'policy/group-profile', severity: 'error', pointer: '/vertices/0', line: 8, column: 5 });
    expect(findings[0].message).toContain("slot sharing group 'default'");
    expect(findings[0].message).not.toContain("'gpu'");
  });

  it('--execution: runs the subtask-level checks on valid/ without error', async () => {
    const { status, data } = await json([VALID, '--execution']);
    expect(status).toBe(0);
    expect(data.summary).toMatchObject({ files: 3, failed: 0, errors: 0 });
  });

  it('--policy pr-gate.yaml is the same as its settings given as flags', async () => {
    const fromFile = await gated('json');
    const fromFlags = await validate([DIR, '--max-slots', '16', '--max-parallelism', '32', '--cluster', STANDALONE, '--json']);
    expect(fromFlags.status).toBe(fromFile.status);
    // The same findings, but the file's name the policy file's keys where the flags' name the flags.
    expect(fromFile.stdout).toContain(`more than maxSlots 16 of ${PR_GATE}:3:11`);
    expect(asFlags(fromFile.stdout, PR_GATE)).toBe(fromFlags.stdout);
    expect(JSON.parse(fromFlags.stdout).summary).toEqual(JSON.parse(fromFile.stdout).summary);
  });

  it('a flag overrides the policy file: --max-slots 100 removes policy/max-slots, the rest stays', async () => {
    const { status, data } = await json([...GATED, '--max-slots', '100']);
    expect(status).toBe(1);
    expect(rulesByFile(data)[TOO_WIDE]).toEqual(['policy/cluster-fit', 'policy/max-parallelism']);
    expect(data.files.flatMap((f: Json) => f.findings).some((f: Json) => f.rule === 'policy/max-slots')).toBe(false);
  });

  it('a policy file with every setting (paths relative to it) is the same as the flags', async () => {
    const dir = tempDir('full-policy');
    const rel = (p: string): string => relative(dir, join(ROOT, p));
    writeFileSync(
      join(dir, 'policy.yaml'),
      [
        `$schema: ${rel('schemas/policy.schema.json')}`,
        'maxSlots: 8',
        'maxParallelism: 8',
        `cluster: ${rel(STANDALONE)}`,
        `tmConfig: ${rel(FLINK_CONF)}`,
        'minManagedMemory: 513m',
        'requireGroupProfiles: true',
        'strict: true',
        'execution: true',
        'failLevel: warning',
        '',
      ].join('\n'),
    );
    const fromFile = await validate([DIR, '--policy', join(dir, 'policy.yaml'), '--json']);
    const fromFlags = await validate([
      DIR,
      ...['--max-slots', '8', '--max-parallelism', '8', '--cluster', join(ROOT, STANDALONE), '--tm-config', join(ROOT, FLINK_CONF)],
      ...['--min-managed-memory', '513m', '--require-group-profiles', '--strict', '--execution', '--fail-level', 'warning', '--json'],
    ]);
    expect(fromFile.stderr).toBe('');
    expect(fromFile.status).toBe(1);
    expect(asFlags(fromFile.stdout, join(dir, 'policy.yaml'))).toBe(fromFlags.stdout);
    expect(fromFile.stdout).toContain(`less than minManagedMemory 513 MiB of ${join(dir, 'policy.yaml')}:6:19`);
    const data = report(fromFile);
    expect(data.failLevel).toBe('warning');
    expect(rulesByFile(data)[WORDCOUNT]).toEqual(['policy/group-profile', 'policy/min-managed-memory']);
    // strict: the unknown key is an error that stops the file being read, so no policy applies to it.
    expect(rulesByFile(data)[UNKNOWN_KEY]).toEqual(['input/unknown-key']);
    expect(data.files.find((f: Json) => f.file === UNKNOWN_KEY).valid).toBe(false);
    expect(findingsOf(data, UNKNOWN_KEY, 'input/unknown-key')[0].severity).toBe('error');
    // The policy's failLevel, overridden by the flag.
    const none = await json([DIR, '--policy', join(dir, 'policy.yaml'), '--fail-level', 'none']);
    expect(none.status).toBe(0);
    expect(none.data.failLevel).toBe('none');
  });

  // KNOWN BUG (reported): an absolute path in a policy file is joined to the policy's directory
  // (path.join, not path.resolve), so `cluster: /abs/cluster.yaml` in /tmp/p/policy.yaml is read
  // as /tmp/p/abs/cluster.yaml and validate exits 2.
  it('a policy file may name its cluster by an absolute path', async () => {
    const dir = tempDir('absolute-policy');
    writeFileSync(join(dir, 'policy.yaml'), `cluster: ${join(ROOT, STANDALONE)}\n`);
    const run = await validate([VALID, '--policy', join(dir, 'policy.yaml')]);
    expect(run.status).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Many files: the multi-threaded path
// ---------------------------------------------------------------------------------------------

describe.concurrent('300 files, on worker threads and on one', () => {
  const BROKEN_AT = new Set([50, 150, 250]);
  let dir = '';
  beforeAll(() => {
    dir = tempDir('batch');
    for (let i = 1; i <= 300; i++) {
      const n = String(i).padStart(3, '0');
      const target = BROKEN_AT.has(i) ? 'nope' : 'b';
      writeFileSync(
        join(dir, `job-${n}.yaml`),
        `name: job-${n}\nvertices:\n  - {id: a, parallelism: ${(i % 7) + 1}}\n  - {id: b, parallelism: 2}\nedges:\n  - {source: a, target: ${target}}\n`,
      );
    }
  });

  /**
   * The report through -o FILE: reports this large (over 64 KiB) can come out truncated on a pipe
   * (see the last test of this block), a file gets them whole.
   */
  async function toFile(args: readonly string[], name: string): Promise<{ run: Run; text: string }> {
    const out = join(dir, '..', `${name}.out`);
    const run = await validate([...args, '-o', out]);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('');
    return { run, text: readFileSync(out, 'utf8') };
  }

  it('default threads and -j 1 give the same JSON byte for byte: exit 1, 3 failing files', async () => {
    const runs = await Promise.all([[], ['-j', '1']].map((extra, i) => toFile([dir, '--json', ...extra], `batch-${i}`)));
    for (const { run } of runs) expect(run.status).toBe(1);
    expect(runs[1]!.text).toBe(runs[0]!.text);
    const data = report({ ...runs[0]!.run, stdout: runs[0]!.text });
    expect(data.summary).toEqual({ files: 300, passed: 297, failed: 3, skipped: 0, errors: 3, warnings: 0, infos: 0 });
    expect(data.files.map((f: Json) => relative(dir, f.file))).toEqual(
      Array.from({ length: 300 }, (_, i) => `job-${String(i + 1).padStart(3, '0')}.yaml`),
    );
    expect(failingFiles(data).map((f) => relative(dir, f))).toEqual(['job-050.yaml', 'job-150.yaml', 'job-250.yaml']);
    for (const f of failingFiles(data))
      expect(findingsOf(data, f)[0]).toMatchObject({ rule: 'input/unknown-vertex', line: 6, pointer: '/edges/0/target' });
    // Each file's summary survives the trip through the workers.
    const assumed = { flinkVersion: '2.2', flinkVersionSource: 'assumed' };
    expect(data.files[6].summary).toEqual({ job: 'job-007', minimumSlots: 2, maxParallelism: 2, ...assumed });
    expect(data.files[5].summary).toEqual({ job: 'job-006', minimumSlots: 7, maxParallelism: 7, ...assumed });
  });

  it('TAP on worker threads: plan 1..300, 3 `not ok` test points', async () => {
    const tap = (await toFile([dir, '--format', 'tap'], 'batch-tap')).text.split('\n');
    expect(tap[1]).toBe('1..300');
    expect(tap.at(-2)).toBe('# 300 files: 297 passed, 3 failed (3 errors, 0 warnings, 0 notes)');
    expect(tap.filter((l) => l.startsWith('not ok'))).toEqual([
      'not ok 50 - ' + join(dir, 'job-050.yaml'),
      'not ok 150 - ' + join(dir, 'job-150.yaml'),
      'not ok 250 - ' + join(dir, 'job-250.yaml'),
    ]);
  });

  it('every policy reaches the workers (sizes as bigints, the cluster, the TaskManager configuration)', async () => {
    const policy = [
      '--max-slots',
      '5',
      '--cluster',
      STANDALONE,
      '--tm-config',
      FLINK_CONF,
      '--min-managed-memory',
      '1g',
      '--require-group-profiles',
      '--execution',
      '--json',
    ];
    const [parallel, serial] = await Promise.all([
      toFile([dir, WORDCOUNT, ...policy, '-j', '3'], 'policy-parallel'),
      toFile([dir, WORDCOUNT, ...policy, '-j', '1'], 'policy-serial'),
    ]);
    expect(parallel.run.status).toBe(1);
    expect(parallel.text).toBe(serial.text);
    const data = report({ ...parallel.run, stdout: parallel.text });
    const counts: Record<string, number> = {};
    for (const f of data.files.flatMap((x: Json) => x.findings)) counts[f.rule] = (counts[f.rule] ?? 0) + 1;
    // Parallelism (i % 7) + 1 > 5 for i % 7 ∈ {5, 6}: 86 of the 300 (without the three broken ones, which are not analysed).
    expect(counts).toEqual({
      'input/unknown-vertex': 3,
      // Every job that plans (297) leaves its slots' managed memory idle: heap state, no batch operators.
      'managed-memory/unused': 297,
      'policy/group-profile': 298,
      'policy/max-slots': 86,
      'policy/min-managed-memory': 1,
    });
  });

  // KNOWN BUG (reported): with exit code 1 the process ends before a large report has drained
  // into a pipe, so a reader that is not quick enough (a CI step piping into another tool) gets it
  // cut at a multiple of 64 KiB. A reader that waits for the exit gets only what the pipe held.
  it('a large report reaches a slow reader on a pipe whole (exit 1)', async () => {
    const policy = [
      '--max-slots',
      '5',
      '--cluster',
      STANDALONE,
      '--tm-config',
      FLINK_CONF,
      '--min-managed-memory',
      '1g',
      '--require-group-profiles',
      '--execution',
      '--json',
    ];
    const whole = await toFile([dir, WORDCOUNT, ...policy, '-j', '1'], 'policy-serial');
    expect(whole.text.length).toBeGreaterThan(128 * 1024);
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, ['bin/run.js', 'validate', dir, WORDCOUNT, ...policy, '-j', '1'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pause();
    const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Read only once the CLI has exited (or after 15 s: a CLI that waits for its output to drain
    // never exits first; the buggy one exits within a few seconds, even on a busy machine).
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stdout.resume();
    const status = await closed;
    expect(status).toBe(1);
    expect(stdout.length).toBe(whole.text.length);
  });
});

/** A report of limits from a policy file (`maxSlots 16 of policy.yaml:3:11`) as the same limits given as flags would read (`--max-slots 16`). */
function asFlags(text: string, policy: string): string {
  const flag: Record<string, string> = {
    maxSlots: '--max-slots',
    maxParallelism: '--max-parallelism',
    minManagedMemory: '--min-managed-memory',
  };
  const named = new RegExp(`\\b(maxSlots|maxParallelism|minManagedMemory) (.+?) of ${escapeRegExp(policy)}:\\d+:\\d+`, 'g');
  return text.replace(named, (_, key: string, value: string) => `${flag[key]} ${value}`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
