/**
 * Writing `size`'s answer into a user's file (issue 25 §2): the pure text → text functions, on
 * small documents that show one rule each — the unit style kept, a new map made once for two new
 * keys, a flow map, a removed key, a flat file that is not YAML, and the diff's line numbers.
 */
import { describe, expect, it } from 'vitest';
import { patchFlinkConf } from '../../../src/report/patch-flink-conf.js';
import { patchFlinkDeployment } from '../../../src/report/patch-deployment.js';
import type { SizeDeployment } from '../../../src/report/size-report.js';
import { cpuInStyle, memoryInStyle } from '../../../src/report/sizing-changes.js';

const GIB = 1n << 30n;

type Vertices = { name: string; parallelism: number }[];
const UNIFORM: Vertices = [
  { name: 'Source', parallelism: 8 },
  { name: 'Sink', parallelism: 8 },
];

/** An answer of `slots` slots, 3 GiB, `cpu` cores, N replicas, one job whose vertices run at 8 (or as given). */
const answer = (
  o: { slots?: number; cpu?: number; replicas?: number; keys?: Record<string, string>; vertices?: Vertices } = {},
): SizeDeployment => ({
  flinkVersion: '1.20',
  flinkConfiguration: {
    'taskmanager.numberOfTaskSlots': String(o.slots ?? 4),
    'taskmanager.memory.process.size': `${3n * GIB}b`,
    'taskmanager.cpu.cores': String(o.cpu ?? 4),
    ...o.keys,
  },
  processMemory: String(3n * GIB),
  cpuCores: o.cpu ?? 4,
  replicas: o.replicas ?? 3,
  jobs: [{ id: 'job', parallelism: Math.max(...(o.vertices ?? UNIFORM).map((v) => v.parallelism)), vertices: o.vertices ?? UNIFORM }],
});

const patchDeployment = (text: string, a: SizeDeployment = answer()) => {
  const r = patchFlinkDeployment(text, 'd.yaml', a);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value;
};
const patchConf = (text: string, a: SizeDeployment = answer()) => {
  const r = patchFlinkConf(text, 'c.yaml', a);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value;
};

const FD = (spec: string): string => `apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: x\nspec:\n${spec}`;

describe('memory and CPU in the file’s own units', () => {
  it('keeps the unit when exact, else whole mebibytes, else bytes', () => {
    expect(memoryInStyle(3n * GIB, '2048m')).toBe('3072m');
    expect(memoryInStyle(3n * GIB, '2Gi')).toBe('3Gi');
    expect(memoryInStyle(3n * GIB, '2 gb')).toBe('3 gb');
    expect(memoryInStyle(1811939328n, '2g')).toBe('1728m');
    expect(memoryInStyle(1811939328n, '2Gi')).toBe('1728Mi');
    expect(memoryInStyle(1811939329n, '2g')).toBe('1811939329b');
    expect(memoryInStyle(3n * GIB, undefined)).toBe('3072m');
  });

  it('CPU as millicores when written so and exact', () => {
    expect(cpuInStyle(0.5, '250m')).toBe('500m');
    expect(cpuInStyle(2, '1')).toBe('2');
    expect(cpuInStyle(0.0005, '250m')).toBe('0.0005');
  });
});

