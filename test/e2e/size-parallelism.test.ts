/**
 * `flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` (issue 16 §3): the highest
 * parallelism the cluster runs the job at, checked again by `simulate --cluster` on job graph files
 * at that parallelism and one above.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const CLUSTER = 'fixtures/clusters/standalone-4x4.yaml';
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/parallelism-fit.schema.json'), 'utf8')) as object,
);
let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-fit-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('size --max-parallelism-fit', () => {
  it('every vertex scaled with the widest: the highest parallelism, its proof, the adaptive scheduler', () => {
    const run = runCli(['size', WORDCOUNT, '--cluster', CLUSTER, '--max-parallelism-fit']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toBe(
      [
        `Job wordcount on ${CLUSTER}: parallelism up to 13 runs (now 8, max 128; every vertex scaled with the widest)`,
        "  max parallelism 128: the vertex's own (maxParallelism in the job graph)",
        '  parallelism: source 7, window 13, enrich 3, sink 7',
        '  proof: at 13 met; at 14 partly-met (7 SlotManager runs)',
        '  adaptive scheduler, asked for parallelism 128: runs source 8, window 8, enrich 8, sink 8 with the slots the cluster gives',
        '',
      ].join('\n'),
    );
  });

  it('--vertex alone, in JSON; simulate agrees at the answer and one above', () => {
    const run = runCli(['size', WORDCOUNT, '--cluster', CLUSTER, '--max-parallelism-fit', '--vertex', 'source', '--json']);
    const report = JSON.parse(run.stdout) as { highest: number; vertex: string; parallelism: Record<string, number> };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect([report.vertex, report.highest, report.parallelism]).toEqual(['source', 14, { source: 14, window: 8, enrich: 2, sink: 4 }]);
    const text = readFileSync(join(ROOT, WORDCOUNT), 'utf8');
    const at = (p: number): string => {
      const path = join(dir, `wordcount-${p}.yaml`);
      // The source is the first vertex: its parallelism is the file's first.
      writeFileSync(
        path,
        text.replace(/parallelism: 4\b/, `parallelism: ${p}`).replace('$schema: ../../schemas/job-graph.schema.json\n', ''),
      );
      return path;
    };
    expect(runCli(['simulate', '--cluster', CLUSTER, at(14)]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', CLUSTER, at(15)]).status).toBe(1);
  });

  it('max parallelism as Flink derives it (issue 25 §3): from the parallelism now, not 32768, said so in text and JSON', () => {
    const job = 'fixtures/jobs/keyed-window.yaml';
    const run = runCli(['size', job, '--cluster', CLUSTER, '--max-parallelism-fit']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      `Job clicks-per-user on ${CLUSTER}: parallelism up to 16 runs (now 8, max 128; every vertex scaled with the widest)`,
      '  max parallelism 128: derived from parallelism 8 as Flink does (p + p/2 rounded up to a power of two, at least 128); a restore from a savepoint keeps it',
    ]);
    expect(run.stdout).toContain('  adaptive scheduler, asked for parallelism 128: runs source 16, window 16, dedup 16');
    const json = runCli(['size', job, '--cluster', CLUSTER, '--max-parallelism-fit', '--json']);
    const report = JSON.parse(json.stdout) as { cap: number; capFrom: unknown };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect([report.cap, report.capFrom]).toEqual([128, { source: 'parallelism', parallelism: 8 }]);
  });

  it("a FlinkDeployment's pipeline.max-parallelism caps the vertices without their own; one below their parallelism is refused", () => {
    const deployment = readFileSync(join(ROOT, 'fixtures/clusters/flink-deployment-max-slots.yaml'), 'utf8');
    const withKey = (value: string): string => {
      const path = join(dir, `deployment-${value}.yaml`);
      writeFileSync(path, deployment.replace('    taskmanager.numberOfTaskSlots: "2"\n', `$&    pipeline.max-parallelism: "${value}"\n`));
      return path;
    };
    const path = withKey('5');
    const job = join(dir, 'two-vertices.yaml');
    writeFileSync(
      job,
      'name: pair\nflinkVersion: "1.20"\nvertices: [{id: a, parallelism: 2}, {id: b, parallelism: 2, maxParallelism: 3}]\n',
    );
    const run = runCli(['size', job, '--cluster', path, '--max-parallelism-fit']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    // The deployment caps the cluster at 6 slots; a and b share them; a stops at 5, b at its own 3.
    expect(run.stdout).toBe(
      [
        `Job pair on ${path}: parallelism up to 5 runs (now 2, max 5; every vertex scaled with the widest)`,
        `  max parallelism 5: pipeline.max-parallelism in ${path}`,
        '  parallelism: a 5, b 3',
        '  proof: at 5 met; 5 is the max parallelism (5 SlotManager runs)',
        '  adaptive scheduler: every vertex at its max parallelism runs (5)',
        '  above 5: start the job without state with a higher maxParallelism or pipeline.max-parallelism',
        '',
      ].join('\n'),
    );
    const low = withKey('4');
    const refused = runCli(['size', 'fixtures/jobs/keyed-window.yaml', '--cluster', low, '--max-parallelism-fit']);
    expect(refused.status).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      `error ${low}:14:31 Vertex TumblingEventTimeWindows -> Count's parallelism (8) is higher than the max parallelism (4). Please lower the parallelism or increase the max parallelism. (/spec/flinkConfiguration/pipeline.max-parallelism) [input/parallelism]`,
    );
    const word = withKey('many');
    expect(runCli(['size', 'fixtures/jobs/keyed-window.yaml', '--cluster', word, '--max-parallelism-fit']).stderr).toBe(
      `error ${word}:14:31 pipeline.max-parallelism must be an integer, found 'many' (/spec/flinkConfiguration/pipeline.max-parallelism) [input/parallelism]\n`,
    );
  });

  it("a running job's REST answer: its vertices' max parallelism, which its state keeps", () => {
    const job = 'fixtures/real/29-rest-job-details-2.3-examples-job-type-captured/job-details-running-state-machine.json';
    const run = runCli(['size', job, '--cluster', CLUSTER, '--max-parallelism-fit', '--json']);
    const report = JSON.parse(run.stdout) as { cap: number; capFrom: unknown };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect([report.cap, report.capFrom]).toEqual([128, { source: 'running-job' }]);
  });

  it('a vertex that is not in the job, and two job graphs, are usage errors', () => {
    const run = runCli(['size', WORDCOUNT, '--cluster', CLUSTER, '--max-parallelism-fit', '--vertex', 'nope']);
    expect([run.status, run.stderr]).toEqual([
      2,
      "error no vertex 'nope' in the job (vertices: source, window, enrich, sink) [size/vertex]\n",
    ]);
    expect(runCli(['size', WORDCOUNT, WORDCOUNT, '--cluster', CLUSTER, '--max-parallelism-fit']).status).toBe(2);
  });
});
