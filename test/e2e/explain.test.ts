/**
 * `flinkslot explain LOG...` on the built CLI (issue 28): real logs of fixtures/real/logs in text,
 * --json (valid by schemas/explain.schema.json), Markdown; exit codes 0/1/2; standard input;
 * several files; --flink-version; what is not a Flink log refused in one line; `report LOG`.
 * The bounds (a 65 MiB log, a 1 GB file, a line of a million characters) are in bounds.test.ts.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExplainJson } from '../../src/model/json/explain.js';
import { ROOT, ensureBuilt, expectJsonError, runCli, runCliAsync } from '../support/cli.js';

const schema = (name: string): object => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(schema('plan.schema.json'));
const validate = ajv.compile(schema('explain.schema.json'));

const LOGS = 'fixtures/real/logs';
const log = (prefix: string, file = 'jobmanager.log'): string => {
  const dir = readdirSync(join(ROOT, LOGS)).find((d) => d.startsWith(`${prefix}-`))!;
  return `${LOGS}/${dir}/${file}`;
};
/** 3 TaskManagers of 1 slot, a job requiring 4 (declarative, 1.14–1.18 forms). */
const NOT_ENOUGH = log('02');
/** An active ResourceManager on Kubernetes: workers requested and registered, nothing failed. */
const OK = log('05');

function explained(stdout: string): ExplainJson {
  const json = JSON.parse(stdout) as ExplainJson;
  if (!validate(json)) throw new Error(`not valid by explain.schema.json: ${JSON.stringify(validate.errors)}`);
  return json;
}

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-explain-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('a real log', () => {
  it('the text leads with the diagnosis and what to do, then the lines that show it; exit 1', () => {
    const run = runCli(['explain', NOT_ENOUGH]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`flinkslot explain ${NOT_ENOUGH}`);
    expect(lines[1]).toMatch(/^slots\/not-enough {2}.*4 slots/);
    expect(lines[2]).toBe('What to do');
    expect(run.stdout).toMatch(/^ {2}- .*\(proven by a replay\)$/m);
    expect(run.stdout).toMatch(
      /^The log lines that show it\n(jobmanager\.log:\d+ {2}.*\n)*jobmanager\.log:2 {2}Could not fulfill resource requirements of job 045c630d3f4ef49bcdde0c0dc4a34781\. Free slots: 0$/m,
    );
    expect(run.stdout.indexOf('What the log shows')).toBeGreaterThan(run.stdout.indexOf('The log lines that show it'));
    expect(run.stdout).toContain('Timeline (');
  });

  it('--json: the contract fields, valid by the schema', () => {
    const run = runCli(['explain', NOT_ENOUGH, '--json']);
    expect(run.status).toBe(1);
    const json = explained(run.stdout);
    expect(json).toMatchObject({
      files: [NOT_ENOUGH],
      slotManager: 'declarative',
      jobs: [{ id: '045c630d3f4ef49bcdde0c0dc4a34781', requiredSlots: 4, acquiredSlots: 3 }],
      diagnosis: { code: 'slots/not-enough' },
    });
    expect(json.diagnosis.evidence).toContainEqual(expect.objectContaining({ file: NOT_ENOUGH, line: 2 }));
    expect(json.diagnosis.fixes.some((f) => f.proven)).toBe(true);
    expect(run.stdout).toBe(runCli(['explain', NOT_ENOUGH, '--format', 'json']).stdout);
  });

  it('the diagnosis ok is exit 0; Markdown for an issue', () => {
    const run = runCli(['explain', OK]);
    expect([run.status, run.stdout.split('\n')[1]]).toEqual([0, expect.stringMatching(/^ok {2}/)]);
    const json = explained(runCli(['explain', OK, '--json']).stdout);
    expect(json).toMatchObject({ resourceManager: 'active', deployment: 'kubernetes', diagnosis: { code: 'ok' } });
    expect(json.workersRequested).toBeGreaterThan(0);
    const md = runCli(['explain', OK, '--format', 'markdown']);
    expect(md.status).toBe(0);
    expect(md.stdout).toMatch(/^## flinkslot explain /);
    expect(md.stdout).toContain('**ok**');
  });

  it('from standard input, the same answer under <stdin>', () => {
    const run = runCli(['explain', '-', '--json'], { input: readFileSync(join(ROOT, NOT_ENOUGH), 'utf8') });
    expect(run.status).toBe(1);
    const fromFile = explained(runCli(['explain', NOT_ENOUGH, '--json']).stdout);
    const fromStdin = explained(run.stdout);
    expect(fromStdin.files).toEqual(['<stdin>']);
    expect(fromStdin.diagnosis.code).toBe(fromFile.diagnosis.code);
    const counts = (j: ExplainJson['jobs'][number]) => [j.id, j.requiredSlots, j.acquiredSlots, j.verdict];
    expect(fromStdin.jobs.map(counts)).toEqual(fromFile.jobs.map(counts));
    expect(fromStdin.diagnosis.evidence.map((p) => [p.file, p.line])).toEqual(fromFile.diagnosis.evidence.map((p) => ['<stdin>', p.line]));
  });

  it('a JobManager log and a TaskManager log together', () => {
    const run = runCli(['explain', log('12'), log('12', 'taskmanager.log'), '--json']);
    const json = explained(run.stdout);
    expect(json.files).toEqual([log('12'), log('12', 'taskmanager.log')]);
    expect(run.status).toBe(json.diagnosis.code === 'ok' ? 0 : 1);
    expect(json.records).toBeGreaterThan(explained(runCli(['explain', log('12'), '--json']).stdout).records);
  });

  it('--flink-version applies when the log names no release', () => {
    const json = explained(runCli(['explain', NOT_ENOUGH, '--json', '--flink-version', '1.16']).stdout);
    expect([json.flinkVersion, json.flinkVersionSource]).toEqual(['1.16', 'option']);
    const newer = runCli(['explain', NOT_ENOUGH, '--json', '--flink-version', '3.1']);
    expect([newer.status, newer.stderr]).toEqual([
      1,
      "warning --flink-version '3.1': Flink 3.1 is newer than the newest release flinkslot knows (2.2); the rules of 2.2 apply [input/flink-version-newer]\n",
    ]);
    const bad = runCli(['explain', NOT_ENOUGH, '--flink-version', 'banana']);
    expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining('[input/flink-version]')]);
  });

  it('-o writes the report to a file', () => {
    const out = join(dir, 'explain.md');
    const run = runCli(['explain', NOT_ENOUGH, '--format', 'markdown', '-o', out]);
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(readFileSync(out, 'utf8')).toMatch(/^## flinkslot explain /);
  });
});

