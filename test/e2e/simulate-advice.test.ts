/**
 * `simulate --cluster` on a standalone cluster the jobs do not fit says what to do (issue 16 §5):
 * how many TaskManagers like the default worker to add, proven by re-running with them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const validateSimulation = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/simulation.schema.json'), 'utf8')) as object,
);

const JOBS = ['fixtures/jobs/wordcount-streaming.yaml', 'fixtures/jobs/keyed-window.yaml'];
let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-advice-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cluster = (count: number, allocation = 'standalone'): string => {
  const path = join(dir, `cluster-${allocation}-${count}.yaml`);
  writeFileSync(
    path,
    `flinkVersion: "1.20"\nresourceAllocation: ${allocation}\ndefaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}\ntaskManagers: [{id: tm, count: ${count}}]\n`,
  );
  return path;
};

describe('simulate --cluster: what to do when the jobs do not fit', () => {
  it('says how many default workers to add, and the command for a lower parallelism', () => {
    const run = runCli(['simulate', '--cluster', cluster(2), ...JOBS]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      [
        'To run every job',
        '  add 3 TaskManagers like the default worker (4 slots each, cpu 4, heap 4 GiB): met with them, not with one fewer',
        '  or lower the parallelism: `flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs',
      ].join('\n'),
    );
  });

  it('--json carries it; with 3 more the jobs run, with 2 more they do not', () => {
    const report = JSON.parse(runCli(['simulate', '--cluster', cluster(2), ...JOBS, '--json']).stdout) as {
      advice: { addTaskManagers: number };
    };
    expect(report.advice).toMatchObject({ addTaskManagers: 3, slotsPerTaskManager: 4 });
    expect(runCli(['simulate', '--cluster', cluster(5), ...JOBS]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', cluster(4), ...JOBS]).status).toBe(1);
  });

  it('no advice when the jobs fit, or when the ResourceManager starts workers itself', () => {
    expect(JSON.parse(runCli(['simulate', '--cluster', cluster(5), ...JOBS, '--json']).stdout)).not.toHaveProperty('advice');
    const active = JSON.parse(runCli(['simulate', '--cluster', cluster(0, 'active'), ...JOBS, '--json']).stdout) as object;
    expect(active).not.toHaveProperty('advice');
  });

  it('one job: also the highest parallelism of its widest vertex that runs, checked by simulate (the README example)', () => {
    // fixtures/clusters/two-taskmanagers.yaml is cluster(2) as a file, for the README to run as written.
    const fixture = 'fixtures/clusters/two-taskmanagers.yaml';
    expect(load(readFileSync(fixture, 'utf8'))).toMatchObject(load(readFileSync(cluster(2), 'utf8')) as object);
    const run = runCli(['simulate', '--cluster', fixture, JOBS[0]!]);
    // The README's worked example of simulate, and docs/commands/simulate.md.
    for (const page of ['README.md', 'docs/commands/simulate.md']) {
      expect(readFileSync(page, 'utf8')).toContain(`$ npx flinkslot simulate --cluster ${fixture} ${JOBS[0]!}\n${run.stdout}`);
    }
    expect(run.stdout).toContain(
      [
        'To run every job',
        '  add 1 TaskManager like the default worker (4 slots each, cpu 4, heap 4 GiB): met with them, not with one fewer',
        "  or lower vertex 'window' to parallelism 6 (from 8): met at 6, not at 7",
      ].join('\n'),
    );
    const json = JSON.parse(runCli(['simulate', '--cluster', cluster(2), JOBS[0]!, '--json']).stdout) as { lowerParallelism: unknown };
    expect(json.lowerParallelism).toEqual({ vertex: 'window', parallelism: 6, current: 8 });
    const at = (p: number): string => {
      const path = join(dir, `wordcount-window-${p}.yaml`);
      const text = readFileSync(JOBS[0]!, 'utf8')
        .replace('parallelism: 8', `parallelism: ${p}`)
        .replace(/^\$schema:.*\n/m, '');
      writeFileSync(path, text);
      return path;
    };
    expect(runCli(['simulate', '--cluster', cluster(2), at(6)]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', cluster(2), at(7)]).status).toBe(1);
  });
});

/**
 * A cluster whose ResourceManager starts TaskManagers (native Kubernetes, YARN, `resourceAllocation:
 * active`) but whose SlotManager limit stops the jobs (issue 25 §4): the limit to raise, in the terms
 * of the file given, at the smallest value that runs — proven here by simulating at it and one below.
 */
