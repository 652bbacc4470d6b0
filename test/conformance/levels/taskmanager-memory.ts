/** Level `taskmanager-memory`: memory components, JVM options and slot profiles from a Flink config. */
import { FlinkException } from '../../../src/errors/flink-exception.js';
import { flattenConfiguration } from '../../../src/memory/flink-configuration.js';
import { type TaskManagerResources, computeTaskManagerResources } from '../../../src/memory/slot-resources.js';
import {
  MemoryConfigurationException,
  type TaskExecutorMemory,
  computeTaskExecutorMemory,
} from '../../../src/memory/task-executor-memory.js';
import { shuffleEnvironmentFailure } from '../../../src/memory/network-options.js';
import { parseFlinkVersion } from '../../../src/model/flink-version.js';
import { type ResourceProfile, isSpecified, profilesEqual, specified } from '../../../src/model/resource-profile.js';
import { decimalFromString } from '../../../src/model/decimal.js';
import { CaseError, type ConformanceCase, Rejection, checkKeys } from '../case-file.js';

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

/** Profiles here give bytes as integers, CPU and extended resources (`extended: {gpu: "1.5"}`) as decimal strings. */
function profileOf(value: Record<string, unknown>, where: string): ResourceProfile {
  checkKeys(value, [...PROFILE_KEYS, 'extended'], where);
  const extended = Object.entries((value.extended ?? {}) as Record<string, unknown>);
  return specified({
    extendedResources: new Map(extended.map(([name, amount]) => [name, decimalFromString(String(amount))])),
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
    [...COMPONENTS, 'taskManagerTotalResource', 'defaultSlotResourceProfile', 'restTotalResourceMiB', 'derivedBeforeFailure'],
    'expect',
  );
  const version = parseFlinkVersion(String(c.input.flinkVersion ?? caseVersion));
  if (version === undefined) throw new CaseError(`bad flinkVersion '${String(c.input.flinkVersion)}'`);
  const config = flattenConfiguration(c.input.flinkConfig as Record<string, unknown>);
  const e = c.expect;
  const derived = e.derivedBeforeFailure as Record<string, unknown> | undefined;
  if (derived !== undefined) checkKeys(derived, COMPONENTS, 'expect.derivedBeforeFailure');
  let memory: TaskExecutorMemory | undefined;
  try {
    memory = computeTaskExecutorMemory(config, version);
    const resources = computeTaskManagerResources(config, version, memory);
    // Then the TaskManager builds its shuffle environment, which refuses some network options.
    const shuffle = shuffleEnvironmentFailure(config, version, memory.network);
    if (shuffle !== undefined) throw shuffle.exception;
    if (derived !== undefined) throw new CaseError('expect.derivedBeforeFailure, but the configuration was accepted');
    return [...checkComponents(e, memory), ...checkProfiles(e, resources)];
  } catch (error) {
    if (!(error instanceof FlinkException)) throw error;
    // Components derived before the failing check: those recorded by the derivation, or all of
    // them when the memory was complete and a later step (CPU, slots) failed.
    const before = error instanceof MemoryConfigurationException ? error.derivedBeforeFailure : componentsOf(memory);
    throw Rejection.of(error.chain, checkDerived(derived ?? {}, before));
  }
}

function checkComponents(e: Record<string, unknown>, memory: TaskExecutorMemory): string[] {
  return COMPONENTS.filter((key) => e[key] !== undefined && BigInt(e[key] as number) !== memory[key]).map(
    (key) => `${key}: expected ${String(e[key])}, got ${memory[key]}`,
  );
}

function checkProfiles(e: Record<string, unknown>, resources: TaskManagerResources): string[] {
  const failures: string[] = [];
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
}

function componentsOf(memory: TaskExecutorMemory | undefined): ReadonlyMap<string, bigint> {
  return new Map(memory === undefined ? [] : COMPONENTS.map((key) => [key, memory[key]]));
}

function checkRestMiB(want: Record<string, number>, total: ResourceProfile): string[] {
  checkKeys(want, PROFILE_KEYS.slice(1), 'expect.restTotalResourceMiB');
  if (!isSpecified(total)) return ['restTotalResourceMiB: profile unknown'];
  return Object.entries(want)
    .filter(([key, mib]) => total[key as 'taskHeapMemory'] >> 20n !== BigInt(mib))
    .map(([key, mib]) => `restTotalResourceMiB.${key}: expected ${mib}`);
}

function checkDerived(want: Record<string, unknown>, before: ReadonlyMap<string, bigint>): string[] {
  return Object.entries(want)
    .filter(([key, value]) => before.get(key) !== BigInt(value as number))
    .map(([key, value]) => `derivedBeforeFailure.${key}: expected ${String(value)}, got ${before.get(key) ?? 'not derived'}`);
}
