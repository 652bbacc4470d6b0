/**
 * Real artefacts (fixtures/real/*): what real Flink deployments printed, against what flinkslot
 * computes from the same configuration, through the built CLI. Each folder's artefact.yaml names
 * the Flink version, the configuration, and the values Flink printed (`expected`).
 * - TaskManager memory: `flinkslot memory CONFIG --json --flink-version V` gives every component
 *   Flink printed in its "Final TaskExecutor Memory configuration" block, its -D dynamic
 *   properties, the ResourceManager's worker spec or the REST memoryConfiguration, to the byte.
 * - GET /taskmanagers answers: read as a cluster, each TaskManager's total is the one Flink states.
 * - FlinkDeployments: `memory` reads them as their TaskManagers' configuration (process size, CPU,
 *   slots, version), and `simulate --cluster` starts as many TaskManagers as the operator's sizing.
 * Artefacts flinkslot does not read yet are listed, not silently passed.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as yaml from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON reports read loosely in assertions
type Json = any;

interface Artefact {
  kind: string;
  flinkVersion: string | null;
  inputs?: { flinkConfiguration?: string };
  reconstructedFrom?: string;
  expected?: {
    taskmanager?: Record<string, number>;
    taskManager?: { cpu?: number; numberOfTaskSlots?: number };
    taskmanagerProcessMemory?: number;
    parallelism?: number;
    taskManagers?: number;
    /** A FlinkDeployment's TaskManagers as memory reports them: kubernetes (native), or standalone (mode: standalone). */
    deploymentTarget?: string;
  };
}

const DIR = join(ROOT, 'fixtures/real');
const folders = readdirSync(DIR)
  .filter((f) => /^\d\d-/.test(f))
  .sort();
const artefact = (folder: string): Artefact => yaml.load(readFileSync(join(DIR, folder, 'artefact.yaml'), 'utf8')) as Artefact;

/** artefact.yaml's names for the memory block's lines → `flinkslot memory --json` components. */
const COMPONENTS: Record<string, string> = {
  totalProcessMemory: 'totalProcess',
  totalFlinkMemory: 'totalFlink',
  jvmHeap: 'jvmHeap',
  frameworkHeap: 'frameworkHeap',
  taskHeap: 'taskHeap',
  frameworkOffHeap: 'frameworkOffHeap',
  taskOffHeap: 'taskOffHeap',
  network: 'network',
  managed: 'managed',
  jvmMetaspace: 'jvmMetaspace',
  jvmOverhead: 'jvmOverhead',
  jvmDirect: 'jvmDirect',
};

/** A Flink configuration file (a template Flink reads line by line included; not a manifest). */
function plainConfiguration(folder: string, a: Artefact): string | undefined {
  const name = a.inputs?.flinkConfiguration;
  if (name === undefined || !/(^|\/)(flink-conf|config)\.yaml$/.test(name)) return undefined;
  return join('fixtures/real', folder, name);
}

const memoryCases = folders.flatMap((folder) => {
  const a = artefact(folder);
  const config = plainConfiguration(folder, a);
  return a.expected?.taskmanager !== undefined && config !== undefined ? [{ folder, a, config }] : [];
});

beforeAll(() => ensureBuilt());

