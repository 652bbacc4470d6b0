/**
 * `TaskManagerResourceInfoProvider`: the read-only side of the fine-grained tracker, which is all
 * the allocation strategy gets. Flink hands its `ResourceAllocationStrategy` this interface rather
 * than the `FineGrainedTaskManagerTracker`, so a strategy can only decide; the SlotManager applies
 * the decision. A type-level view: the tracker itself is passed, nothing is copied.
 */
import type { ResourceProfile } from '../../model/resource-profile.js';
import type { FineGrainedTaskManager, PendingTaskManager } from './fine-grained-task-manager.js';
import type { PendingKind } from './pending-task-managers.js';
import type { RegisteredPool } from './registered-pool.js';
import type { ResourceCounter } from './resource-counter.js';

export interface TaskManagerResourceInfoProvider {
  get(id: string): Readonly<FineGrainedTaskManager> | undefined;
  readonly registeredCount: number;
  /** Registered TaskManagers without slots. */
  readonly idle: ReadonlySet<string>;
  /** Idle TaskManagers with `now - idleSince >= timeout`, in registration order. */
  timedOut(now: number, timeout: number): readonly Readonly<FineGrainedTaskManager>[];
  readonly pending: ReadonlyMap<string, Readonly<PendingTaskManager>>;
  /** The slots recorded on a pending TaskManager (read through here: a check may record them as one plan). */
  allocationsOf(p: PendingTaskManager): ReadonlyMap<string, ResourceCounter>;
  /** The pending TaskManagers in order (walk them through here: the walks are counted as work). */
  pendingInOrder(): Iterable<PendingTaskManager>;
  /** Pending TaskManagers with no slot recorded, in order. */
  unusedPending(): readonly PendingTaskManager[];
  /** The one kind (total, slots, default slot) every pending TaskManager is, when they are alike. */
  onlyPendingKind(): PendingKind | undefined;
  /** Sum of the registered TaskManagers' free resources. */
  freeResource(): ResourceProfile;
  /** The non-blocked registered TaskManagers for one strategy run; placements stay in the pool. */
  pool(): RegisteredPool;
}
