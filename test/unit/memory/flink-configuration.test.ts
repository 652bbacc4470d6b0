/**
 * Flink configuration reading: nested config.yaml maps flatten with '.', typed reads follow
 * Flink's ConfigOption rules (a key or one of its deprecated fallback keys must be present to
 * count as configured; defaults do not), and ConfigOption.toString() — which Flink puts into error
 * messages — is reproduced exactly (flink-notes/formats-and-memory.md §1, §2.2, §3.5, §8b).
 */
import { describe, expect, it } from 'vitest';
import { thrown } from '../../support/thrown.js';
import {
  type FlinkConfiguration,
  describeOption,
  flattenConfiguration,
  isConfigured,
  option,
  readDouble,
  readFloat,
  readInteger,
  readMemory,
} from '../../../src/memory/flink-configuration.js';
import { memoryOptions } from '../../../src/memory/memory-options.js';
import { parseFlinkConfiguration, withDynamicProperties } from '../../../src/memory/parse-flink-configuration.js';
import { computeTaskExecutorMemory } from '../../../src/memory/task-executor-memory.js';
import type { FlinkVersion } from '../../../src/model/flink-version.js';

const MB = 1024n * 1024n;
const V1_16: FlinkVersion = { major: 1, minor: 16 };
const V1_17: FlinkVersion = { major: 1, minor: 17 };
const V2_1: FlinkVersion = { major: 2, minor: 1 };
const O = memoryOptions(V1_17);
const ALL_UNITS = '(b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)';

function conf(entries: Record<string, string>): FlinkConfiguration {
  return new Map(Object.entries(entries));
}

function parsed(text: string): FlinkConfiguration {
  const result = parseFlinkConfiguration(text, 'conf.yaml');
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.value;
}

describe('flattenConfiguration (config.yaml, Flink 1.19+)', () => {
  it('joins nested map keys with "."', () => {
    const flat = flattenConfiguration({ taskmanager: { memory: { process: { size: '1728m' } }, numberOfTaskSlots: 2 } });
    expect([...flat.entries()]).toEqual([
      ['taskmanager.memory.process.size', '1728m'],
      ['taskmanager.numberOfTaskSlots', '2'],
    ]);
  });

  it('keeps flat dotted keys and mixes them with nested maps', () => {
    const flat = flattenConfiguration({
      'taskmanager.memory.process.size': '1728m',
      taskmanager: { 'memory.managed': { fraction: 0.2 } },
      'parallelism.default': 1,
    });
    expect(flat.get('taskmanager.memory.process.size')).toBe('1728m');
    expect(flat.get('taskmanager.memory.managed.fraction')).toBe('0.2');
    expect(flat.get('parallelism.default')).toBe('1');
    expect(flat.size).toBe(3);
  });

  it('turns scalars into their text and lists into comma-joined text', () => {
    const flat = flattenConfiguration({ a: { b: true, c: 0.1, d: ['x', 'y', 3] } });
    expect(flat.get('a.b')).toBe('true');
    expect(flat.get('a.c')).toBe('0.1');
    expect(flat.get('a.d')).toBe('x,y,3');
  });

  it('a nested config.yaml and a flat flink-conf.yaml give the same configuration', () => {
    const nested = parsed(
      'taskmanager:\n  numberOfTaskSlots: 4\n  memory:\n    process:\n      size: 1728m\n    network:\n      fraction: 0.2\n',
    );
    const flat = parsed(
      'taskmanager.numberOfTaskSlots: 4\ntaskmanager.memory.process.size: 1728m\ntaskmanager.memory.network.fraction: 0.2\n',
    );
    expect(new Map([...nested].sort())).toEqual(new Map([...flat].sort()));
    expect(computeTaskExecutorMemory(nested, V2_1)).toEqual(computeTaskExecutorMemory(flat, V2_1));
  });

  it('rejects a configuration that is not a map', () => {
    const result = parseFlinkConfiguration('- a\n- b\n', 'conf.yaml');
    expect(result.ok).toBe(false);
  });
});

