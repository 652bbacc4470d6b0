/**
 * A batch job whose parallelism the AdaptiveBatchScheduler decides at run time, from the built CLI
 * (issue 26 §4): plan states the scheduler, the bounds and the slots as a range, in text and JSON;
 * simulate and size take the maximum and say so; on 1.16 the same job is planned exactly.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

beforeAll(ensureBuilt);

const JOB = 'fixtures/adaptive-batch/batch-adaptive.yaml';

describe('plan of a batch job with unset vertices', () => {
  it('text: the slots as a range, the scheduler, the bounds and where each came from', () => {
    const r = runCli(['plan', JOB]);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Slots:'));
    expect(lines.slice(at, at + 8)).toEqual([
      'Slots: 9 to 69 (every region deployed at once; parallelism decided at run time)',
      '  AdaptiveBatchScheduler: from Flink 1.17 a batch job runs on the AdaptiveBatchScheduler by default',
      '  bounds: min parallelism 2 (execution.batch.adaptive.auto-parallelism.min-parallelism), max parallelism 32 (execution.batch.adaptive.auto-parallelism.max-parallelism), default source parallelism 4 (execution.batch.adaptive.auto-parallelism.default-source-parallelism)',
      '  VERTEX     PARALLELISM  LOWER BOUND FROM                                                      UPPER BOUND FROM',
      '  scan       4            execution.batch.adaptive.auto-parallelism.default-source-parallelism  execution.batch.adaptive.auto-parallelism.default-source-parallelism',
      '  join       2 to 32      execution.batch.adaptive.auto-parallelism.min-parallelism             execution.batch.adaptive.auto-parallelism.max-parallelism',
      '  aggregate  2 to 32      execution.batch.adaptive.auto-parallelism.min-parallelism             execution.batch.adaptive.auto-parallelism.max-parallelism',
      '  below: every range at its maximum, 69 slots',
    ]);
    expect(r.stdout).not.toContain('Minimum slots:');
    expect(r.stdout).toContain('[plan/adaptive-batch-parallelism]');
  });

  it('--json: adaptiveBatch with the bounds, each vertex range and the slots at both ends', () => {
    const r = runCli(['plan', JOB, '--json']);
    expect(r.status).toBe(0);
    const plan = JSON.parse(r.stdout) as {
      minimumSlots: number;
      adaptiveBatch: {
        slots: { min: number; max: number };
        maxParallelism: { value: number; from: string };
        vertices: Array<Record<string, unknown>>;
      };
    };
    expect(plan.minimumSlots).toBe(69);
    expect(plan.adaptiveBatch.slots).toEqual({ min: 9, max: 69 });
    expect(plan.adaptiveBatch.maxParallelism).toEqual({ value: 32, from: 'execution.batch.adaptive.auto-parallelism.max-parallelism' });
    expect(plan.adaptiveBatch.vertices.map((v) => v.vertex)).toEqual(['scan', 'join', 'aggregate']);
    expect(plan.adaptiveBatch.vertices[1]).toEqual({
      vertex: 'join',
      source: false,
      minParallelism: { value: 2, from: 'execution.batch.adaptive.auto-parallelism.min-parallelism' },
      maxParallelism: { value: 32, from: 'execution.batch.adaptive.auto-parallelism.max-parallelism' },
      vertexMaxParallelism: 32,
    });
  });

  it('1.16 without jobmanager.scheduler: the default scheduler runs unset vertices at 1, one exact number', () => {
    const r = runCli(['plan', JOB, '--flink-version', '1.16', '--json']);
    expect(r.status).toBe(0);
    const plan = JSON.parse(r.stdout) as { minimumSlots: number; adaptiveBatch?: unknown };
    expect(plan.adaptiveBatch).toBeUndefined();
    // scan 1 + join 1 + aggregate 1 + sink 1: the 1.17 keys mean nothing to 1.16.
    expect(plan.minimumSlots).toBe(4);
  });

  it('simulate and size take the maximum and say so', () => {
    const sim = runCli(['simulate', JOB, '-c', 'fixtures/clusters/standalone-4x4.yaml']);
    expect(sim.stdout).toContain('requires  69 × UNKNOWN');
    expect(sim.stdout).toContain(
      "warning: the AdaptiveBatchScheduler decides the parallelism of 'Source: orders', 'HashJoin(orders, customers)', 'HashAggregate(region)' at run time: the job needs 9 to 69 slots; figures that need one parallelism use the maximum of each range",
    );
    const size = runCli(['size', JOB, '--slots', '4']);
    expect(size.status).toBe(0);
    expect(size.stdout).toContain('[plan/adaptive-batch-parallelism]');
  });

  it('report: the page gives the range, not one number', () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-adaptive-'));
    try {
      const out = join(dir, 'r.html');
      expect(runCli(['report', JOB, '-o', out]).status).toBe(0);
      expect(readFileSync(out, 'utf8')).toContain(
        '<b>9 to 69</b> slots: the AdaptiveBatchScheduler decides 3 parallelism(s) at run time; below at the maximum.',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
