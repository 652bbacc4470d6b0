/** One conformance case file → the list of its failures (empty = pass). */
import { load } from 'js-yaml';
import { CaseError, type ConformanceCase, checkEnvelope, selectFlinkVersion } from './case-file.js';
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
    return runner(c, selectFlinkVersion(c.flinkVersion));
  } catch (e) {
    if (e instanceof CaseError) return [e.message];
    return [`runner error: ${(e as Error).stack ?? String(e)}`];
  }
}