describe('patchFlinkDeployment', () => {
  it('native: resource memory and cpu in place, quotes kept, replicas not written, the parallelism as sized', () => {
    const text = FD(
      '  flinkConfiguration:\n    taskmanager.numberOfTaskSlots: "2" # two\n  taskManager:\n    resource:\n      memory: 2g\n      cpu: 1\n  job:\n    parallelism: 2\n    upgradeMode: savepoint\n',
    );
    const p = patchDeployment(text);
    expect(p.text).toBe(
      text
        .replace('"2" # two', '"4" # two')
        .replace('memory: 2g', 'memory: 3g')
        .replace('cpu: 1', 'cpu: 4')
        .replace('parallelism: 2', 'parallelism: 8'),
    );
    expect(p.changes.map((c) => c.path)).toEqual([
      '/spec/taskManager/resource/memory',
      '/spec/flinkConfiguration/taskmanager.numberOfTaskSlots',
      '/spec/taskManager/resource/cpu',
      '/spec/job/parallelism',
    ]);
    expect(p.diff).toBe(
      [
        '--- d.yaml',
        '+++ d.yaml (patched)',
        '@@ -7 +7 @@',
        '-    taskmanager.numberOfTaskSlots: "2" # two',
        '+    taskmanager.numberOfTaskSlots: "4" # two',
        '@@ -10,2 +10,2 @@',
        '-      memory: 2g',
        '-      cpu: 1',
        '+      memory: 3g',
        '+      cpu: 4',
        '@@ -13 +13 @@',
        '-    parallelism: 2',
        '+    parallelism: 8',
        '',
      ].join('\n'),
    );
  });

  it('native, vertices at 4/8/8: job.parallelism (Flink’s parallelism.default) is kept, and the notes say why', () => {
    const text = FD('  mode: native\n  taskManager:\n    resource:\n      memory: 3g\n      cpu: 4\n  job:\n    parallelism: 4\n');
    const vertices = [
      { name: 'Source', parallelism: 4 },
      { name: 'Window', parallelism: 8 },
      { name: 'Sink', parallelism: 8 },
    ];
    const p = patchDeployment(text, answer({ vertices }));
    expect(p.text).toContain('    parallelism: 4\n');
    expect(p.changes.map((c) => c.path)).not.toContain('/spec/job/parallelism');
    expect(p.notes[1]).toBe(
      "job.parallelism 4 kept: it is Flink's parallelism.default, which sets only the operators without a parallelism of their own, and the job graph sized runs its vertices at different parallelisms (Source at 4; Window, Sink at 8)",
    );
  });

  it('native, every vertex at the parallelism the file gives: nothing to change, nothing said', () => {
    const text = FD('  mode: native\n  job:\n    parallelism: 8\n');
    const p = patchDeployment(text);
    expect(p.changes.map((c) => c.path)).not.toContain('/spec/job/parallelism');
    expect(p.notes).toHaveLength(1);
  });

  it('standalone with a job: the operator’s parallelism.default is replicas × slots; mixed vertices it leaves are named', () => {
    const text = FD('  mode: standalone\n  taskManager:\n    replicas: 1\n  job:\n    parallelism: 8\n');
    const vertices = [
      { name: 'Source', parallelism: 4 },
      { name: 'Window', parallelism: 8 },
    ];
    const p = patchDeployment(text, answer({ vertices }));
    expect(p.text).toContain('    parallelism: 8\n');
    expect(p.notes).toEqual([
      'mode standalone: with taskManager.replicas the operator sets parallelism.default to 3 × 4 = 12, not job.parallelism; it changes only the operators that set no parallelism of their own',
      "the job graph's vertices run at different parallelisms, and parallelism.default 12 reaches only the vertices that set none of their own: if the job was built with parallelism.default 8, these set their own and keep it: Source at 4",
    ]);
  });

  it('standalone without a resource map: one new map for memory and cpu, replicas added, cpu.cores where slots would decide', () => {
    const text = FD('  mode: standalone\n  flinkConfiguration: {}\n  taskManager:\n    podTemplate: {}\n');
    const p = patchDeployment(text, answer({ cpu: 2 }));
    expect(p.text).toBe(
      FD(
        '  mode: standalone\n  flinkConfiguration: { taskmanager.numberOfTaskSlots: "4", taskmanager.cpu.cores: "2" }\n  taskManager:\n    podTemplate: {}\n    resource:\n      memory: "3072m"\n      cpu: 2\n    replicas: 3\n',
      ),
    );
    expect(p.notes).toEqual([]);
  });

  it('resources.requests: the memory limit keeps its factor over the request, in its own unit', () => {
    const text = FD(
      '  taskManager:\n    resources:\n      requests:\n        memory: "2Gi"\n        cpu: "500m"\n      limits:\n        memory: "4Gi"\n',
    );
    const p = patchDeployment(text, answer({ cpu: 0.25 }));
    // No flinkConfiguration in the file: one is added, at the end of the spec, for the slots.
    expect(p.text).toBe(
      `${text.replace('"2Gi"', '"3Gi"').replace('"500m"', '"250m"').replace('"4Gi"', '"6Gi"')}  flinkConfiguration:\n    taskmanager.numberOfTaskSlots: "4"\n`,
    );
  });

  it('a key the answer was computed without goes, with its line', () => {
    const text = FD(
      '  flinkConfiguration:\n    taskmanager.memory.flink.size: "1280m"\n    taskmanager.numberOfTaskSlots: "4"\n  taskManager:\n    resource:\n      memory: "3072m"\n      cpu: 4\n',
    );
    const p = patchDeployment(text);
    expect(p.text).toBe(text.replace('    taskmanager.memory.flink.size: "1280m"\n', ''));
    expect(p.changes).toEqual([{ path: '/spec/flinkConfiguration/taskmanager.memory.flink.size', from: '1280m', to: null }]);
  });

  it('a document that is no FlinkDeployment with a spec is refused', () => {
    const r = patchFlinkDeployment('apiVersion: v1\nkind: ConfigMap\n', 'cm.yaml', answer());
    expect(r.ok ? [] : r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['size/emit-base', 'cm.yaml has no FlinkDeployment with a spec to write the answer into'],
    ]);
  });
});

