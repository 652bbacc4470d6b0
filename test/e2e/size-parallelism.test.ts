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

  it('a vertex that is not in the job, and two job graphs, are usage errors', () => {
    const run = runCli(['size', WORDCOUNT, '--cluster', CLUSTER, '--max-parallelism-fit', '--vertex', 'nope']);
    expect([run.status, run.stderr]).toEqual([
      2,
      "error no vertex 'nope' in the job (vertices: source, window, enrich, sink) [size/vertex]\n",
    ]);
    expect(runCli(['size', WORDCOUNT, WORDCOUNT, '--cluster', CLUSTER, '--max-parallelism-fit']).status).toBe(2);
  });
});