describe('docs/commands/explain.md', () => {
  it('shows the real output of its example', () => {
    const doc = readFileSync(join(ROOT, 'docs/commands/explain.md'), 'utf8');
    const m = /^```text\n\$ npx flinkslot (explain .*)\n([\s\S]*?)^```$/m.exec(doc);
    expect(m).not.toBeNull();
    expect(runCli(m![1]!.split(' ')).stdout).toBe(m![2]);
  });
});

describe.concurrent('every real log', () => {
  const dirs = readdirSync(join(ROOT, LOGS)).filter((d) => /^\d\d-/.test(d));
  for (const d of dirs) {
    it(`${d}: answered or refused, never a stack trace; the exit code follows the diagnosis`, async () => {
      const files = readdirSync(join(ROOT, LOGS, d))
        .filter((f) => f.endsWith('.log'))
        .map((f) => `${LOGS}/${d}/${f}`);
      const run = await runCliAsync(['explain', ...files, '--json']);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      if (run.status === 2) {
        expect(expectJsonError(run).error.code).toBe('input/not-a-flink-log');
        return;
      }
      const json = explained(run.stdout);
      expect(run.status).toBe(json.diagnosis.code === 'ok' ? 0 : 1);
      expect(json.records).toBeGreaterThan(0);
    });
  }
});

