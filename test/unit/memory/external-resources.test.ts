/**
 * External resources from a Flink configuration (ExternalResourceUtils.getExternalResourceAmountMap,
 * docs/research/external-resources.md): which names count, what an amount must be, from which
 * release they are extended resources of the TaskManager's and its slots' profiles.
 */
import { describe, expect, it } from 'vitest';
import { memoryFromText } from '../../../src/index.js';
import { extendedResourcesOf, externalResourceNotes, externalResourcesFromConfig } from '../../../src/memory/external-resources.js';
import { taskManagerSetup } from '../../../src/memory/memory-from-configuration.js';
import { decimalToString } from '../../../src/model/decimal.js';
import type { FlinkVersion } from '../../../src/model/flink-version.js';
import { thrown } from '../../support/thrown.js';

const V = (major: number, minor: number): FlinkVersion => ({ major, minor });
const conf = (entries: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(entries));
const GPU = { 'external-resources': 'gpu', 'external-resource.gpu.amount': '2' };

describe('externalResourcesFromConfig', () => {
  it('reads each listed name with a positive amount, and the keys a pod or container asks with', () => {
    const read = externalResourcesFromConfig(
      conf({
        'external-resources': 'gpu; fpga',
        'external-resource.gpu.amount': '2',
        'external-resource.gpu.kubernetes.config-key': 'nvidia.com/gpu',
        'external-resource.fpga.amount': '1',
        'external-resource.fpga.yarn.config-key': 'yarn.io/fpga',
        'external-resource.fpga.driver-factory.class': 'org.example.FPGADriverFactory',
      }),
      V(1, 15),
    );
    expect(read.resources).toEqual([
      { name: 'fpga', amount: 1n, yarnConfigKey: 'yarn.io/fpga', driverFactoryClass: 'org.example.FPGADriverFactory' },
      { name: 'gpu', amount: 2n, kubernetesConfigKey: 'nvidia.com/gpu' },
    ]);
    expect(read.ignored).toEqual([]);
  });

  it('leaves out a name without an amount, an amount of 0 or less, and an amount whose name is not listed', () => {
    const read = externalResourcesFromConfig(
      conf({
        'external-resources': 'gpu;fpga;tpu',
        'external-resource.fpga.amount': '0',
        'external-resource.tpu.amount': '-1',
        'external-resource.rdma.amount': '4',
      }),
      V(1, 18),
    );
    expect(read.resources).toEqual([]);
    expect(read.ignored).toEqual([
      { name: 'gpu', reason: 'no amount' },
      { name: 'fpga', reason: 'amount not positive', amount: 0n },
      { name: 'tpu', reason: 'amount not positive', amount: -1n },
      { name: 'rdma', reason: 'not listed' },
    ]);
    expect(externalResourceNotes(read, V(1, 18))).toEqual([
      "external resource 'gpu' is listed in external-resources without external-resource.gpu.amount: Flink ignores it",
      'external-resource.fpga.amount is 0, not positive: Flink ignores the resource',
      'external-resource.tpu.amount is -1, not positive: Flink ignores the resource',
      "external-resource.rdma.amount is set but 'rdma' is not in external-resources: Flink ignores it",
    ]);
  });

  it('refuses an amount that is not a Java long, as Configuration.getOptional does', () => {
    for (const amount of ['1.5', 'two', '9223372036854775808']) {
      const e = thrown(() => externalResourcesFromConfig(conf({ ...GPU, 'external-resource.gpu.amount': amount }), V(1, 20)));
      expect(e.chain).toEqual([
        `Could not parse value '${amount}' for key 'external-resource.gpu.amount'.`,
        `For input string: "${amount}"`,
      ]);
    }
    expect(externalResourcesFromConfig(conf({ ...GPU, 'external-resource.gpu.amount': '+3' }), V(1, 20)).resources[0]!.amount).toBe(3n);
  });

  it("'none' lists nothing from 1.13 (ExternalResourceOptions.NONE); before, it is a name without an amount", () => {
    const none = conf({ 'external-resources': 'none' });
    expect(externalResourcesFromConfig(none, V(1, 13)).ignored).toEqual([]);
    expect(externalResourcesFromConfig(none, V(1, 12)).ignored).toEqual([{ name: 'none', reason: 'no amount' }]);
  });

  it('splits at ";" only before 1.19; from 1.19 a YAML list (flattened with ",") or a flow list names several', () => {
    const both = { 'external-resource.gpu.amount': '1', 'external-resource.fpga.amount': '1' };
    const names = (list: string, v: FlinkVersion): string[] =>
      externalResourcesFromConfig(conf({ ...both, 'external-resources': list }), v).resources.map((r) => r.name);
    expect(names('gpu,fpga', V(1, 18))).toEqual([]);
    expect(names('gpu,fpga', V(1, 19))).toEqual(['fpga', 'gpu']);
    expect(names('[gpu, fpga]', V(2, 0))).toEqual(['fpga', 'gpu']);
    expect(names('gpu;fpga', V(1, 11))).toEqual(['fpga', 'gpu']);
  });

  it('means nothing before 1.11 (no external resource framework), and says so', () => {
    const read = externalResourcesFromConfig(conf(GPU), V(1, 10));
    expect(read.resources).toEqual([]);
    expect(externalResourceNotes(read, V(1, 10))).toEqual([
      'Flink 1.10 has no external resources (from Flink 1.11): external-resources has no effect',
    ]);
  });
});