describe('real artefacts: TaskManager memory, to the byte', () => {
  it('at least 14 artefacts are checked this way', () => {
    expect(memoryCases.length).toBeGreaterThanOrEqual(14);
  });

  for (const { folder, a, config } of memoryCases) {
    it(`${folder} (Flink ${a.flinkVersion ?? 'version not stated'}${a.reconstructedFrom ? `; configuration reconstructed (${a.reconstructedFrom})` : ''})`, () => {
      const version = a.flinkVersion === null ? [] : ['--flink-version', a.flinkVersion];
      const run = runCli(['memory', config, '--json', ...version]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const components = (JSON.parse(run.stdout) as { components: Record<string, number> }).components;
      const printed = Object.entries(a.expected!.taskmanager!).filter(([k]) => COMPONENTS[k] !== undefined);
      expect(printed.length).toBeGreaterThanOrEqual(2);
      expect(Object.fromEntries(printed.map(([k]) => [k, components[COMPONENTS[k]!]]))).toEqual(Object.fromEntries(printed));
    });
  }
});

describe('real artefacts: GET /taskmanagers answers read as clusters', () => {
  for (const folder of folders.filter((f) => artefact(f).kind === 'rest-taskmanagers')) {
    it(`${folder}: every TaskManager's total is Flink's, in exact bytes`, () => {
      const answer = JSON.parse(readFileSync(join(DIR, folder, 'taskmanagers.json'), 'utf8')) as {
        taskmanagers: { id: string; slotsNumber: number; memoryConfiguration: Record<string, number> }[];
      };
      const run = runCli(['import', join('fixtures/real', folder, 'taskmanagers.json'), '--json']);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const cluster = JSON.parse(run.stdout) as { taskManagers: { numberOfTaskSlots: number; totalResources: Record<string, number> }[] };
      expect(
        cluster.taskManagers.map((t) => [t.numberOfTaskSlots, t.totalResources.taskHeapMemory, t.totalResources.managedMemory]),
      ).toEqual(answer.taskmanagers.map((t) => [t.slotsNumber, t.memoryConfiguration.taskHeap, t.memoryConfiguration.managedMemory]));
    });
  }
});

const deployments = folders.filter((f) => artefact(f).kind === 'flink-deployment');

describe('real artefacts: Kubernetes operator FlinkDeployments', () => {
  it('at least 5 are checked', () => expect(deployments.length).toBeGreaterThanOrEqual(5));

  for (const folder of deployments) {
    const a = artefact(folder);
    const file = join('fixtures/real', folder, a.inputs!.flinkConfiguration!);
    it(`${folder}: memory reads it as its TaskManagers' configuration (process size, CPU, slots, version)`, () => {
      const run = runCli(['memory', file, '--json']);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout) as {
        flinkVersion: string;
        flinkVersionSource: string;
        deploymentTarget: string;
        cpu: { cores: number };
        numberOfTaskSlots: number;
        components: { totalProcess: number };
      };
      expect([report.flinkVersion, report.flinkVersionSource]).toEqual([a.flinkVersion, 'file']);
      expect(report.components.totalProcess).toBe(a.expected!.taskmanagerProcessMemory);
      expect(report.deploymentTarget).toBe(a.expected!.deploymentTarget ?? 'kubernetes');
      if (a.expected!.taskManager?.cpu !== undefined) expect(report.cpu.cores).toBe(a.expected!.taskManager.cpu);
      if (a.expected!.taskManager?.numberOfTaskSlots !== undefined)
        expect(report.numberOfTaskSlots).toBe(a.expected!.taskManager.numberOfTaskSlots);
    });

    if (a.expected?.taskManagers !== undefined && a.expected.parallelism !== undefined) {
      it(`${folder}: a job of parallelism ${a.expected.parallelism} gets ${a.expected.taskManagers} TaskManager(s), as the operator sizes it`, () => {
        const dir = mkdtempSync(join(tmpdir(), 'flinkslot-real-'));
        try {
          const job = join(dir, 'job.yaml');
          writeFileSync(
            job,
            `name: job\nflinkVersion: "${a.flinkVersion}"\nvertices: [{id: v, parallelism: ${a.expected!.parallelism}}]\n`,
          );
          const run = runCli(['simulate', '--cluster', file, job, '--json']);
          expect(run.stderr).toBe('');
          const report = JSON.parse(run.stdout) as { verdict: string; taskManagers: unknown[] };
          expect([report.verdict, report.taskManagers.length]).toEqual(['met', a.expected!.taskManagers]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  }
});

/** JobManager logs whose configuration is a FlinkDeployment manifest (several YAML documents). */
const deploymentLogs = folders.filter((f) => {
  const a = artefact(f);
  const input = a.inputs?.flinkConfiguration;
  return a.kind === 'jobmanager-log' && input !== undefined && /kind:\s*FlinkDeployment/.test(readFileSync(join(DIR, f, input), 'utf8'));
});

describe('real artefacts: JobManager logs of FlinkDeployments', () => {
  it('at least one is checked', () => expect(deploymentLogs.length).toBeGreaterThanOrEqual(1));

  for (const folder of deploymentLogs) {
    const a = artefact(folder);
    it(`${folder}: the worker spec and slot profile the ResourceManager logged`, () => {
      const run = runCli(['memory', join('fixtures/real', folder, a.inputs!.flinkConfiguration!), '--json']);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const report = JSON.parse(run.stdout) as {
        components: Record<string, number>;
        cpu: { cores: number };
        numberOfTaskSlots: number;
        defaultSlotResourceProfile: Record<string, number>;
        kubernetesPod: { memoryRequestMiB: number; cpuRequest: number };
      };
      const { cpuCores, numberOfTaskSlots, ...memory } = a.expected!.taskmanager!;
      expect(Object.fromEntries(Object.keys(memory).map((k) => [k, report.components[COMPONENTS[k]!]]))).toEqual(memory);
      expect([report.cpu.cores, report.numberOfTaskSlots]).toEqual([cpuCores, numberOfTaskSlots]);
      const { extendedResources: _, ...slot } = report.defaultSlotResourceProfile;
      expect(slot).toEqual((a.expected as { slotProfile: Record<string, number> }).slotProfile);
      // "Creating new TaskManager pod with name … and resource <MiB,cpu>."
      const pod = (a as { flinkPrinted?: string[] }).flinkPrinted?.map((l) => /and resource <(\d+),([\d.]+)>/.exec(l)).find((m) => m);
      if (pod) expect([report.kubernetesPod.memoryRequestMiB, report.kubernetesPod.cpuRequest]).toEqual([Number(pod[1]), Number(pod[2])]);
    });
  }
});

/** Standalone clusters on Kubernetes without the operator: a ConfigMap with Flink's file and a TaskManager Deployment. */
const standaloneManifests = folders.filter((f) => {
  const input = artefact(f).inputs?.flinkConfiguration;
  return input !== undefined && /kind:\s*ConfigMap/.test(readFileSync(join(DIR, f, input), 'utf8'));
});

describe('real artefacts: standalone Kubernetes manifests (ConfigMap + TaskManager Deployment)', () => {
  it('at least one is checked', () => expect(standaloneManifests.length).toBeGreaterThanOrEqual(1));

  for (const folder of standaloneManifests) {
    const a = artefact(folder) as Artefact & {
      expected: { taskmanager: { processMemory: string; numberOfTaskSlots: number; replicas: number }; slotsTotal: number };
    };
    const file = join('fixtures/real', folder, a.inputs!.flinkConfiguration!);
    it(`${folder}: memory reads the ConfigMap's file, the release from the TaskManager image`, () => {
      const run = runCli(['memory', file, '--json']);
      expect(run.stderr).toBe('');
      const report = JSON.parse(run.stdout) as { flinkVersion: string; numberOfTaskSlots: number; components: { totalProcess: number } };
      expect([report.flinkVersion, report.numberOfTaskSlots]).toEqual([a.flinkVersion, a.expected.taskmanager.numberOfTaskSlots]);
      expect(report.components.totalProcess).toBe(Number(/^(\d+)m$/.exec(a.expected.taskmanager.processMemory)![1]) * 2 ** 20);
    });

    it(`${folder}: simulate runs replicas TaskManagers: ${a.expected.slotsTotal} slots`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'flinkslot-real-'));
      try {
        const job = (p: number): string => {
          const path = join(dir, `job-${p}.yaml`);
          writeFileSync(path, `name: job\nflinkVersion: "${a.flinkVersion}"\nvertices: [{id: v, parallelism: ${p}}]\n`);
          return path;
        };
        const fits = JSON.parse(runCli(['simulate', '--cluster', file, job(a.expected.slotsTotal), '--json']).stdout) as Json;
        expect([fits.verdict, fits.taskManagers.length]).toEqual(['met', a.expected.taskmanager.replicas]);
        const over = JSON.parse(runCli(['simulate', '--cluster', file, job(a.expected.slotsTotal + 1), '--json']).stdout) as Json;
        expect(over.verdict).toBe('partly-met');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

/** The job descriptions an artefact's `expected` holds: objects with `vertices` or `nodes` lists. */
function expectedJobs(value: unknown): Json[] {
  if (typeof value !== 'object' || value === null) return [];
  const v = value as Json;
  const own = Array.isArray(v.vertices) || Array.isArray(v.nodes) ? [v] : [];
  return [...own, ...Object.values(v).flatMap(expectedJobs)];
}

const restJobs = folders.filter((f) => /^rest-job-(details|plan)$/.test(artefact(f).kind));

describe('real artefacts: REST job answers (GET /jobs/:jobid, /plan)', () => {
  it('at least 5 are checked', () => expect(restJobs.length).toBeGreaterThanOrEqual(5));

  for (const folder of restJobs) {
    const a = artefact(folder) as Artefact & { expected: Json };
    const files = readdirSync(join(DIR, folder)).filter((f) => /^(job-details|job-plan|plan)[\w.-]*\.json$/.test(f));
    for (const file of files) {
      it(`${folder}/${file}: vertices, parallelism, keyed state from HASH inputs, minimum slots`, () => {
        const path = join('fixtures/real', folder, file);
        const imported = runCli(['import', path, '--json']);
        expect(imported.stderr).toBe('');
        const graph = JSON.parse(imported.stdout) as Json;
        const run = runCli(['plan', path, '--json']);
        expect(run.status).toBe(0);
        const plan = JSON.parse(run.stdout) as Json;
        const got = new Map<string, number>(graph.vertices.map((v: Json) => [v.id, v.parallelism ?? 1]));
        const names = new Map<string, string>(graph.vertices.map((v: Json) => [v.id, v.name]));
        // Several jobs of one folder can share vertex ids: their names tell them apart.
        const job = expectedJobs(a.expected).find((j) =>
          (j.vertices ?? j.nodes).every((v: Json) => got.has(v.id) && (v.name === undefined || names.get(v.id) === v.name)),
        );
        expect(job, 'an expected job with these vertex ids').toBeDefined();
        for (const v of job.vertices ?? job.nodes) expect([v.id, got.get(v.id)]).toEqual([v.id, v.parallelism]);
        if (job.slotsRequired !== undefined) expect(plan.minimumSlots).toBe(job.slotsRequired);
        // Streaming: every consumer of a HASH edge has keyed state; batch SQL keeps none.
        const hashTargets = new Set((job.edges ?? []).filter((e: Json) => /^HASH/.test(e.ship_strategy)).map((e: Json) => e.to));
        const streaming = graph.mode === 'streaming';
        expect(
          graph.vertices
            .filter((v: Json) => v.keyed === true)
            .map((v: Json) => v.id)
            .sort(),
        ).toEqual(streaming ? [...hashTargets].sort() : []);
        expect(plan.managedMemory.keyedOperators).toBe(streaming ? hashTargets.size : 0);
        // The text names vertices by their names, never by Flink's 32-hex ids; --json keeps ids with the names beside.
        const text = runCli(['plan', path]).stdout;
        expect([...got.keys()].filter((id) => text.includes(id))).toEqual([]);
        for (const v of job.vertices ?? []) if (v.name !== undefined) expect(plan.vertexNames[v.id]).toBe(v.name);
        // The plan's `type` (1.14+, FLINK-22413) is the job type the import states.
        if (a.kind === 'rest-job-plan' && job.planType !== undefined)
          expect(runCli(['import', path]).stdout).toContain(`job type ${job.planType === 'absent' ? 'not stated' : job.planType}`);
      });
    }
  }
});

/** Saved GET /jobmanager/config answers: a configuration as the JobManager shows it (values Flink hides as "******"). */
const jobManagerConfigs = [
  ...folders.filter((f) => artefact(f).kind === 'rest-jobmanager-config').map((f) => join('fixtures/real', f, 'jobmanager-config.json')),
  'fixtures/real/rest-clusters/1.20-fine-grained-native-k8s-1x4-slots-state-machine-p2/jobmanager/config.json',
];
const JOB = 'fixtures/jobs/wordcount-streaming.yaml';

describe('real artefacts: every command that takes a configuration reads it (issue 25 §1)', () => {
  it('at least 3 JobManager answers are checked', () => expect(jobManagerConfigs.length).toBeGreaterThanOrEqual(3));

  for (const config of jobManagerConfigs) {
    it(`${config}: memory, size --tm-config and simulate --cluster read it quietly`, () => {
      const version = ['--flink-version', config.includes('37-') ? '1.10' : '1.20'];
      const memory = runCli(['memory', config, '--json', ...version]);
      expect([memory.status, memory.stderr]).toEqual([0, '']);
      const notes = ((JSON.parse(memory.stdout) as Json).notes ?? []) as string[];
      expect(notes.filter((n) => /YAML|line by line/.test(n))).toEqual([]);
      const size = runCli(['size', JOB, '--tm-config', config, '--json', ...version]);
      expect([size.status, size.stderr]).toEqual([0, '']);
      expect((JSON.parse(size.stdout) as Json).taskManagers).toBeGreaterThan(0);
      const simulate = runCli(['simulate', '--cluster', config, JOB, '--json', ...version]);
      expect(simulate.stderr).toBe('');
      expect([0, 1]).toContain(simulate.status);
    });
  }

  it('37: the legacy taskmanager.heap.size of a 1.9 cluster, as Flink 1.10 reads it on a standalone TaskManager', () => {
    const folder = folders.find((f) => f.startsWith('37-'))!;
    const expected = (artefact(folder) as Json).expected.taskmanager10 as Record<string, number>;
    const run = runCli(['memory', join('fixtures/real', folder, 'jobmanager-config.json'), '--json', '--flink-version', '1.10']);
    const report = JSON.parse(run.stdout) as Json;
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, report.components[COMPONENTS[k] ?? k]]))).toEqual(expected);
    expect(report.notes[0]).toMatch(
      /^'taskmanager.heap.size' is deprecated: a standalone TaskManager maps it to 'taskmanager.memory.flink.size' \(1024m\)/,
    );
    // Flink 2.0 removed the key: the file sizes no TaskManager, and says why.
    const two = runCli(['memory', join('fixtures/real', folder, 'jobmanager-config.json'), '--flink-version', '2.0']);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain("'taskmanager.heap.size' is not read by Flink 2.0 (removed in 2.0)");
  });

  it('38: a production flink-conf.yaml with a metrics reporter and a template line, in every command', () => {
    const folder = folders.find((f) => f.startsWith('38-'))!;
    const config = join('fixtures/real', folder, 'flink-conf.yaml');
    const plan = runCli(['plan', JOB, '--tm-config', config, '--json']);
    expect([plan.status, plan.stderr]).toEqual([0, '']);
    const size = runCli(['size', JOB, '--tm-config', config, '--json']);
    expect([size.status, size.stderr]).toEqual([0, '']);
    expect((JSON.parse(size.stdout) as Json).slotsPerTaskManager as number).toBe(2);
    const simulate = runCli(['simulate', '--cluster', config, JOB, '--json']);
    expect(simulate.stderr).toBe('');
    expect(((JSON.parse(simulate.stdout) as Json).taskManagers as unknown[]).length).toBe(1);
  });
});

/**
 * Reports of "Insufficient number of network buffers" whose cluster and job are known (docs/research/network-buffer-failures.md):
 * `plan JOB --tm-config CONFIG` gives Flink's N and S exactly, a requirement above N, and Flink's printed
 * request among the requests it lists. Flink's "available" depends on the order concurrently deployed
 * tasks set up, so it is compared only when flinkslot's set-up order reproduces it.
 */
const bufferFailures = folders.filter((f) => artefact(f).kind === 'network-buffer-failure');

describe('real artefacts: network buffers Flink could not serve', () => {
  it('at least 2 reports are recomputed', () => {
    expect(bufferFailures.length).toBeGreaterThanOrEqual(2);
  });

  for (const folder of bufferFailures) {
    it(folder, () => {
      const a = artefact(folder) as Artefact & {
        inputs: { flinkConfiguration: string; jobGraph: string };
        expected: { networkBuffers: { required: number; available: number; total: number; segmentSize: number; fits: boolean } };
      };
      const printed = a.expected.networkBuffers;
      const run = runCli([
        'plan',
        join('fixtures/real', folder, a.inputs.jobGraph),
        '--tm-config',
        join('fixtures/real', folder, a.inputs.flinkConfiguration),
        '--json',
      ]);
      expect([run.status, run.stderr]).toEqual([0, '']);
      const n = (JSON.parse(run.stdout) as Json).networkBuffers as Json;
      expect({ total: n.total, segmentSize: n.segmentSize, fits: n.fits }).toEqual({
        total: printed.total,
        segmentSize: printed.segmentSize,
        fits: printed.fits,
      });
      expect(n.required as number).toBeGreaterThan(printed.total);
      expect(n.requestSizes as number[]).toContain(printed.required);
      expect(n.failure.message as string).toContain(
        `The total number of network buffers is currently set to ${printed.total} of ${printed.segmentSize} bytes each.`,
      );
      if (n.failure.required === printed.required && n.failure.available === printed.available) return;
      // Another order of set-up: what was left when the printed request came is less than it asked.
      expect(printed.available).toBeLessThan(printed.required);
    });
  }
});

describe('real artefacts flinkslot does not read yet', () => {
  it('are only Helm-templated, multi-document or ConfigMap configurations and JobManager-only logs', () => {
    const checked = new Set([
      ...memoryCases.map((c) => c.folder),
      ...deployments,
      ...deploymentLogs,
      ...standaloneManifests,
      ...restJobs,
      ...bufferFailures,
    ]);
    // Also read by every command above: the JobManager answers (33, 34, 37).
    const rest = folders.filter((f) => !checked.has(f) && artefact(f).kind !== 'rest-taskmanagers');
    const why = rest.map((f) => `${f}: ${artefact(f).kind}`);
    // /jobmanager/config and /overview answers are what a live cluster is read from (issue 14 §3).
    for (const line of why) expect(line).toMatch(/: (jobmanager-log|flink-configuration|rest-jobmanager-config|rest-overview)$/);
  });
});