describe('patchFlinkConf', () => {
  it('a flat file: values in place, unit and comments kept, a new key after the last one', () => {
    const text = '# sizing\ntaskmanager.memory.process.size: 1728m # was\ntaskmanager.numberOfTaskSlots: 2\n\n# tail comment\n';
    const p = patchConf(text, answer({ slots: 4, cpu: 2 }));
    expect(p.text).toBe(
      '# sizing\ntaskmanager.memory.process.size: 3072m # was\ntaskmanager.numberOfTaskSlots: 4\ntaskmanager.cpu.cores: 2\n\n# tail comment\n',
    );
  });

  it('a flat file that is not YAML is edited line by line, as Flink reads it', () => {
    const text = 'jobmanager.rpc.address: {{ host }}\ntaskmanager.numberOfTaskSlots: 2\ntaskmanager.memory.process.size: 1728m';
    const p = patchConf(text, answer({ slots: 4, cpu: 4 }));
    expect(p.text).toBe('jobmanager.rpc.address: {{ host }}\ntaskmanager.numberOfTaskSlots: 4\ntaskmanager.memory.process.size: 3072m');
    expect(p.changes).toEqual([
      { path: '/taskmanager.memory.process.size', from: '1728m', to: '3072m' },
      { path: '/taskmanager.numberOfTaskSlots', from: '2', to: '4' },
    ]);
  });

  it('one slot, Flink’s default, is not written into a file that does not name the key', () => {
    const text = 'taskmanager.memory.process.size: 3g\n';
    expect(patchConf(text, answer({ slots: 1, cpu: 1 })).changes).toEqual([]);
  });

  it('external resources: the answer’s are written where the file lacks them, the file’s own stay', () => {
    const text = 'taskmanager.numberOfTaskSlots: 4\ntaskmanager.memory.process.size: 3g\nexternal-resource.fpga.amount: 1\n';
    const keys = { 'external-resources': 'gpu', 'external-resource.gpu.amount': '2' };
    const p = patchConf(text, answer({ keys }));
    expect(p.text).toBe(`${text}external-resource.gpu.amount: 2\nexternal-resources: gpu\n`);
  });

  it('the CPU the file derives on its execution.target, as taskManagerCpu does: Kubernetes and YARN without their key count the slots', () => {
    for (const target of ['kubernetes-session', 'yarn-session']) {
      const text = `execution.target: ${target}\ntaskmanager.numberOfTaskSlots: 4\ntaskmanager.memory.process.size: 3g\n`;
      expect(patchConf(text).changes, target).toEqual([]);
    }
    const withKey =
      'execution.target: kubernetes-session\nkubernetes.taskmanager.cpu.amount: 1.0\ntaskmanager.numberOfTaskSlots: 4\ntaskmanager.memory.process.size: 3g\n';
    expect(patchConf(withKey).changes).toEqual([{ path: '/taskmanager.cpu.cores', from: null, to: '4' }]);
  });

  it('nothing to change: no edit, no diff', () => {
    const text = 'taskmanager.numberOfTaskSlots: 4\ntaskmanager.memory.process.size: 3g\n';
    const p = patchConf(text);
    expect([p.text, p.changes, p.diff]).toEqual([text, [], '']);
  });
});