describe('what is not a Flink log is refused in one line, exit 2', () => {
  it("another program's log (nginx)", () => {
    const nginx = file(
      'access.log',
      '127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "-" "Mozilla/5.0"\n10.0.0.2 - - [10/Oct/2000:13:55:37 -0700] "GET / HTTP/1.1" 200 512 "-" "curl/8.0"\n',
    );
    const run = runCli(['explain', nginx]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^error ${nginx}:1:1 this is not a Flink log: .+; \`flinkslot explain\` reads a JobManager or TaskManager log \\[input/not-a-flink-log\\]$`,
        ),
      ),
      '',
    ]);
  });

  it('a binary file', () => {
    const binary = file('a.out', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x0a, 0xff, 0xfe, 0x00, 0x10]));
    const run = runCli(['explain', binary]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${binary}:1:1 this is not a Flink log: it is a binary file (it has NUL bytes); \`flinkslot explain\` reads a JobManager or TaskManager log [input/not-a-flink-log]\n`,
    ]);
  });

  it('an empty file', () => {
    const empty = file('empty.log', '');
    const run = runCli(['explain', empty]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${empty}:1:1 this is not a Flink log: the file is empty; \`flinkslot explain\` reads a JobManager or TaskManager log [input/not-a-flink-log]\n`,
    ]);
  });

  it('with --json, the refusal is the error object', () => {
    const run = runCli(['explain', file('empty2.log', '\n'), '--json']);
    expect(run.status).toBe(2);
    expect(expectJsonError(run).error.code).toBe('input/not-a-flink-log');
  });

  it('a job graph given to explain, and a log given to plan, each name the command that reads it', () => {
    const job = file('job.yaml', 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n');
    expect(runCli(['explain', job]).stderr).toBe(
      `error ${job}:1:1 this is a flinkslot job graph, not a Flink log; try \`flinkslot plan ${job}\` [input/wrong-kind]\n`,
    );
    const plan = runCli(['plan', NOT_ENOUGH]);
    expect([plan.status, plan.stderr]).toEqual([
      2,
      `error ${NOT_ENOUGH}:1:1 this is a Flink log, not a job graph; try \`flinkslot explain ${NOT_ENOUGH}\` [input/wrong-kind]\n`,
    ]);
  });

  it('a file that does not exist, and more than 16 files', () => {
    const missing = runCli(['explain', join(dir, 'nope.log')]);
    expect([missing.status, missing.stderr]).toEqual([2, `error cannot read ${join(dir, 'nope.log')}: no such file\n`]);
    const many = runCli(['explain', ...Array.from({ length: 17 }, () => NOT_ENOUGH)]);
    expect([many.status, many.stderr]).toEqual([2, 'error 17 log files given; flinkslot explain reads at most 16 at once\n']);
  });
});

describe('report LOG', () => {
  it('draws the explanation: the diagnosis on top, then the timeline', () => {
    const out = join(dir, 'explain.html');
    const run = runCli(['report', NOT_ENOUGH, '-o', out]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^wrote .*explain\.html \(\d+ KiB\): diagnosis slots\/not-enough, 1 job\(s\), \d+ TaskManager\(s\)\n$/);
    const html = readFileSync(out, 'utf8');
    expect(html.indexOf('id="diagnosis"')).toBeLessThan(html.indexOf('class="timeline log-timeline"'));
    expect(html).toContain('slots/not-enough');
    expect(html).not.toMatch(/<script/i);
  });

  it('a log whose first lines do not name Flink (a custom layout) is told by all of it', () => {
    const custom = log('01');
    const run = runCli(['report', custom, '-o', join(dir, 'custom.html')]);
    expect([run.status, run.stderr]).toEqual([0, expect.stringMatching(/^wrote .*custom\.html \(\d+ KiB\): diagnosis /)]);
  });

  it('a log is given alone, not beside job graphs', () => {
    const run = runCli(['report', NOT_ENOUGH, 'fixtures/jobs/keyed-window.yaml']);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${NOT_ENOUGH} is a Flink log: give logs alone (\`flinkslot report LOG...\`), not with fixtures/jobs/keyed-window.yaml [usage/report-inputs]\n`,
    ]);
  });
});
