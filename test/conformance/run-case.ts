/** One conformance case file → the list of its failures (empty = pass). */
import { load } from 'js-yaml';
import { FlinkException } from '../../src/errors/flink-exception.js';
import { CaseError, type ConformanceCase, Rejection, checkEnvelope, selectFlinkVersion } from './case-file.js';
import {
  runExecutionSlotSharing,
  runExecutionTopology,
  runPointwise,
  runScc,
  runSchedulingRegionsUtil,
} from './levels/execution-levels.js';
import { runAllocationStrategy } from './levels/allocation-strategy.js';
import { runAdaptiveParallelism } from './levels/adaptive-parallelism.js';
import { runReconcile, runResourceTracker } from './levels/reconcile-and-tracker.js';
import { runSlotPool } from './levels/slot-pool.js';
import { runDeclarativeSlotManager, runFineGrainedSlotManager } from './levels/slotmanager.js';
import { runJobGraphLevel } from './levels/job-graph-levels.js';
import { runImport } from './levels/import.js';
import { runTaskManagerMemory } from './levels/taskmanager-memory.js';
import { runManagedMemoryWeights } from './levels/managed-memory-weights.js';
import { runProfileMatching, runResourceProfile } from './levels/resource-profile.js';

type LevelRunner = (c: ConformanceCase, flinkVersion: string) => string[];

export const LEVELS: Record<string, LevelRunner> = {
  'logical-regions': runJobGraphLevel,
  'jobgraph-slot-sharing': runJobGraphLevel,
  'managed-memory': runJobGraphLevel,
  'managed-memory-weights': runManagedMemoryWeights,
  'resource-profile': runResourceProfile,
  'profile-matching': runProfileMatching,
  pointwise: runPointwise,
  scc: runScc,
  'scheduling-regions-util': runSchedulingRegionsUtil,
  'execution-topology': runExecutionTopology,
  'execution-slot-sharing': runExecutionSlotSharing,
  'taskmanager-memory': runTaskManagerMemory,
  'allocation-strategy': runAllocationStrategy,
  reconcile: runReconcile,
  'resource-tracker': runResourceTracker,
  'slotmanager-declarative': runDeclarativeSlotManager,
  'slotmanager-finegrained': runFineGrainedSlotManager,
  'slot-pool': runSlotPool,
  'adaptive-parallelism': runAdaptiveParallelism,
  import: runImport,
};

export function runCaseText(text: string, fileName: string): string[] {
  try {
    const c = checkEnvelope(load(text) as Record<string, unknown>, fileName);
    const runner = LEVELS[c.level];
    if (runner === undefined) return [`level '${c.level}' is not implemented by this runner`];
    const { error, errorAlsoContains, ...expect } = c.expect;
    const wanted = expectedError(error, errorAlsoContains);
    return judge(wanted, () => runner({ ...c, expect }, selectFlinkVersion(c.flinkVersion)));
  } catch (e) {
    if (e instanceof CaseError) return [e.message];
    return [`runner error: ${(e as Error).stack ?? String(e)}`];
  }
}

/** `expect.error` and `expect.errorAlsoContains`, valid at every level: substrings the refusal must contain. */
function expectedError(error: unknown, alsoContains: unknown): string[] | undefined {
  if (error === undefined) {
    if (alsoContains !== undefined) throw new CaseError('expect.errorAlsoContains without expect.error');
    return undefined;
  }
  const also = alsoContains ?? [];
  if (!Array.isArray(also) || also.some((s) => typeof s !== 'string'))
    throw new CaseError('expect.errorAlsoContains must be a list of strings');
  return [String(error), ...(also as string[])];
}

/**
 * Runs a level and compares the outcome with the case's error expectation: a refusal must contain
 * every expected substring (in each attempt); an accepted input fails a case that expects an error.
 */
function judge(wanted: string[] | undefined, attempt: () => string[]): string[] {
  let failures: string[];
  try {
    failures = attempt();
  } catch (e) {
    const rejection = e instanceof FlinkException ? Rejection.of(e.chain) : e;
    if (!(rejection instanceof Rejection)) throw e;
    if (wanted === undefined) return [`unexpected error: ${rejection.message}`];
    const missing = rejection.parts.flatMap((part) => {
      const text = part.join('\n');
      return wanted.filter((s) => !text.includes(s)).map((s) => `error does not contain '${s}': ${part.join(' <- ')}`);
    });
    return [...missing, ...rejection.failures];
  }
  if (wanted !== undefined) return [`expected error '${wanted[0]}', but flinkslot accepted the input`, ...failures];
  return failures;
}
