/**
 * `validate` reads a policy's TaskManager configuration as the other commands do: with each job's
 * release (a legacy key 1.20 still reads is no usage error), says a finding about the
 * configuration once, at the configuration, and names a limit by where it was set (the policy
 * file's key at its line, or the flag).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCliAsync } from '../support/cli.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const TMP = mkdtempSync(join(tmpdir(), 'flinkslot-validate-inputs-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
beforeAll(ensureBuilt);

const LEGACY = join(TMP, 'legacy.yaml');
const NEAR_MISS = join(TMP, 'near-miss.yaml');
const POLICY = join(TMP, 'policy.yaml');
const JOB_120 = join(TMP, 'job-1.20.yaml');
const JOB_120_B = join(TMP, 'job-1.20-b.yaml');
const JOB_22 = join(TMP, 'job-2.2.yaml');

/** fixtures/validate/valid/wordcount.yaml (a keyed RocksDB job) at the given release, its managed memory from the configuration. */
function job(version: string): string {
  return readFileSync('fixtures/validate/valid/wordcount.yaml', 'utf8')
    .replace(/flinkVersion: .*/, `flinkVersion: "${version}"`)
    .replace(/ {2}slotManagedMemory: .*\n/, '');
}

beforeAll(() => {
  // The legacy heap key alone sizes the TaskManager up to Flink 1.x; Flink 2.0 removed it.
  writeFileSync(LEGACY, 'taskmanager.heap.size: 2048m\ntaskmanager.numberOfTaskSlots: 2\nstate.backend: rocksdb\n');
  writeFileSync(NEAR_MISS, 'taskmanager.memory.process.size: 4g\nstate.backend: rocksdb\ntaskmanager.memory.proces.size: 2g\n');
  writeFileSync(POLICY, 'tmConfig: legacy.yaml\nminManagedMemory: 900m\n');
  writeFileSync(JOB_120, job('1.20'));
  writeFileSync(JOB_120_B, job('1.20'));
  writeFileSync(JOB_22, job('2.2'));
});

async function validate(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return runCliAsync(['validate', ...args]);
}

async function json(args: readonly string[]): Promise<{ status: number | null; data: Json; stderr: string }> {
  const run = await validate([...args, '--json']);
  return { status: run.status, data: run.stdout === '' ? undefined : JSON.parse(run.stdout), stderr: run.stderr };
}

const findings = (data: Json): Json[] => data.files.flatMap((f: Json) => f.findings);
const fileResult = (data: Json, file: string): Json => data.files.find((f: Json) => f.file === file);

