/**
 * The registered TaskManagers without slots in the order they became idle, so a reconciliation
 * finds those idle for at least `resourcemanager.taskmanager-timeout` without visiting every idle
 * one (Flink's `tryReconcileClusterResources` asks each registered TaskManager `isIdle` and
 * `getIdleSince`). The simulation's clock only moves forward, so the queue is ordered by idle-since;
 * an entry stops counting when its TaskManager takes a slot, goes idle again or leaves. Kept only
 * once a reconciliation asked (a standalone ResourceManager never does): then seeded from the idle
 * TaskManagers, oldest first.
 */
import type { FineGrainedTaskManager } from './fine-grained-task-manager.js';

interface IdleEntry {
  readonly tm: FineGrainedTaskManager;
  readonly since: number;
  live: boolean;
}

export class IdleTaskManagers {
  private queue: IdleEntry[] = [];
  private head = 0;
  private readonly current = new Map<FineGrainedTaskManager, IdleEntry>();
  private kept = false;

  /** `tm` is idle since `since` (not earlier than any time given before). */
  idle(tm: FineGrainedTaskManager, since: number): void {
    if (!this.kept) return;
    this.busy(tm);
    const entry = { tm, since, live: true };
    this.current.set(tm, entry);
    this.queue.push(entry);
  }

  /** `tm` holds a slot again, or left. */
  busy(tm: FineGrainedTaskManager): void {
    const entry = this.current.get(tm);
    if (entry === undefined) return;
    entry.live = false;
    this.current.delete(tm);
  }

  /** Idle TaskManagers with `now - since >= timeout`, in registration order; `idle`: all idle ones, for the first call. */
  timedOut(now: number, timeout: number, idle: () => Iterable<FineGrainedTaskManager>): FineGrainedTaskManager[] {
    if (!this.kept) {
      this.kept = true;
      const seed = [...idle()].sort((a, b) => a.idleSince - b.idleSince || a.index - b.index);
      for (const tm of seed) this.idle(tm, tm.idleSince);
    }
    const kept: IdleEntry[] = [];
    let i = this.head;
    for (; i < this.queue.length; i++) {
      const entry = this.queue[i]!;
      if (!entry.live) continue;
      if (now - entry.since < timeout) break;
      kept.push(entry);
    }
    // The walked part keeps only its live entries, so the next walk does not pass the dead ones again.
    this.head = i - kept.length;
    for (let j = 0; j < kept.length; j++) this.queue[this.head + j] = kept[j]!;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return kept.map((e) => e.tm).sort((a, b) => a.index - b.index);
  }
}