describe('extendedResourcesOf', () => {
  it('is the amounts from 1.13 and nothing in 1.11 and 1.12 (TaskExecutorResourceSpec had no extended resources)', () => {
    const of = (v: FlinkVersion): string[] =>
      [...extendedResourcesOf(externalResourcesFromConfig(conf(GPU), v))].map(([n, a]) => `${n}=${decimalToString(a)}`);
    expect(of(V(1, 13))).toEqual(['gpu=2']);
    expect(of(V(1, 12))).toEqual([]);
    expect(externalResourceNotes(externalResourcesFromConfig(conf(GPU), V(1, 12)), V(1, 12))).toEqual([
      "Flink 1.12 gives external resources to the TaskManager's drivers and containers, not to its slot profiles (from Flink 1.13): no slot request can ask for them",
    ]);
  });
});

describe('the TaskManager profiles', () => {
  const slots = (entries: Record<string, string>, v: FlinkVersion): [string, string] => {
    const setup = taskManagerSetup(conf({ 'taskmanager.memory.process.size': '4g', ...entries }), v);
    if (!setup.ok) throw new Error(setup.diagnostics[0]!.message);
    const { totalResourceProfile: total, defaultSlotResourceProfile: slot } = setup.value.resources;
    return [decimalToString(total.extendedResources.get('gpu')!), decimalToString(slot.extendedResources.get('gpu')!)];
  };

  it('divides the amount among the slots: 3 over 2 is 1.5; 1 over 3 rounds down at 8 decimals from 1.14, 16 before', () => {
    expect(slots({ ...GPU, 'external-resource.gpu.amount': '3', 'taskmanager.numberOfTaskSlots': '2' }, V(1, 17))).toEqual(['3', '1.5']);
    expect(slots({ ...GPU, 'external-resource.gpu.amount': '1', 'taskmanager.numberOfTaskSlots': '3' }, V(1, 14))).toEqual([
      '1',
      '0.33333333',
    ]);
    expect(slots({ ...GPU, 'external-resource.gpu.amount': '1', 'taskmanager.numberOfTaskSlots': '3' }, V(1, 13))).toEqual([
      '1',
      '0.3333333333333333',
    ]);
  });

  it('a bad amount is a located config/memory error naming the key', () => {
    const r = memoryFromText(
      'taskmanager.memory.process.size: 4g\nexternal-resources: gpu\nexternal-resource.gpu.amount: lots\n',
      'tm.yaml',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics[0]!.code).toBe('config/memory');
    expect(r.diagnostics[0]!.message).toBe(
      "Could not parse value 'lots' for key 'external-resource.gpu.amount'.\n  caused by: For input string: \"lots\"",
    );
    expect(r.diagnostics[0]!.location).toMatchObject({ file: 'tm.yaml', line: 3 });
  });
});