describe('withDynamicProperties (-D KEY=VALUE)', () => {
  it('adds keys on top of the file, later ones winning', () => {
    const base = conf({ 'taskmanager.numberOfTaskSlots': '1' });
    const result = withDynamicProperties(base, [
      'taskmanager.numberOfTaskSlots=4',
      'taskmanager.memory.process.size=2g',
      'taskmanager.numberOfTaskSlots=3',
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.get('taskmanager.numberOfTaskSlots')).toBe('3');
    expect(result.value.get('taskmanager.memory.process.size')).toBe('2g');
    expect(base.get('taskmanager.numberOfTaskSlots')).toBe('1');
  });

  it('rejects a property without KEY=', () => {
    expect(withDynamicProperties(conf({}), ['novalue']).ok).toBe(false);
    expect(withDynamicProperties(conf({}), ['=1g']).ok).toBe(false);
  });
});

describe('describeOption (Java ConfigOption.toString)', () => {
  it('a fraction option with a deprecated fallback key', () => {
    expect(describeOption(O.networkFraction)).toBe(
      "Key: 'taskmanager.memory.network.fraction' , default: 0.1 (fallback keys: [{key=taskmanager.network.memory.fraction, isDeprecated=true}])",
    );
  });

  it('options without a default print "null", without fallback keys "[]"', () => {
    expect(describeOption(O.flinkSize)).toBe("Key: 'taskmanager.memory.flink.size' , default: null (fallback keys: [])");
    expect(describeOption(O.processSize)).toBe("Key: 'taskmanager.memory.process.size' , default: null (fallback keys: [])");
    expect(describeOption(O.taskHeap)).toBe("Key: 'taskmanager.memory.task.heap.size' , default: null (fallback keys: [])");
  });

  it('managed.size falls back to the deprecated taskmanager.memory.size', () => {
    expect(describeOption(O.managedSize)).toBe(
      "Key: 'taskmanager.memory.managed.size' , default: null (fallback keys: [{key=taskmanager.memory.size, isDeprecated=true}])",
    );
  });

  it('float and MemorySize defaults print as Float.toString / MemorySize.toString', () => {
    expect(describeOption(O.managedFraction)).toBe("Key: 'taskmanager.memory.managed.fraction' , default: 0.4 (fallback keys: [])");
    expect(describeOption(O.overheadFraction)).toBe("Key: 'taskmanager.memory.jvm-overhead.fraction' , default: 0.1 (fallback keys: [])");
    expect(describeOption(O.networkMin)).toBe(
      "Key: 'taskmanager.memory.network.min' , default: 64 mb (fallback keys: [{key=taskmanager.network.memory.min, isDeprecated=true}])",
    );
    expect(describeOption(O.frameworkHeap)).toBe("Key: 'taskmanager.memory.framework.heap.size' , default: 128 mb (fallback keys: [])");
    expect(describeOption(O.taskOffHeap)).toBe("Key: 'taskmanager.memory.task.off-heap.size' , default: 0 bytes (fallback keys: [])");
  });

  it('network.max defaults to 1 gb up to Flink 1.16', () => {
    expect(describeOption(memoryOptions(V1_16).networkMax)).toBe(
      "Key: 'taskmanager.memory.network.max' , default: 1 gb (fallback keys: [{key=taskmanager.network.memory.max, isDeprecated=true}])",
    );
  });

  it('network.max defaults to MemorySize.MAX_VALUE from 1.17; MemorySize.toString() of Long.MAX_VALUE is "9223372036854775807 bytes"', () => {
    // MemorySize.formatToString: the largest unit dividing the value exactly; Long.MAX_VALUE is odd → bytes.
    expect(describeOption(memoryOptions(V1_17).networkMax)).toBe(
      "Key: 'taskmanager.memory.network.max' , default: 9223372036854775807 bytes (fallback keys: [{key=taskmanager.network.memory.max, isDeprecated=true}])",
    );
  });

  it('works for any option built with option()', () => {
    expect(describeOption(option('a.b', 1, '1', ['x.y', 'z']))).toBe(
      "Key: 'a.b' , default: 1 (fallback keys: [{key=x.y, isDeprecated=true}, {key=z, isDeprecated=true}])",
    );
  });
});

describe('isConfigured (explicitly present; defaults do not count)', () => {
  it('an option with a default is not configured when absent', () => {
    expect(isConfigured(conf({}), O.frameworkHeap)).toBe(false);
    expect(isConfigured(conf({}), O.networkFraction)).toBe(false);
  });

  it('the main key or a deprecated fallback key counts', () => {
    expect(isConfigured(conf({ 'taskmanager.memory.network.fraction': '0.2' }), O.networkFraction)).toBe(true);
    expect(isConfigured(conf({ 'taskmanager.network.memory.fraction': '0.2' }), O.networkFraction)).toBe(true);
    expect(isConfigured(conf({ 'taskmanager.memory.size': '512m' }), O.managedSize)).toBe(true);
    expect(isConfigured(conf({ 'taskmanager.network.memory.min': '32m' }), O.networkMin)).toBe(true);
  });

  it('unrelated keys do not count', () => {
    expect(isConfigured(conf({ 'jobmanager.memory.process.size': '1600m' }), O.processSize)).toBe(false);
  });
});

describe('readMemory', () => {
  it('returns the default when absent, undefined without a default', () => {
    expect(readMemory(conf({}), O.frameworkHeap)).toBe(128n * MB);
    expect(readMemory(conf({}), O.processSize)).toBeUndefined();
  });

  it('parses Flink MemorySize text', () => {
    expect(readMemory(conf({ 'taskmanager.memory.process.size': '1728m' }), O.processSize)).toBe(1728n * MB);
    expect(readMemory(conf({ 'taskmanager.memory.process.size': ' 2 GB ' }), O.processSize)).toBe(2048n * MB);
    expect(readMemory(conf({ 'taskmanager.memory.process.size': '1024' }), O.processSize)).toBe(1024n);
  });

  it('reads a deprecated fallback key', () => {
    expect(readMemory(conf({ 'taskmanager.memory.size': '512m' }), O.managedSize)).toBe(512n * MB);
    expect(readMemory(conf({ 'taskmanager.network.memory.max': '1g' }), O.networkMax)).toBe(1024n * MB);
  });

  it('the main key wins over a deprecated key', () => {
    expect(readMemory(conf({ 'taskmanager.memory.size': '512m', 'taskmanager.memory.managed.size': '256m' }), O.managedSize)).toBe(
      256n * MB,
    );
  });

  it('a bad value fails with E-READ and its cause chain (ProcessMemoryUtils.getMemorySizeFromConfig ← Configuration.getOptional ← MemorySize.parse)', () => {
    const e = thrown(() => readMemory(conf({ 'taskmanager.memory.process.size': '1.5g' }), O.processSize));
    expect(e.errorType).toBe('IllegalConfigurationException');
    expect(e.chain).toEqual([
      "Cannot read memory size from config option 'taskmanager.memory.process.size'.",
      "Could not parse value '1.5g' for key 'taskmanager.memory.process.size'.",
      `Memory size unit '.5g' does not match any of the recognized units: ${ALL_UNITS}`,
    ]);
  });

  it('a value not starting with a number fails with "text does not start with a number" as the innermost cause', () => {
    const e = thrown(() => readMemory(conf({ 'taskmanager.memory.flink.size': 'lots' }), O.flinkSize));
    expect(e.chain).toEqual([
      "Cannot read memory size from config option 'taskmanager.memory.flink.size'.",
      "Could not parse value 'lots' for key 'taskmanager.memory.flink.size'.",
      'text does not start with a number',
    ]);
  });

  it('a bad value under a deprecated key names the option key in both messages (Configuration.getOptional formats option.key())', () => {
    const e = thrown(() => readMemory(conf({ 'taskmanager.memory.size': '1.5g' }), O.managedSize));
    expect(e.chain).toEqual([
      "Cannot read memory size from config option 'taskmanager.memory.managed.size'.",
      "Could not parse value '1.5g' for key 'taskmanager.memory.managed.size'.",
      `Memory size unit '.5g' does not match any of the recognized units: ${ALL_UNITS}`,
    ]);
  });
});

describe('readFloat (float option widened to double)', () => {
  it('returns the widened default when absent', () => {
    expect(readFloat(conf({}), O.managedFraction)).toBe(0.4000000059604645);
    expect(readFloat(conf({}), O.networkFraction)).toBe(0.10000000149011612);
  });

  it('widens a configured value', () => {
    expect(readFloat(conf({ 'taskmanager.memory.managed.fraction': '0.2' }), O.managedFraction)).toBe(0.20000000298023224);
  });

  it('reads the deprecated taskmanager.network.memory.fraction', () => {
    expect(readFloat(conf({ 'taskmanager.network.memory.fraction': '0.2' }), O.networkFraction)).toBe(0.20000000298023224);
  });

  it('the main key wins over the deprecated one', () => {
    const c = conf({ 'taskmanager.network.memory.fraction': '0.2', 'taskmanager.memory.network.fraction': '0.1' });
    expect(readFloat(c, O.networkFraction)).toBe(0.10000000149011612);
  });

  it('a non-number fails', () => {
    const e = thrown(() => readFloat(conf({ 'taskmanager.memory.managed.fraction': 'half' }), O.managedFraction));
    expect(e.message).toBe("Could not parse value 'half' for key 'taskmanager.memory.managed.fraction'.");
  });
});

describe('readInteger / readDouble', () => {
  it('numberOfTaskSlots defaults to 1 and reads an integer', () => {
    expect(readInteger(conf({}), O.numberOfTaskSlots)).toBe(1);
    expect(readInteger(conf({ 'taskmanager.numberOfTaskSlots': '4' }), O.numberOfTaskSlots)).toBe(4);
  });

  it('a non-integer slot count fails', () => {
    const e = thrown(() => readInteger(conf({ 'taskmanager.numberOfTaskSlots': '2.5' }), O.numberOfTaskSlots));
    expect(e.message).toBe("Could not parse value '2.5' for key 'taskmanager.numberOfTaskSlots'.");
  });

  it('cpu.cores has no default and reads a double', () => {
    expect(readDouble(conf({}), O.cpuCores)).toBeUndefined();
    expect(readDouble(conf({ 'taskmanager.cpu.cores': '2.5' }), O.cpuCores)).toBe(2.5);
  });
});

describe('deprecated keys drive the derivation like the new keys', () => {
  it('taskmanager.memory.size = managed.size (W14: process 2g, managed 512m)', () => {
    const viaOld = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '2g', 'taskmanager.memory.size': '512m' }), V2_1);
    const viaNew = computeTaskExecutorMemory(
      conf({ 'taskmanager.memory.process.size': '2g', 'taskmanager.memory.managed.size': '512m' }),
      V2_1,
    );
    expect(viaOld).toEqual(viaNew);
    expect(viaOld.managed).toBe(536870912n);
    expect(viaOld.taskHeap).toBe(692563472n);
  });

  it('taskmanager.network.memory.fraction = network.fraction (W17: process 8g, managed 0.1, network 0.2)', () => {
    const m = computeTaskExecutorMemory(
      conf({
        'taskmanager.memory.process.size': '8g',
        'taskmanager.memory.managed.fraction': '0.1',
        'taskmanager.network.memory.fraction': '0.2',
      }),
      V2_1,
    );
    expect(m.network).toBe(1492501155n);
    expect(m.managed).toBe(746250577n);
    expect(m.taskHeap).toBe(4955318476n);
  });

  it('taskmanager.network.memory.max = network.max (W12b numbers on 2.1 with a 1g network max)', () => {
    const m = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '16g', 'taskmanager.network.memory.max': '1g' }), V2_1);
    expect(m.network).toBe(1073741824n);
    expect(m.taskHeap).toBe(8160437768n);
  });

  it('taskmanager.network.memory.min = network.min (W10: process 1g, network at its min; a 32m min lets the fraction through)', () => {
    const atDefaultMin = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '1g' }), V2_1);
    expect(atDefaultMin.network).toBe(67108864n);
    const lowerMin = computeTaskExecutorMemory(
      conf({ 'taskmanager.memory.process.size': '1g', 'taskmanager.network.memory.min': '32m' }),
      V2_1,
    );
    // total Flink 603979776 × 0.10000000149011612 = 60397978.5… → 60397978
    expect(lowerMin.network).toBe(60397978n);
    expect(lowerMin.totalFlink).toBe(603979776n);
  });
});
