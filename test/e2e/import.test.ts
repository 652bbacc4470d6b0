/**
 * End-to-end tests of `flinkslot import` (and of `plan`/`simulate` reading Flink's own JSON files
 * directly): spawn the built CLI (`node bin/run.js`) from the repository root on every file of
 * fixtures/real-formats (verbatim public Flink material, see its README.md):
 * - StreamGraph execution plan, bare JobGraph plan, REST GET /jobs/:jobid (job graphs) and REST
 *   GET /taskmanagers (a cluster): exit 0, a YAML file with a header of notes, that `plan` or
 *   `simulate --cluster` accept and that plans exactly as the Flink file does; `--json`; `-o FILE`;
 * - what import refuses (placeholder ids, flinkslot's own files, other JSON): exit 2, a located
 *   diagnostic, never a stack trace;
 * - `plan` on a Flink file (the "Read from a Flink file" section, `notes` in --json) and
 *   `simulate --cluster` on Flink's /taskmanagers answer.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Run, STACK_LINE, ensureBuilt, runCliAsync } from '../support/cli.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeAll(ensureBuilt);

const TMP = mkdtempSync(join(tmpdir(), 'flinkslot-import-e2e-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------
// Running the CLI
// ---------------------------------------------------------------------------------------------

function expectNoCrash(run: Run): void {
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(run.stderr).not.toMatch(/^ {4}at /m);
  expect(run.stderr).not.toContain('internal error');
  expect(run.stderr).not.toMatch(/\w+Exception:/);
  expect(run.stderr).not.toMatch(/\bError:/);
  expect(run.status, `exit status (stderr: ${run.stderr})`).not.toBe(70);
}

const cache = new Map<string, Promise<Run>>();
/** `flinkslot ARGS`, once per distinct argument list and input; never a crash. */
async function cli(args: readonly string[], input?: string): Promise<Run> {
  const key = [...args, input ?? ''].join('\u0000');
  let run = cache.get(key);
  if (run === undefined) {
    run = runCliAsync(args, input === undefined ? {} : { input });
    cache.set(key, run);
  }
  const done = await run;
  expectNoCrash(done);
  return done;
}

/** A run that must succeed: exit 0, nothing on stderr. */
async function ok(args: readonly string[], input?: string): Promise<Run> {
  const run = await cli(args, input);
  expect(run.stderr, `flinkslot ${args.join(' ')}`).toBe('');
  expect(run.status, `flinkslot ${args.join(' ')}`).toBe(0);
  return run;
}

/** Exit 2, nothing on stdout, every stderr line `error FILE:LINE:COL MESSAGE [CODE]` (or `error cannot ...`). */
async function refused(args: readonly string[], code?: string): Promise<string[]> {
  const run = await cli(args);
  expect(run.status, run.stderr).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThanOrEqual(1);
  for (const line of lines) {
    expect(line).toMatch(/^error /);
    if (code !== undefined) expect(line).toMatch(new RegExp(`^error \\S+:\\d+:\\d+ .* \\[${code.replace('/', '\\/')}\\]$`));
  }
  return lines;
}

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
function schema(name: string): (data: unknown) => void {
  const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as object);
  return (data) => {
    const valid = validate(data);
    expect(validate.errors ?? [], `${name}: ${JSON.stringify(validate.errors, null, 2)}`).toEqual([]);
    expect(valid).toBe(true);
  };
}
const jobGraphSchema = schema('job-graph.schema.json');
const clusterSchema = schema('cluster.schema.json');
const planSchema = schema('plan.schema.json');
const simulationSchema = schema('simulation.schema.json');

async function planJson(file: string): Promise<Json> {
  const run = await ok(['plan', file, '--json']);
  const data = JSON.parse(run.stdout) as Json;
  planSchema(data);
  return data;
}

/** The YAML header: the comment lines before the first key. */
function header(yaml: string): string[] {
  const lines = yaml.split('\n');
  const end = lines.findIndex((l) => !l.startsWith('#'));
  return lines.slice(0, end);
}

/** Strips the header and `$schema`: the data the YAML means, to compare with `--json`. */
function body(yaml: string): Json {
  const data = load(yaml) as Json;
  const { $schema, ...rest } = data;
  return { $schema, rest };
}

// ---------------------------------------------------------------------------------------------
// The fixtures
// ---------------------------------------------------------------------------------------------

const RF = 'fixtures/real-formats';
const TASKMANAGERS = `${RF}/rest/springline-rs-taskmanagers.json`;
const PLAYGROUND = `${RF}/jobgraph-plan/apache-flink-docs-operations-playground-job-details.json`;
const SNAPSHOT = `${RF}/rest/apache-flink-rest_api_v1.snapshot-extract.json`;

