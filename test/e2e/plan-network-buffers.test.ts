/**
 * `plan --tm-config` counts the network buffers of the job's tasks on the configured TaskManagers
 * (docs/research/network-buffers.md): the built CLI, text and `--json` (against schemas/plan.schema.json),
 * a job that fits and one that fails with Flink's message, and each proposed fix applied and checked.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

beforeAll(ensureBuilt);

const JOB = 'fixtures/network/job-p200.yaml';
const CONFIG = 'fixtures/network/tm-1728m-4-slots.yaml';
const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

interface NetworkBuffers {
  total: number;
  required: number;
  fits: boolean;
  segmentSize: number;
  failure?: { required: number; available: number; message: string };
  advice?: Record<string, { keys?: Record<string, string>; slots?: number; required?: number; total?: number; fits?: boolean }>;
}

const planJson = (args: readonly string[]): { networkBuffers?: NetworkBuffers } => {
  const run = runCli(['plan', ...args, '--json']);
  expect(run.status).toBe(0);
  const report = JSON.parse(run.stdout) as { networkBuffers?: NetworkBuffers };
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  return report;
};

describe('plan --tm-config: network buffers', () => {
  it('p = 200 all-to-all on 1728m TaskManagers of 4 slots: 4752 > 4096, Flink’s message and four fixes (text)', () => {
    const run = runCli(['plan', JOB, '--tm-config', CONFIG]);
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Network buffers'));
    expect(lines.slice(at, at + 12)).toEqual([
      'Network buffers (TaskManager: 4 slots, network 128 MiB = 4096 buffers of 32 KiB)',
      "  The job's 200 slots fill 50 TaskManagers in request order; the most demanding (TaskManager 1) requires 4752 buffers: 1616 for partition and gate pools, 3136 exclusive for remote channels.",
      '  By vertex there: map 2376 (4 subtasks), sink 1572 (4 subtasks), source 804 (4 subtasks).',
      '  Does not fit: 4752 > 4096. Flink fails a task at deployment with:',
      "    Insufficient number of network buffers: required 2, but only 0 available. The total number of network buffers is currently set to 4096 of 32768 bytes each. You can increase this number by setting the configuration keys 'taskmanager.memory.network.fraction', 'taskmanager.memory.network.min', and 'taskmanager.memory.network.max'.",
      '  (Flink prints the one request that crossed the line; which one depends on the order the tasks start — this is the first in Flink’s set-up order.)',
      '  To fit, one of:',
      '    taskmanager.memory.network.min: 149m → 4768 buffers',
      '    taskmanager.memory.network.fraction: 0.117 → 4792 buffers',
      '    taskmanager.numberOfTaskSlots: 3 → 3576 buffers required per TaskManager',
      '    taskmanager.network.memory.buffers-per-channel: 1 → 3184 buffers required per TaskManager',
      '',
    ]);
    // docs/commands/plan.md shows this section as the CLI prints it.
    const section = lines.slice(at, at + 11).join('\n');
    expect(readFileSync('docs/commands/plan.md', 'utf8')).toContain(`$ flinkslot plan ${JOB} --tm-config ${CONFIG}\n[...]\n${section}\n`);
  });

  it('--json: networkBuffers at the top level, and every fix it proposes fits when applied', () => {
    const { networkBuffers: n } = planJson([JOB, '--tm-config', CONFIG]);
    expect(n).toMatchObject({ total: 4096, required: 4752, fits: false, segmentSize: 32768, failure: { required: 2, available: 0 } });
    const dir = mkdtempSync(join(tmpdir(), 'flinkslot-network-'));
    const base = readFileSync(CONFIG, 'utf8');
    const fixes: Array<Record<string, string>> = [
      n!.advice!.networkMemory!.keys!,
      n!.advice!.fraction!.keys!,
      { 'taskmanager.numberOfTaskSlots': String(n!.advice!.slotsPerTaskManager!.slots) },
      { 'taskmanager.network.memory.buffers-per-channel': '1' },
    ];
    fixes.forEach((keys, i) => {
      const file = join(dir, `fix-${i}.yaml`);
      // The configuration with the keys of the fix replaced.
      const kept = base.split('\n').filter((l) => !Object.keys(keys).some((k) => l.startsWith(`${k}:`)));
      writeFileSync(file, [...kept, ...Object.entries(keys).map(([k, v]) => `${k}: ${v}`)].join('\n') + '\n');
      const fixed = planJson([JOB, '--tm-config', file]).networkBuffers!;
      expect(fixed.fits, JSON.stringify(keys)).toBe(true);
      expect(fixed.required).toBeLessThanOrEqual(fixed.total);
      expect(fixed.failure).toBeUndefined();
    });
  });

  it('a job that fits says so, with no failure', () => {
    const run = runCli(['plan', 'fixtures/jobs/keyed-window.yaml', '--tm-config', CONFIG]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Network buffers (TaskManager: 4 slots, network 128 MiB = 4096 buffers of 32 KiB)');
    // source(4) → window(8) → dedup(8): slots 8, 2 TaskManagers; the first holds the 4 sources.
    expect(run.stdout).toMatch(/ {2}Fits: \d+ ≤ 4096\./);
    const { networkBuffers: n } = planJson(['fixtures/jobs/keyed-window.yaml', '--tm-config', CONFIG]);
    expect(n).toMatchObject({ total: 4096, fits: true });
    expect(n!.failure).toBeUndefined();
  });

  it('slots that declare resources are counted as one slot each, and the report says so', () => {
    const job = 'fixtures/jobs/fine-grained-flip156.yaml';
    expect(planJson([job, '--tm-config', CONFIG]).networkBuffers).toMatchObject({ declaredResources: true, fits: true });
    expect(planJson([JOB, '--tm-config', CONFIG]).networkBuffers!).not.toHaveProperty('declaredResources');
    expect(runCli(['plan', job, '--tm-config', CONFIG]).stdout).toContain(
      "  Some slots declare resources: Flink carves those from the TaskManager's free resources, so how many share a TaskManager may differ from taskmanager.numberOfTaskSlots (counted here as one slot each).\n",
    );
  });

  it('plan --help and the policy schema say that the TaskManager configuration is checked for network buffers', () => {
    expect(runCli(['plan', '--help']).stdout.replace(/\s+/g, ' ')).toContain(
      'managed memory per operator in bytes from its slot size, and whether their network buffers serve the tasks',
    );
    const policy = JSON.parse(readFileSync(new URL('../../schemas/policy.schema.json', import.meta.url), 'utf8')) as {
      properties: { tmConfig: { description: string } };
    };
    expect(policy.properties.tmConfig.description).toContain('network buffers');
  });

  it('without --tm-config there is no networkBuffers (the TaskManager is not known)', () => {
    expect(planJson([JOB]).networkBuffers).toBeUndefined();
  });
});
