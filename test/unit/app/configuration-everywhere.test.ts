/**
 * Issue 25 §1: a Flink configuration with keys flinkslot does not model, hidden values or a
 * template line is read by every command that takes one: memory, plan --tm-config,
 * size --tm-config and simulate --cluster, the last two through the same reader as memory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryFromText, planFromText, searchShapes, simulateJobsOnCluster, sizeJobs } from '../../../src/index.js';
import { renderShapeSearchText } from '../../../src/report/render-shape-search-text.js';

/** As a user writes one: custom and connector keys, a reporter, a masked secret and a typo. */
const CUSTOM = [
  'taskmanager.numberOfTaskSlots: 4',
  'taskmanager.memory.process.size: 4096m',
  'my.custom.key: 1',
  'env.java.opts.taskmanager: -XX:+UseG1GC',
  'metrics.reporter.prom.factory.class: org.apache.flink.metrics.prometheus.PrometheusReporterFactory',
  's3.access-key: ******',
  'taskmanager.memory.proces.size: 2g',
  '',
].join('\n');
const config = { text: CUSTOM, file: 'custom.yaml' };
const job = { text: 'name: ten\nflinkVersion: "1.20"\nvertices:\n  - {id: a, parallelism: 10}\n', file: 'ten.yaml' };
const NEAR_MISS =
  "'taskmanager.memory.proces.size' is not a key Flink reads: ignored, as Flink ignores it; did you mean 'taskmanager.memory.process.size'?";

describe('a configuration with keys flinkslot does not model', () => {
  it('memory: sized from the keys that matter; the near miss a warning; no note about YAML', () => {
    const r = memoryFromText(CUSTOM, 'custom.yaml', { flinkVersion: '1.20' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.components.totalProcess).toBe(4294967296);
    expect(r.value.warnings).toEqual([NEAR_MISS]);
    expect(r.value.notes).toBeUndefined();
  });

  it('plan --tm-config: the same warning, placed in the configuration file', () => {
    const r = planFromText(job.text, job.file, { tmConfig: config });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    const ours = r.value.warnings.filter((w) => w.code === 'config/unknown-key');
    expect(ours.map((w) => [w.message, w.location?.file, w.location?.line])).toEqual([[NEAR_MISS, 'custom.yaml', 7]]);
  });

  it('size --tm-config: 3 TaskManagers of 4 slots for 10 slots', () => {
    const r = sizeJobs(config, [job]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.taskManagers, r.value.slotsPerTaskManager]).toEqual([3, 4]);
    expect(r.value.notes?.map((n) => n.message)).toContain(NEAR_MISS);
  });

  it("simulate --cluster: a standalone cluster of one TaskManager ('configuration/cluster'), the advice adds two", () => {
    const r = simulateJobsOnCluster(config, [job]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    const report = r.value[0]!;
    expect(report.taskManagers.length).toBe(1);
    expect(report.notes?.map((n) => [n.code, n.message])).toContainEqual([
      'configuration/cluster',
      'a standalone cluster (no execution.target naming Kubernetes or YARN) runs the TaskManagers its conf/workers file lists, which a configuration does not say: simulated with one, as the default conf/workers (localhost) starts; give a cluster file with taskManagers[].count for more',
    ]);
  });

  it('simulate --cluster on Kubernetes (execution.target): the active ResourceManager starts what the job needs', () => {
    const active = { text: `${CUSTOM}execution.target: kubernetes-session\n`, file: 'k8s.yaml' };
    const r = simulateJobsOnCluster(active, [job]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value[0]!.verdict, r.value[0]!.taskManagers.length]).toEqual(['met', 3]);
    expect(r.value[0]!.notes?.map((n) => n.message)).toContain(
      "execution.target kubernetes-session: Flink's Kubernetes ResourceManager starts TaskManagers of this configuration as the jobs need slots",
    );
  });

  it('a flink-conf.yaml Flink reads line by line (a template line) is a cluster too; broken YAML of another kind is not', () => {
    const template = {
      text: 'jobmanager.rpc.address: {{ host }}\ntaskmanager.numberOfTaskSlots: 2\ntaskmanager.memory.process.size: 1728m\n',
      file: 't.yaml',
    };
    const r = simulateJobsOnCluster(template, [job]);
    expect(r.ok && r.value[0]!.taskManagers.length).toBe(1);
    const broken = simulateJobsOnCluster({ text: 'cluster: [', file: 'broken.yaml' }, [job]);
    expect(!broken.ok && broken.diagnostics.map((d) => d.code)).toEqual(['input/syntax']);
  });

  it("a FlinkDeployment's flinkConfiguration: the same warning in simulate and size, at the key", () => {
    const real = readFileSync(
      join(import.meta.dirname, '../../../fixtures/real/17-operator-parsed-flink-v1_20-4-slots-p6/flink-deployment.yaml'),
      'utf8',
    );
    const text = real.replace(
      '    taskmanager.numberOfTaskSlots: "4"\n',
      '    taskmanager.numberOfTaskSlots: "4"\n    taskmanager.memory.proces.size: "2g"\n',
    );
    expect(text).not.toBe(real);
    const deployment = { text, file: 'deployment.yaml' };
    const simulated = simulateJobsOnCluster(deployment, [job]);
    expect(
      simulated.ok &&
        simulated.value[0]!.notes?.filter((n) => n.code === 'config/unknown-key').map((n) => [n.message, n.location?.pointer]),
    ).toEqual([[NEAR_MISS, '/spec/flinkConfiguration/taskmanager.memory.proces.size']]);
    const sized = sizeJobs(deployment, [job]);
    expect(sized.ok && sized.value.notes?.filter((n) => n.code === 'config/unknown-key').map((n) => n.location?.line)).toEqual([13]);
  });
});