interface JobFile {
  readonly file: string;
  /** How the header's first line names the format. */
  readonly format: string;
  /** The codes of `plan --json`'s notes, in order. */
  readonly notes: string[];
  readonly name?: string;
  readonly minimumSlots: number;
  readonly regions: string[][];
}

/** Every job graph of fixtures/real-formats that import accepts; figures read off the files. */
const JOBS: readonly JobFile[] = [
  {
    // Five operators 1 → 2 → 3 → 5 → 6 at parallelism 1 (ids are StreamNode ints; 4 is not in the plan).
    file: `${RF}/streamgraph/opensourceteams-flink-maven-scala-execution-plan.json`,
    format: 'a StreamGraph execution plan (StreamExecutionEnvironment#getExecutionPlan())',
    // A HASH edge makes its consumer keyed (an inferred STATE_BACKEND declaration, noted).
    notes: [
      'import/format',
      'import/operators-not-chained',
      'import/no-exchange',
      'import/assumed-streaming',
      'import/inferred-keyed',
      'import/defaults',
    ],
    minimumSlots: 1,
    regions: [['1', '2', '3', '5', '6']],
  },
  {
    // Two independent source → table source pipelines (a statement set), parallelism 1 each.
    file: `${RF}/jobgraph-plan/apache-flink-testStatementSetJobJsonExplain.plan.json`,
    format: 'a JobGraph plan (JsonPlanGenerator)',
    notes: ['import/format', 'import/no-max-parallelism', 'import/defaults'],
    name: 'Flink Exec Table Job',
    minimumSlots: 1,
    regions: [
      ['bc764cd8ddf7a0cff126f51c16239658', '51397532e2d9c7a21097a30d590b3114'],
      ['feca28aff5a3958840bee985ee7de4d3', '8b9f3e513101bcc5d198aee685286d98'],
    ],
  },
  {
    // CarTopSpeedWindowingExample: source → window/sink, HASH, parallelism 1, max parallelism 128.
    file: `${RF}/jobgraph-plan/springline-rs-job-details-CarTopSpeedWindowingExample.json`,
    format: 'the answer of GET /jobs/:jobid',
    notes: ['import/format', 'import/job-type-not-stated', 'import/inferred-keyed', 'import/defaults'],
    name: 'CarTopSpeedWindowingExample',
    minimumSlots: 1,
    regions: [['cbc357ccb763df2852fee8c4fc7d55f2', '90bea66de1c231edf33913ecd54406c1']],
  },
];
const REST_JOB = JOBS[2]!.file;

