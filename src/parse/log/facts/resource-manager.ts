/**
 * Recognisers of the ResourceManager (issue 28 §1): which kind runs (standalone / active, on YARN or
 * Kubernetes), the workers an active ResourceManager requests, receives and loses, and the
 * TaskManagers it loses. Forms per release: docs/research/jobmanager-log-messages.md §3.6, §4, §7.
 */
import type { Deployment, LogFact, LogPoint, ResourceManagerKind } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import { firstLineOf } from './fact-text.js';
import type { Recogniser } from './recogniser.js';
import { taskManagerLossRecognisers } from './taskmanager-loss.js';
import { taskManagerRegistrationRecognisers } from './taskmanager-registration.js';
import { activeResourceManagerRecognisers } from './worker-lines.js';

interface RmClass {
  readonly name: string;
  readonly resourceManager: ResourceManagerKind;
  readonly deployment?: Deployment;
}

/**
 * The classes, by the simple name the logger ends with (`RpcEndpoint` logs under `getClass()`, so the
 * logger is the concrete ResourceManager). YarnResourceManager / KubernetesResourceManager are the
 * RMs of 1.10–1.11; 1.12+ run ActiveResourceManager with a driver.
 */
const CLASSES: readonly RmClass[] = [
  { name: 'StandaloneResourceManager', resourceManager: 'standalone', deployment: 'standalone' },
  { name: 'YarnResourceManagerDriver', resourceManager: 'active', deployment: 'yarn' },
  { name: 'YarnResourceManager', resourceManager: 'active', deployment: 'yarn' },
  { name: 'KubernetesResourceManagerDriver', resourceManager: 'active', deployment: 'kubernetes' },
  { name: 'KubernetesResourceManager', resourceManager: 'active', deployment: 'kubernetes' },
  { name: 'ActiveResourceManager', resourceManager: 'active' },
];

/** The package each class lives in, to find it named in a message ("Starting RPC endpoint for …"). */
const QUALIFIED: readonly [string, RmClass][] = [
  ['org.apache.flink.runtime.resourcemanager.StandaloneResourceManager', CLASSES[0] as RmClass],
  ['org.apache.flink.yarn.YarnResourceManager', CLASSES[2] as RmClass],
  ['org.apache.flink.kubernetes.KubernetesResourceManager', CLASSES[4] as RmClass],
  ['org.apache.flink.runtime.resourcemanager.active.ActiveResourceManager', CLASSES[5] as RmClass],
];

function resourceManagerKind(record: LogRecord, at: LogPoint): readonly LogFact[] {
  const logger = record.logger;
  if (logger !== undefined && logger.includes('ResourceManager')) {
    const simple = logger.slice(logger.lastIndexOf('.') + 1);
    const known = CLASSES.find((c) => c.name === simple);
    if (known !== undefined) return [factOf(known, at)];
  }
  const first = firstLineOf(record.message);
  if (!first.includes('ResourceManager')) return [];
  // A start-up line naming the class; stack frames (`\tat org…`) are continuation lines, not read here.
  for (const [qualified, known] of QUALIFIED) if (first.includes(qualified)) return [factOf(known, at)];
  return [];
}

function factOf(known: RmClass, at: LogPoint): LogFact {
  return known.deployment === undefined
    ? { kind: 'resourceManager', resourceManager: known.resourceManager, at }
    : { kind: 'resourceManager', resourceManager: known.resourceManager, deployment: known.deployment, at };
}

export const resourceManagerRecognisers: readonly Recogniser[] = [
  resourceManagerKind,
  ...activeResourceManagerRecognisers,
  ...taskManagerLossRecognisers,
  ...taskManagerRegistrationRecognisers,
];
