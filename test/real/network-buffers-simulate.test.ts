/**
 * Real reports of "Insufficient number of network buffers" (fixtures/real/*, kind network-buffer-failure)
 * through `simulate --cluster CONFIG JOB`: the job gets its slots on the configuration's TaskManager and
 * fails at deployment with Flink's N and S, and with the request size Flink printed (a partition of 64
 * subpartitions + 1); the network memory simulate proposes, written into the configuration, makes it run.
 * Flink's "available" depends on the order its concurrently deployed tasks set up: only asserted smaller
 * than the request.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as yaml from 'js-yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

interface Printed {
  required: number;
  available: number;
  total: number;
  segmentSize: number;
}
interface BufferArtefact {
  kind: string;
  inputs: { flinkConfiguration: string; jobGraph: string };
  expected: { networkBuffers: Printed };
}
interface SimulationJson {
  verdict: string;
  jobs: { verdict: string; networkBuffers?: Printed & { message: string } }[];
  taskManagers: { networkBuffers?: { total: number; required: number; fits: boolean } }[];
  networkAdvice?: { keys?: Record<string, string> };
}

const DIR = join(ROOT, 'fixtures/real');
const artefact = (folder: string): BufferArtefact => yaml.load(readFileSync(join(DIR, folder, 'artefact.yaml'), 'utf8')) as BufferArtefact;
const folders = readdirSync(DIR).filter((f) => /^\d+-/.test(f) && artefact(f).kind === 'network-buffer-failure');
const validSimulation = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/simulation.schema.json'), 'utf8')) as object,
);

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-real-network-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const simulate = (config: string, job: string): { status: number | null; report: SimulationJson } => {
  const run = runCli(['simulate', '--cluster', config, job, '--json']);
  const report = JSON.parse(run.stdout) as SimulationJson;
  expect(validSimulation(report), JSON.stringify(validSimulation.errors)).toBe(true);
  return { status: run.status, report };
};

describe('real reports of network buffers Flink could not serve, simulated', () => {
  it('at least 2 reports', () => {
    expect(folders.length).toBeGreaterThanOrEqual(2);
  });

  for (const folder of folders) {
    it(`${folder}: failing at deployment with Flink's N, S and request; the proposed network memory runs it`, () => {
      const a = artefact(folder);
      const printed = a.expected.networkBuffers;
      const config = join(DIR, folder, a.inputs.flinkConfiguration);
      const job = join(DIR, folder, a.inputs.jobGraph);
      const { status, report } = simulate(config, job);
      expect(status).toBe(1);
      expect(report.verdict).toBe('failing');
      const failure = report.jobs[0]!.networkBuffers!;
      expect({ total: failure.total, segmentSize: failure.segmentSize, required: failure.required }).toEqual({
        total: printed.total,
        segmentSize: printed.segmentSize,
        required: printed.required,
      });
      expect(failure.available).toBeLessThan(failure.required);
      expect(printed.available).toBeLessThan(printed.required);
      const tm = report.taskManagers[0]!.networkBuffers!;
      expect(tm.fits).toBe(false);
      expect(tm.required).toBeGreaterThan(printed.total);

      const keys = report.networkAdvice?.keys;
      expect(keys).toBeDefined();
      const fixed = join(dir, `${folder}.yaml`);
      writeFileSync(
        fixed,
        `${readFileSync(config, 'utf8')}\n${Object.entries(keys!)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n')}\n`,
      );
      const after = simulate(fixed, job);
      expect([after.status, after.report.verdict]).toEqual([0, 'met']);
      expect(after.report.taskManagers[0]!.networkBuffers).toMatchObject({ required: tm.required, fits: true });
    });
  }
});