const base = (file: string): string => file.replace(/^.*\//, '').replace(/\.json$/, '');

// ---------------------------------------------------------------------------------------------
// Job graphs
// ---------------------------------------------------------------------------------------------

describe.concurrent('import of a job graph', () => {
  for (const job of JOBS) {
    describe.concurrent(base(job.file), () => {
      const yamlOut = join(TMP, `${base(job.file)}.yaml`);
      const jsonOut = join(TMP, `${base(job.file)}.flinkslot.json`);
      /** `import FILE -o yamlOut`, then the same with --json into jsonOut. */
      async function imported(): Promise<{ yaml: string; json: string }> {
        const toYaml = await ok(['import', job.file, '-o', yamlOut]);
        expect(toYaml.stdout).toBe('');
        const toJson = await ok(['import', job.file, '--json', '-o', jsonOut]);
        expect(toJson.stdout).toBe('');
        return { yaml: readFileSync(yamlOut, 'utf8'), json: readFileSync(jsonOut, 'utf8') };
      }

      it('exit 0; a YAML header with the source, its format and the notes', async () => {
        const run = await ok(['import', job.file]);
        const head = header(run.stdout);
        expect(head[0]).toBe(`# Imported by flinkslot from ${job.file}: ${job.format}.`);
        const notesAt = head.indexOf('# Notes:');
        expect(notesAt).toBeGreaterThan(0);
        const listed = head.slice(notesAt + 1);
        expect(listed.length).toBeGreaterThan(0);
        for (const line of listed) expect(line).toMatch(/^# {3}- \S/);
        // The notes are those plan reports (but the format, which is the first line).
        const plan = await planJson(job.file);
        const messages = plan.notes.filter((n: Json) => n.code !== 'import/format').map((n: Json) => n.message);
        expect(listed.map((l) => l.replace(/^# {3}- /, ''))).toEqual(messages);
        // The edges as the Flink file wrote them.
        expect(head).toContain('# Edges as written in the file (ship strategy, exchange):');
      });

      it('the YAML is a flinkslot job graph (schemas/job-graph.schema.json); --json is the same data', async () => {
        const { yaml, json } = await imported();
        const { $schema, rest } = body(yaml);
        expect($schema).toMatch(/job-graph\.schema\.json$/);
        jobGraphSchema(rest);
        const data = JSON.parse(json) as Json;
        jobGraphSchema(data);
        expect(data).toEqual(rest);
        if (job.name === undefined) expect(data.name).toBeUndefined();
        else expect(data.name).toBe(job.name);
        expect(data.mode).toBe('streaming');
        // -o writes what stdout would show, but for the $schema path, which is relative to where the file goes and resolves there.
        const schemaLine = /^\$schema: (.*)$/m;
        const stdout = (await ok(['import', job.file])).stdout;
        expect(yaml.replace(schemaLine, '')).toBe(stdout.replace(schemaLine, ''));
        expect(existsSync(resolve(dirname(yamlOut), schemaLine.exec(yaml)![1]!))).toBe(true);
        expect(existsSync(resolve(ROOT, schemaLine.exec(stdout)![1]!))).toBe(true);
      });

      it('plan accepts the YAML and the JSON, with the same slots, regions and slot sharing groups as the Flink file', async () => {
        await imported();
        const fromFlink = await planJson(job.file);
        expect(fromFlink.minimumSlots).toBe(job.minimumSlots);
        expect(fromFlink.regions).toEqual(job.regions);
        for (const file of [yamlOut, jsonOut]) {
          const fromImport = await planJson(file);
          expect(fromImport.minimumSlots, file).toBe(fromFlink.minimumSlots);
          expect(fromImport.regions, file).toEqual(fromFlink.regions);
          expect(fromImport.slotSharingGroups, file).toEqual(fromFlink.slotSharingGroups);
          expect(fromImport.requirements, file).toEqual(fromFlink.requirements);
          // A flinkslot file needs no notes.
          expect(fromImport.notes ?? [], file).toEqual([]);
        }
      });

      it('plan on the Flink file: a "Read from a Flink file" section; --json notes are info, import/...', async () => {
        const text = (await ok(['plan', job.file])).stdout;
        const at = text.indexOf('\nRead from a Flink file\n');
        expect(at).toBeGreaterThan(0);
        const section = text
          .slice(at + '\nRead from a Flink file\n'.length)
          .trimEnd()
          .split('\n');
        const plan = await planJson(job.file);
        expect(section).toHaveLength(plan.notes.length);
        for (const line of section) expect(line).toMatch(/^ {2}note \S/);
        expect(plan.notes.map((n: Json) => n.code)).toEqual(job.notes);
        for (const n of plan.notes) {
          expect(n.severity).toBe('info');
          expect(n.code).toMatch(/^import\//);
          expect(n.location.file).toBe(job.file);
          expect(n.location.line).toBeGreaterThanOrEqual(1);
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// A cluster: GET /taskmanagers
// ---------------------------------------------------------------------------------------------

describe.concurrent("import of Flink's GET /taskmanagers answer", () => {
  const yamlOut = join(TMP, 'taskmanagers.yaml');
  const jsonOut = join(TMP, 'taskmanagers.json');
  async function imported(): Promise<{ yaml: string; json: string }> {
    expect((await ok(['import', TASKMANAGERS, '-o', yamlOut])).stdout).toBe('');
    expect((await ok(['import', TASKMANAGERS, '--json', '-o', jsonOut])).stdout).toBe('');
    return { yaml: readFileSync(yamlOut, 'utf8'), json: readFileSync(jsonOut, 'utf8') };
  }

  it('exit 0; a cluster file with a header of notes', async () => {
    const run = await ok(['import', TASKMANAGERS]);
    const head = header(run.stdout);
    expect(head[0]).toBe(`# Imported by flinkslot from ${TASKMANAGERS}: the answer of GET /taskmanagers.`);
    expect(head[1]).toBe('# 2 TaskManagers, 2 slots (0 free in the answer)');
    const notesAt = head.indexOf('# Notes:');
    expect(notesAt).toBeGreaterThan(0);
    const notes = head.slice(notesAt + 1);
    expect(notes).toHaveLength(3);
    for (const line of notes) expect(line).toMatch(/^# {3}- \S/);
    expect(notes.join('\n')).toContain('exact bytes from memoryConfiguration');
    expect(notes.join('\n')).toContain('resourceAllocation standalone');
  });

  it('the YAML is a flinkslot cluster (schemas/cluster.schema.json), memory in exact bytes; --json is the same data', async () => {
    const { yaml, json } = await imported();
    const { $schema, rest } = body(yaml);
    expect($schema).toMatch(/cluster\.schema\.json$/);
    clusterSchema(rest);
    const data = JSON.parse(json) as Json;
    clusterSchema(data);
    expect(data).toEqual(rest);
    expect(data.resourceAllocation).toBe('standalone');
    expect(data.taskManagers.map((t: Json) => t.id)).toEqual(['100.97.247.74:43435-69a783', '100.97.247.74:43435-69a798']);
    // memoryConfiguration's bytes (taskmanager.memory.flink.size 7g), not totalResource's whole MiB
    // (3327 MiB heap, 2867 MiB managed, 716 MiB network).
    for (const tm of data.taskManagers) {
      expect(tm.numberOfTaskSlots).toBe(1);
      expect(tm.totalResources).toEqual({
        cpuCores: 1,
        taskHeapMemory: 3489660872,
        taskOffHeapMemory: 0,
        managedMemory: 3006477152,
        networkMemory: 751619288,
      });
      expect(Math.floor(tm.totalResources.taskHeapMemory / 2 ** 20)).toBe(3327);
      expect(Math.floor(tm.totalResources.managedMemory / 2 ** 20)).toBe(2867);
      expect(Math.floor(tm.totalResources.networkMemory / 2 ** 20)).toBe(716);
    }
  });

  it('simulate --cluster accepts the YAML and the JSON, and simulates as on the Flink file', async () => {
    await imported();
    const direct = await ok(['simulate', '--cluster', TASKMANAGERS, REST_JOB, '--json']);
    const fromFlink = JSON.parse(direct.stdout) as Json;
    simulationSchema(fromFlink);
    for (const cluster of [yamlOut, jsonOut]) {
      const run = await ok(['simulate', '--cluster', cluster, REST_JOB, '--json']);
      const data = JSON.parse(run.stdout) as Json;
      simulationSchema(data);
      // The same simulation; only the notes about reading Flink's file are gone (neither file names a
      // Flink version, so both say which one was assumed).
      const { notes, ...rest } = data;
      const { notes: flinkNotes, ...flinkRest } = fromFlink;
      expect((notes as Json[]).map((n) => n.code)).toEqual(['scenario/flink-version-assumed']);
      expect(flinkNotes.length).toBeGreaterThan(1);
      expect(rest).toEqual(flinkRest);
      expect(data.verdict).toBe('met');
    }
  });

  it('stdin: `import -` reads the answer piped in', async () => {
    const run = await ok(['import', '-'], readFileSync(join(ROOT, TASKMANAGERS), 'utf8'));
    expect(run.stdout.split('\n')[0]).toBe('# Imported by flinkslot from <stdin>: the answer of GET /taskmanagers.');
    const { rest } = body(run.stdout);
    const { rest: fromFile } = body((await ok(['import', TASKMANAGERS])).stdout);
    expect(rest).toEqual(fromFile);
  });
});

// ---------------------------------------------------------------------------------------------
// plan and simulate on Flink's files directly
// ---------------------------------------------------------------------------------------------

describe.concurrent("plan and simulate on Flink's files", () => {
  it('simulate --cluster <GET /taskmanagers> <GET /jobs/:jobid>: exit 0, met, with notes', async () => {
    const run = await ok(['simulate', '--cluster', TASKMANAGERS, REST_JOB]);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Simulation: met');
    const notes = lines.filter((l) => l.startsWith('note: '));
    expect(notes).toContain('note: read as the answer of GET /taskmanagers');
    expect(notes.length).toBeGreaterThanOrEqual(3);
    expect(run.stdout).toMatch(
      /^Job \S+ \(fixtures\/real-formats\/jobgraph-plan\/springline-rs-job-details-CarTopSpeedWindowingExample\.json\): met$/m,
    );
    const data = JSON.parse((await ok(['simulate', '--cluster', TASKMANAGERS, REST_JOB, '--json'])).stdout) as Json;
    expect(data.verdict).toBe('met');
    expect(data.notes.length).toBe(notes.length);
    for (const n of data.notes) {
      expect(n.severity).toBe('info');
      expect(n.code).toMatch(/^(import\/|scenario\/flink-version-assumed$)/);
    }
    expect(data.flinkVersionSource).toBe('assumed');
    // One job of parallelism 1: one slot of one of the two TaskManagers.
    expect(data.taskManagers).toHaveLength(2);
  });

  it('plan on the /taskmanagers answer: exit 2, it is a cluster, not a job graph', async () => {
    const [line] = await refused(['plan', TASKMANAGERS], 'input/wrong-kind');
    expect(line).toContain("this is Flink's answer of GET /taskmanagers, not a job graph");
    expect(line).toContain(`try \`flinkslot simulate --cluster ${TASKMANAGERS} JOB...\``);
  });

  it('plan on the operations-playground file (placeholder ids): exit 2, input/duplicate-id', async () => {
    const lines = await refused(['plan', PLAYGROUND], 'input/duplicate-id');
    expect(lines.join('\n')).toContain("duplicate vertex id '<vertex-id>'");
  });
});

// ---------------------------------------------------------------------------------------------
// What import refuses
// ---------------------------------------------------------------------------------------------

describe.concurrent('import refuses', () => {
  it('the operations-playground file: its ids are placeholders, input/duplicate-id, exit 2', async () => {
    const lines = await refused(['import', PLAYGROUND], 'input/duplicate-id');
    expect(lines[0]).toContain(`error ${PLAYGROUND}:`);
    expect(lines[0]).toContain("duplicate vertex id '<vertex-id>'");
  });

  // The three vertices all have the id '<vertex-id>': the second and third are reported where they
  // are (lines 54 and 84), each naming the first by its place in the Flink file.
  it('the operations-playground file: each duplicate is reported where it is', async () => {
    const lines = await refused(['import', PLAYGROUND], 'input/duplicate-id');
    expect(lines).toEqual([
      `error ${PLAYGROUND}:54:13 duplicate vertex id '<vertex-id>' (first defined at /vertices/0) (/vertices/1/id) [input/duplicate-id]`,
      `error ${PLAYGROUND}:84:13 duplicate vertex id '<vertex-id>' (first defined at /vertices/0) (/vertices/2/id) [input/duplicate-id]`,
    ]);
  });

  it('a JobGraph plan with a repeated node id: the node in /nodes, and the first one named by its place', async () => {
    const file = join(TMP, 'dup.json');
    writeFileSync(
      file,
      '{"jid":"a","name":"x","type":"STREAMING","nodes":[\n{"id":"aa","parallelism":1,"description":"A"},\n{"id":"aa","parallelism":1,"description":"B"}]}\n',
    );
    const lines = await refused(['plan', file], 'input/duplicate-id');
    expect(lines).toEqual([`error ${file}:3:7 duplicate vertex id 'aa' (first defined at /nodes/0) (/nodes/1/id) [input/duplicate-id]`]);
  });

  it('a flinkslot YAML job graph: exit 2, not one of Flink’s files', async () => {
    const [line] = await refused(['import', 'fixtures/validate/valid/wordcount.yaml'], 'input/wrong-kind');
    expect(line).toContain(
      "this is a flinkslot job graph, not a file import converts (a job's plan, the answer of GET /jobs/:jobid, or of GET /taskmanagers); try `flinkslot plan",
    );
  });

  it('a saved GET /jobmanager/config answer (real artefact 33): named as such, with the commands that read it as a configuration', async () => {
    const file = 'fixtures/real/33-rest-jobmanager-config-standalone-1.13-jm-1600m-tm-1728m-3-slots/jobmanager-config.json';
    const lines = await refused(['import', file], 'input/wrong-kind');
    expect(lines).toEqual([
      `error ${file}:1:1 this is the answer of GET /jobmanager/config (a JobManager's Flink configuration, which flinkslot reads as a configuration), not a file import converts (a job's plan, the answer of GET /jobs/:jobid, or of GET /taskmanagers); try \`flinkslot memory ${file}\` or \`flinkslot size JOB --tm-config ${file}\` or \`flinkslot simulate --cluster ${file} JOB...\` [input/wrong-kind]`,
    ]);
    // Each command it names reads the file.
    expect((await cli(['memory', file, '--flink-version', '1.13'])).status).toBe(0);
    expect((await cli(['size', 'fixtures/jobs/keyed-window.yaml', '--tm-config', file])).status).toBe(0);
    expect((await cli(['simulate', '--cluster', file, 'fixtures/jobs/keyed-window.yaml'])).status).not.toBe(2);
  });

  it('a flinkslot cluster file, and JSON that is no Flink answer import reads: exit 2', async () => {
    await refused(['import', 'fixtures/clusters/standalone-4x4.yaml'], 'input/wrong-kind');
    await refused(['import', SNAPSHOT], 'input/not-a-flink-file');
  });

  it('a file that does not exist; an -o path that cannot be written: exit 2', async () => {
    expect(await refused(['import', `${RF}/none.json`])).toEqual([`error cannot read ${RF}/none.json: no such file`]);
    const run = await cli(['import', TASKMANAGERS, '-o', join(TMP, 'no-such-dir', 'x.yaml')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error cannot write /);
  });
});
