/** Level `taskmanager-memory`: memory components, JVM options and slot profiles from a Flink config. */
import { FlinkException } from '../../../src/errors/flink-exception.js';
import { flattenConfiguration } from '../../../src/memory/flink-configuration.js';
import { computeTaskManagerResources } from '../../../src/memory/slot-resources.js';
import { MemoryConfigurationException, computeTaskExecutorMemory } from '../../../src/memory/task-executor-memory.js';
import { parseFlinkVersion } from '../../../src/model/flink-version.js';
import { type ResourceProfile, isSpecified, profilesEqual, specified } from '../../../src/model/resource-profile.js';
import { decimalFromString } from '../../../src/model/decimal.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';

const COMPONENTS = [
  'frameworkHeap',
  'taskHeap',
  'frameworkOffHeap',
  'taskOffHeap',
  'network',
  'managed',
  'jvmMetaspace',
  'jvmOverhead',
  'totalFlink',
  'totalProcess',
  'jvmHeap',
  'jvmDirect',
] as const;
const PROFILE_KEYS = ['cpuCores', 'taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory'];

/** Profiles here give bytes as integers and CPU as a decimal string. */
function profileOf(value: Record<string, unknown>, where: string): ResourceProfile {
  checkKeys(value, PROFILE_KEYS, where);
  return specified({
    cpuCores: decimalFromString(String(value.cpuCores)),
    taskHeapMemory: BigInt(value.taskHeapMemory as number),
    taskOffHeapMemory: BigInt(value.taskOffHeapMemory as number),
    managedMemory: BigInt(value.managedMemory as number),
    networkMemory: BigInt(value.networkMemory as number),
  });
}

export function runTaskManagerMemory(c: ConformanceCase, caseVersion: string): string[] {
  checkKeys(c.input, ['flinkConfig', 'flinkVersion'], 'input');
  checkKeys(
    c.expect,
    [
      ...COMPONENTS,
      'taskManagerTotalResource',
      'defaultSlotResourceProfile',
      'restTotalResourceMiB',
      'error',
      'errorAlsoContains',
      'derivedBeforeFailure',
    ],
    'expect',
  );
  const version = parseFlinkVersion(String(c.input.flinkVersion ?? caseVersion));
  if (version === undefined) throw new CaseError(`bad flinkVersion '${String(c.input.flinkVersion)}'`);
  const config = flattenConfiguration(c.input.flinkConfig as Record<string, unknown>);
  const e = c.expect;
  try {
    const memory = computeTaskExecutorMemory(config, version);
    const resources = computeTaskManagerResources(config, version, memory);
    if (e.error !== undefined) return [`expected error '${String(e.error)}', but the configuration was accepted`];
    const failures: string[] = [];
    for (const key of COMPONENTS) {
      if (e[key] !== undefined && BigInt(e[key] as number) !== memory[key])
        failures.push(`${key}: expected ${String(e[key])}, got ${memory[key]}`);
    }
    const profiles: Array<[string, ResourceProfile]> = [
      ['taskManagerTotalResource', resources.totalResourceProfile],
      ['defaultSlotResourceProfile', resources.defaultSlotResourceProfile],
    ];
    for (const [key, actual] of profiles) {
      if (e[key] !== undefined && !profilesEqual(actual, profileOf(e[key] as Record<string, unknown>, `expect.${key}`)))
        failures.push(`${key} differs`);
    }
    if (e.restTotalResourceMiB !== undefined)
      failures.push(...checkRestMiB(e.restTotalResourceMiB as Record<string, number>, resources.totalResourceProfile));
    return failures;
  } catch (error) {
    if (!(error instanceof FlinkException)) throw error;
    return checkFailure(c, error);
  }
}

function checkRestMiB(want: Record<string, number>, total: ResourceProfile): string[] {
  checkKeys(want, PROFILE_KEYS.slice(1), 'expect.restTotalResourceMiB');
  if (!isSpecified(total)) return ['restTotalResourceMiB: profile unknown'];
  return Object.entries(want)
    .filter(([key, mib]) => total[key as 'taskHeapMemory'] >> 20n !== BigInt(mib))
    .map(([key, mib]) => `restTotalResourceMiB.${key}: expected ${mib}`);
}

function checkFailure(c: ConformanceCase, error: FlinkException): string[] {
  const e = c.expect;
  const text = error.chain.join('\n');
  if (e.error === undefined) return [`unexpected error: ${error.chain.join(' <- ')}`];
  const failures = [String(e.error), ...((e.errorAlsoContains as string[] | undefined) ?? [])]
    .filter((part) => !text.includes(part))
    .map((part) => `error does not contain '${part}': ${error.chain.join(' <- ')}`);
  const derived = e.derivedBeforeFailure as Record<string, number> | undefined;
  if (derived !== undefined) {
    const before = error instanceof MemoryConfigurationException ? error.derivedBeforeFailure : new Map<string, bigint>();
    for (const [key, value] of Object.entries(derived)) {
      if (before.get(key) !== BigInt(value)) failures.push(`derivedBeforeFailure.${key}: expected ${value}, got ${before.get(key)}`);
    }
  }
  return failures;
}