describe('size --search starts every shape from the configuration without the keys a shape sets', () => {
  it('a legacy taskmanager.heap.size does not pin the Total Flink Memory of every shape (1.11 maps it to flink.size)', () => {
    const legacy = { text: 'taskmanager.heap.size: 2048m\ntaskmanager.numberOfTaskSlots: 2\n', file: 'legacy.yaml' };
    const r = searchShapes(legacy, [job], { flinkVersion: '1.11', tmMemory: '2g,4g', slotRange: '2' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    // Kept, 2048m would become taskmanager.memory.flink.size next to each shape's process size:
    // 2g is then refused (less than Total Flink Memory + Metaspace), 4g by its JVM Overhead range.
    // Both are sized; 2g's slots hold less than the base's (2048m of Flink memory, 2 slots), its floor.
    expect(r.value.refused).toEqual([]);
    expect(r.value.shapes.map((s) => [Number(s.processMemory) / 1024 ** 3, s.taskManagers])).toEqual([[4, 5]]);
    expect(r.value.rejected.map((s) => [Number(s.processMemory) / 1024 ** 3, s.rejections.map((x) => x.dimension)])).toEqual([
      [2, ['taskHeapMemory', 'managedMemory', 'networkMemory']],
    ]);
  });
});

describe('plan --tm-config reads the deployment target the configuration names, as memory does', () => {
  const yarn = {
    text: 'execution.target: yarn-per-job\ntaskmanager.heap.size: 2048m\ntaskmanager.numberOfTaskSlots: 2\nyarn.containers.vcores: 3\n',
    file: 'yarn.yaml',
  };
  it('a legacy heap on YARN is the process size: the slot managed memory is memory --target yarn`s, and vcores are not another target`s', () => {
    const m = memoryFromText(yarn.text, yarn.file, { flinkVersion: '1.15' });
    if (!m.ok) throw new Error(JSON.stringify(m.diagnostics));
    const r = planFromText(job.text, job.file, { tmConfig: yarn, flinkVersion: '1.15' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    // 2048m process → 634.9 MiB managed over 2 slots (a standalone reading, 2048m Flink memory, gives 409.6 MiB).
    expect(r.value.managedMemory.slotManagedMemory).toBe(332859969);
    expect(m.value.defaultSlotResourceProfile).toMatchObject({ managedMemory: 332859969 });
    const read = [...r.value.warnings, ...(r.value.notes ?? [])];
    expect(read.map((w) => w.code)).not.toContain('config/other-target');
    expect(read.find((w) => w.code === 'config/legacy-key')?.message).toContain('an active ResourceManager (yarn)');
  });
});

describe('size --search warns of a near miss in its base configuration, as size --tm-config does', () => {
  it('the warning, located in the configuration file, in the report and its text', () => {
    const r = searchShapes(config, [job], { tmMemory: '4g', slotRange: '4' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.notes?.map((d) => [d.message, d.location?.file, d.location?.line])).toEqual([[NEAR_MISS, 'custom.yaml', 7]]);
    expect(renderShapeSearchText(r.value)).toContain(
      `  warning custom.yaml:7:33 ${NEAR_MISS} (/taskmanager.memory.proces.size) [config/unknown-key]\n`,
    );
  });
});

describe('a nested config.yaml: every command locates a key at its line, as plan --tm-config does', () => {
  const nested = {
    text: 'taskmanager:\n  numberOfTaskSlots: 4\n  memory:\n    process.size: 4096m\n    proces:\n      size: 2g\n',
    file: 'config.yaml',
  };
  const at = (ds: readonly { code: string; location?: { line?: number; column?: number } }[] | undefined) =>
    (ds ?? []).filter((d) => d.code === 'config/unknown-key').map((d) => [d.location?.line, d.location?.column]);
  it('plan, size, size --search and simulate: the near miss at line 6, not 1:1', () => {
    const plan = planFromText(job.text, job.file, { tmConfig: nested });
    const size = sizeJobs(nested, [job]);
    const search = searchShapes(nested, [job], { tmMemory: '4g', slotRange: '4' });
    const simulate = simulateJobsOnCluster(nested, [job]);
    if (!plan.ok || !size.ok || !search.ok || !simulate.ok) throw new Error('refused');
    expect(at(plan.value.warnings)).toEqual([[6, 13]]);
    expect(at(size.value.notes)).toEqual([[6, 13]]);
    expect(at(search.value.notes)).toEqual([[6, 13]]);
    expect(at(simulate.value[0]!.notes)).toEqual([[6, 13]]);
  });
});