describe.concurrent('validate: the TaskManager configuration read with each job release', () => {
  it('a legacy configuration read by the job release (1.20) is no usage error, as plan --tm-config reads it', async () => {
    const plan = await runCliAsync(['plan', JOB_120, '--tm-config', LEGACY, '--json']);
    expect(plan.status).toBe(0);
    const { status, data, stderr } = await json([JOB_120, '--policy', POLICY, '--fail-level', 'error']);
    expect(stderr).toBe('');
    // 2048m of Flink memory, 40 % managed, 2 slots: 409.6 MiB per slot, less than the policy's 900 MiB.
    expect(status).toBe(1);
    expect(findings(data).filter((f: Json) => f.rule === 'policy/min-managed-memory')).toHaveLength(1);
    const legacy = fileResult(data, LEGACY);
    expect(legacy.findings.map((f: Json) => [f.rule, f.severity, f.line, f.column])).toEqual([['config/legacy-key', 'info', 1, 24]]);
    expect(legacy.findings[0].message).toContain('as Flink 1.20 does');
  });

  it("an error only Flink 2.x raises is a finding of the 2.2 job, the 1.20 job's configuration stays read", async () => {
    const { status, data, stderr } = await json([JOB_120, JOB_22, '--tm-config', LEGACY]);
    expect(stderr).toBe('');
    expect(status).toBe(1);
    expect(fileResult(data, JOB_22).findings.map((f: Json) => [f.rule, f.severity, f.message.slice(0, 60)])).toEqual([
      ['config/legacy-key', 'info', `${LEGACY}: 'taskmanager.heap.size' is not read by Flink 2.2`.slice(0, 60)],
      ['config/memory', 'error', `${LEGACY}: TaskManager memory configuration failed: Either requ`.slice(0, 60)],
    ]);
    expect(fileResult(data, JOB_120).findings.filter((f: Json) => f.severity === 'error')).toEqual([]);
    expect(data.summary).toMatchObject({ failed: 1 });
  });

  it('--flink-version 2.2 still refuses the legacy configuration up front (exit 2)', async () => {
    const run = await validate([JOB_120, '--tm-config', LEGACY, '--flink-version', '2.2']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("'taskmanager.heap.size' is not read by Flink 2.2");
  });

  it('a configuration no release reads is refused up front (exit 2), with the newest release reasons', async () => {
    const none = join(TMP, 'no-memory.yaml');
    writeFileSync(none, 'taskmanager.numberOfTaskSlots: 2\n');
    const run = await validate([JOB_120, '--tm-config', none]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error .*no-memory\.yaml:1:1 TaskManager memory configuration failed: Either required fine-grained memory/);
  });
});

describe.concurrent('validate: a finding about the configuration is said once', () => {
  it('a near miss of a key, with two jobs read against it: one warning, at the configuration', async () => {
    const { data } = await json([JOB_120, JOB_120_B, '--tm-config', NEAR_MISS]);
    const near = findings(data).filter((f: Json) => f.rule === 'config/unknown-key');
    expect(near.map((f: Json) => [f.file, f.line, f.column, f.severity])).toEqual([[NEAR_MISS, 3, 33, 'warning']]);
    expect(fileResult(data, NEAR_MISS).findings).toHaveLength(1);
    for (const f of [JOB_120, JOB_120_B]) expect(fileResult(data, f).findings.every((x: Json) => x.file === f)).toBe(true);
    // The warning still fails the run at --fail-level warning, once.
    const strict = await json([JOB_120, JOB_120_B, '--tm-config', NEAR_MISS, '--fail-level', 'warning']);
    expect(strict.status).toBe(1);
    expect(fileResult(strict.data, NEAR_MISS).passed).toBe(false);
  });

  it('a configuration among the checked paths (skipped as not a job graph) is listed once, with its findings', async () => {
    const { data } = await json([TMP, '--tm-config', NEAR_MISS]);
    const entries = data.files.filter((f: Json) => f.file === NEAR_MISS);
    expect(entries).toHaveLength(1);
    expect(entries[0].skipped).toBeUndefined();
    expect(entries[0].findings.map((f: Json) => f.rule)).toEqual(['config/unknown-key']);
  });

  it('in text too: the warning is one line', async () => {
    const run = await validate([JOB_120, JOB_120_B, '--tm-config', NEAR_MISS]);
    expect(run.stdout.split('\n').filter((l) => l.includes('config/unknown-key'))).toEqual([
      `${NEAR_MISS}:3:33  warning  config/unknown-key  'taskmanager.memory.proces.size' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.memory.process.size'?  (/taskmanager.memory.proces.size)`,
    ]);
  });
});

describe.concurrent('validate: a limit named where it was set', () => {
  it("minManagedMemory from the policy file: the policy key at its line, not '--min-managed-memory'", async () => {
    const { data } = await json([JOB_120, '--policy', POLICY]);
    const [f] = findings(data).filter((x: Json) => x.rule === 'policy/min-managed-memory');
    expect(f.message).toBe(
      `operator 'window-aggregate' of vertex 'window' gets 409.6 MiB of managed memory per subtask, less than minManagedMemory 900 MiB of ${POLICY}:2:19`,
    );
  });

  it('the flag overrides the file and is named as the flag', async () => {
    const { data } = await json([JOB_120, '--policy', POLICY, '--min-managed-memory', '1g']);
    const [f] = findings(data).filter((x: Json) => x.rule === 'policy/min-managed-memory');
    expect(f.message).toBe(
      "operator 'window-aggregate' of vertex 'window' gets 409.6 MiB of managed memory per subtask, less than --min-managed-memory 1 GiB",
    );
  });
});