describe('simulate --cluster: a SlotManager limit stops the jobs', () => {
  const KEYED = 'fixtures/jobs/keyed-window.yaml';
  const write = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  // A native Kubernetes session: Flink starts TaskManagers of 2 slots, at most 4 slots in all.
  const configuration = (maxSlots: number): string =>
    write(
      `config-${maxSlots}.yaml`,
      `execution.target: kubernetes-session\ntaskmanager.numberOfTaskSlots: 2\ntaskmanager.memory.process.size: 2g\nslotmanager.number-of-slots.max: ${maxSlots}\n`,
    );
  interface Limit {
    option: string;
    key: string;
    setIn: string;
    from: string;
    to: string;
    notAt: string;
    instruction: string;
  }
  const limits = (args: string[]): Limit[] | undefined => {
    const report = JSON.parse(runCli([...args, '--json']).stdout) as { raiseLimits?: Limit[] };
    expect(validateSimulation(report), JSON.stringify(validateSimulation.errors)).toBe(true);
    return report.raiseLimits;
  };

  it('a Flink configuration: raise slotmanager.number-of-slots.max to 8 (the job needs 8 slots); met at 8, not at 7', () => {
    const run = runCli(['simulate', '--cluster', configuration(4), KEYED]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      [
        'To run every job',
        '  raise slotmanager.number-of-slots.max in the configuration from 4 to 8: met at 8, not at 7',
        '  or lower the parallelism: `flinkslot size JOB --cluster CLUSTER --max-parallelism-fit` finds the highest that runs',
      ].join('\n'),
    );
    expect(limits(['simulate', '--cluster', configuration(4), KEYED])).toEqual([
      {
        option: 'maxSlots',
        key: 'slotmanager.number-of-slots.max',
        setIn: 'configuration',
        from: '4',
        to: '8',
        notAt: '7',
        instruction: 'raise slotmanager.number-of-slots.max in the configuration from 4 to 8',
      },
    ]);
    expect(runCli(['simulate', '--cluster', configuration(8), KEYED]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', configuration(7), KEYED]).status).toBe(1);
  });

  it('why missing: the limit in words, the refused worker id only in --json and the trace', () => {
    const run = runCli(['simulate', '--cluster', configuration(4), KEYED]);
    expect(run.stdout).toContain(
      '    - no new TaskManager can be requested: the max total resource limit (4 CPU, 2.6 GiB: slotmanager.number-of-slots.max 4 × the default slot) would be exceeded',
    );
    expect(run.stdout).not.toMatch(/pending-\d/);
    const report = JSON.parse(runCli(['simulate', '--cluster', configuration(4), KEYED, '--json']).stdout) as {
      jobs: { explanations: { reasons: { kind: string; worker?: string }[] }[] }[];
    };
    expect(validateSimulation(report), JSON.stringify(validateSimulation.errors)).toBe(true);
    const limit = report.jobs[0]!.explanations[0]!.reasons.find((r) => r.kind === 'worker-limit');
    expect(limit?.worker).toMatch(/^pending-\d+$/);
    const traced = runCli(['simulate', '--cluster', configuration(4), KEYED, '--trace']).stdout;
    expect(traced).toContain(`no new worker ${limit!.worker!}: the max total resource limit`);
    // The declarative SlotManager (1.17) checks the slot count itself; the README's fixture is this configuration.
    const declarative = runCli([
      'simulate',
      '--cluster',
      'fixtures/config/kubernetes-session-max-slots.yaml',
      KEYED,
      '--flink-version',
      '1.17',
    ]);
    expect(declarative.stdout).toContain(
      [
        '    - no new TaskManager can be requested for UNKNOWN: slotmanager.number-of-slots.max (4) would be exceeded',
        '',
        'To run every job',
        '  raise slotmanager.number-of-slots.max in the configuration from 4 to 8: met at 8, not at 7',
      ].join('\n'),
    );
  });

  it('a FlinkDeployment in native mode: in spec.flinkConfiguration; met at 10, not at 9', () => {
    const fixture = readFileSync('fixtures/clusters/flink-deployment-max-slots.yaml', 'utf8');
    const deployment = (max: number): string =>
      write(`deployment-${max}.yaml`, fixture.replace('slotmanager.number-of-slots.max: "6"', `slotmanager.number-of-slots.max: "${max}"`));
    const run = runCli(['simulate', '--cluster', deployment(6), JOBS[0]!]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  raise slotmanager.number-of-slots.max in spec.flinkConfiguration from 6 to 10: met at 10, not at 9');
    expect(runCli(['simulate', '--cluster', deployment(10), JOBS[0]!]).status).toBe(0);
    expect(runCli(['simulate', '--cluster', deployment(9), JOBS[0]!]).status).toBe(1);
  });

  const activeCluster = (name: string, options: string): string =>
    write(
      `active-${name}.yaml`,
      `flinkVersion: "1.20"\nresourceAllocation: active\ndefaultWorker: {totalResources: {cpuCores: 1.5, taskHeapMemory: 1g, managedMemory: 512m}, numberOfTaskSlots: 2}\noptions: {${options}}\n`,
    );

  it('a cluster file: its own options; max total CPU and memory to the exact value, met there and not a unit below', () => {
    const args = ['simulate', '--cluster', activeCluster('total', 'maxTotalCpu: 4, maxTotalMemory: 3g'), KEYED];
    expect(runCli(args).stdout).toContain(
      [
        '  raise options.maxTotalCpu (slotmanager.max-total-resource.cpu) from 4 to 6: met at 6, not at 5.99999999',
        '  raise options.maxTotalMemory (slotmanager.max-total-resource.memory) from 3g to 6g: met at 6g, not at 6442450943b',
      ].join('\n'),
    );
    // 4 TaskManagers of 1.5 CPU and 1.5 GiB hold the 8 slots.
    const at = (cpu: string, memory: string): number | null =>
      runCli(['simulate', '--cluster', activeCluster(`${cpu}-${memory}`, `maxTotalCpu: ${cpu}, maxTotalMemory: ${memory}`), KEYED]).status;
    expect(at('6', '6g')).toBe(0);
    expect(at('5.99999999', '6g')).toBe(1);
    expect(at('6', '6442450943b')).toBe(1);
  });

  it('a cluster file with options.maxSlots; no limit advice without a limit, or when the jobs fit', () => {
    const run = runCli(['simulate', '--cluster', activeCluster('slots', 'maxSlots: 4'), KEYED]);
    expect(run.stdout).toContain('  raise options.maxSlots (slotmanager.number-of-slots.max) from 4 to 8: met at 8, not at 7');
    expect(limits(['simulate', '--cluster', activeCluster('slots-8', 'maxSlots: 8'), KEYED])).toBeUndefined();
    expect(limits(['simulate', '--cluster', activeCluster('none', ''), KEYED])).toBeUndefined();
  });
});
