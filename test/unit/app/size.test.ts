import { describe, expect, it } from 'vitest';
import { simulateJobsOnCluster, sizeJobs } from '../../../src/index.js';

const config = { text: 'taskmanager.memory.process.size: 1728m\ntaskmanager.numberOfTaskSlots: 2\n', file: 'flink-conf.yaml' };
const job = (cpu: number) => ({
  text: `name: wide\nflinkVersion: "1.18"\nslotSharingGroups: [{name: big, resources: {cpuCores: ${cpu}, taskHeapMemory: 64m}}]\nvertices:\n  - {id: a, parallelism: 3, slotSharingGroup: big}\n`,
  file: 'wide.yaml',
});

describe('sizeJobs', () => {
  it('packs fine-grained slots as the SlotManager does: two 0.75-CPU slots fit one 2-CPU TaskManager, three do not', () => {
    const r = sizeJobs(config, [job(0.75)]);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.taskManagers, r.value.proof.fewer?.taskManagers, r.value.bindingDimension]).toEqual([2, 1, 'cpuCores']);
    expect(r.value.usage.find((u) => u.dimension === 'cpuCores')).toEqual({
      dimension: 'cpuCores',
      total: 4,
      used: 2.25,
      unused: 1.75,
      utilisation: 0.5625,
    });
  });

  it('size/never-met: a slot larger than the TaskManager', () => {
    const r = sizeJobs(config, [job(3)]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.diagnostics[0]!.code, r.diagnostics[0]!.message]).toEqual([
      'size/never-met',
      'no number of these TaskManagers meets the requirements: job wide asks for slots of cpu 3, heap 64 MiB, larger than one TaskManager of this shape; give each TaskManager at least CPU 3 (it has 2)',
    ]);
  });

  it('no requirements need no TaskManager', () => {
    const r = sizeJobs(config, []);
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect([r.value.taskManagers, r.value.proof.fewer]).toEqual([0, null]);
  });

  it('size/emit: a shape given as resources cannot be emitted as a configuration', () => {
    const cluster = {
      text: 'resourceAllocation: standalone\ndefaultWorker: {totalResources: {cpuCores: 2, taskHeapMemory: 1g}, numberOfTaskSlots: 2}\n',
      file: 'cluster.yaml',
    };
    const plain = sizeJobs(cluster, [job(0.75)]);
    expect(plain.ok && plain.value.deployment).toBeUndefined();
    const r = sizeJobs(cluster, [job(0.75)], { emit: true });
    expect(r.ok ? undefined : [r.diagnostics[0]!.code, r.diagnostics[0]!.message]).toEqual([
      'size/emit',
      'this shape is given as resources (defaultWorker.totalResources), not as a Flink configuration: give --tm-config a flink-conf.yaml, config.yaml or FlinkDeployment to emit one',
    ]);
  });
});

describe('sizeJobs before Flink 1.14', () => {
  it('says that the slot sharing group resources it ignores were ignored: the GPU job is sized as UNKNOWN slots', () => {
    const gpu = { text: `${config.text}external-resources: gpu\nexternal-resource.gpu.amount: 1\n`, file: 'gpu.yaml' };
    const r = sizeJobs(gpu, [job(1)], { flinkVersion: '1.13' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.proof.fewer?.missing.map((m) => m.profile)).toEqual(['UNKNOWN']);
    expect(r.value.notes?.filter((n) => n.code === 'input/flip156-unsupported').map((n) => [n.message, n.location?.file])).toEqual([
      ['slot sharing group resources (FLIP-156) need Flink 1.14; ignored for flinkVersion 1.13', 'wide.yaml'],
    ]);
  });

  it('simulate --cluster says so too', () => {
    const gpu = { text: `${config.text}external-resources: gpu\nexternal-resource.gpu.amount: 1\n`, file: 'gpu.yaml' };
    const r = simulateJobsOnCluster(gpu, [job(1)], { flinkVersion: '1.13' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value[0]!.notes?.filter((n) => n.code === 'input/flip156-unsupported').map((n) => n.severity)).toEqual(['warning']);
  });
});
