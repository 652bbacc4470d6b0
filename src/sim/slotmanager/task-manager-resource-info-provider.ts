/**
 * `TaskManagerResourceInfoProvider`: the read-only side of the fine-grained tracker, which is all
 * the allocation strategy gets. Flink hands its `ResourceAllocationStrategy` this interface rather
 * than the `FineGrainedTaskManagerTracker`, so a strategy can only decide; the SlotManager applies
 * the decision. A type-level view: the tracker itself is passed, nothing is copied.
 */
import type { ResourceProfile } from '../../model/resource-profile.js';
import type { FineGrainedTaskManager, PendingTaskManager } from './fine-grained-task-manager.js';
import type { RegisteredPool } from './registered-pool.js';

export interface TaskManagerResourceInfoProvider {
  get(id: string): Readonly<FineGrainedTaskManager> | undefined;
  readonly registeredCount: number;
  /** Registered TaskManagers without slots. */
  readonly idle: ReadonlySet<string>;
  readonly pending: ReadonlyMap<string, Readonly<PendingTaskManager>>;
  /** Sum of the registered TaskManagers' free resources. */
  freeResource(): ResourceProfile;
  /** The non-blocked registered TaskManagers for one strategy run; placements stay in the pool. */
  pool(): RegisteredPool;
}
