/**
 * Read-only views of the fine-grained tracker's TaskManagers and pending workers: what explanations
 * and the simulation outcome read (Flink's `TaskManagerInfo` / REST side of the same state).
 */
import type { FineGrainedTaskManager } from './fine-grained-task-manager.js';
import type { FineGrainedTaskManagerTracker } from './fine-grained-task-manager-tracker.js';
import type { PendingTaskManagerState, TaskManagerView } from './slot-manager.js';

export function taskManagerView(tracker: FineGrainedTaskManagerTracker, tm: FineGrainedTaskManager): TaskManagerView {
  return {
    id: tm.id,
    total: tm.total,
    defaultSlot: tm.defaultSlot,
    free: tm.available,
    registeredSlots: tm.defaultNumSlots,
    freeSlots: tracker.numberFreeSlotsOf(tm),
    slots: tracker.slotsOf(tm).map((s) => ({ index: -1, job: s.job, profile: s.profile })),
    idleSince: tm.idleSince,
    blocked: tm.blocked,
    unwanted: tracker.unwanted.has(tm.id),
  };
}

export function pendingTaskManagerStates(tracker: FineGrainedTaskManagerTracker): PendingTaskManagerState[] {
  return [...tracker.pendingInOrder()].map((p) => ({
    id: p.id,
    total: p.total,
    numberOfSlots: p.numberOfSlots,
    allocations: new Map([...tracker.allocationsOf(p)].map(([job, c]) => [job, c.toList()])),
  }));
}
