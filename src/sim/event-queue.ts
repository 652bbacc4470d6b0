/**
 * The discrete-event queue: entries leave in (time, priority, insertion) order, so two runs of the
 * same input take the same path. A binary heap, plus a sorted run: an entry that comes no earlier
 * than the run's last one is appended there instead. A scenario's timeline is pushed in time order
 * up front, so it waits in the run at O(1) and the heap only holds the work scheduled on the way.
 * Cancelled entries are skipped when they surface.
 */
export interface Scheduled<T> {
  readonly time: number;
  readonly priority: number;
  readonly seq: number;
  readonly payload: T;
  cancelled: boolean;
}

function before<T>(a: Scheduled<T>, b: Scheduled<T>): boolean {
  if (a.time !== b.time) return a.time < b.time;
  if (a.priority !== b.priority) return a.priority < b.priority;
  return a.seq < b.seq;
}

export class EventQueue<T> {
  private readonly heap: Scheduled<T>[] = [];
  private run: Scheduled<T>[] = [];
  private runHead = 0;
  private seq = 0;

  push(time: number, priority: number, payload: T): Scheduled<T> {
    const entry: Scheduled<T> = { time, priority, seq: this.seq++, payload, cancelled: false };
    const last = this.run[this.run.length - 1];
    if (this.runHead === this.run.length || !before(entry, last!)) {
      this.run.push(entry);
    } else {
      this.heap.push(entry);
      this.siftUp(this.heap.length - 1);
    }
    return entry;
  }

  /** The earliest live entry, without removing it. */
  peek(): Scheduled<T> | undefined {
    while (this.heap.length > 0 && this.heap[0]!.cancelled) this.removeTop();
    while (this.runHead < this.run.length && this.run[this.runHead]!.cancelled) this.shiftRun();
    const fromRun = this.run[this.runHead];
    const fromHeap = this.heap[0];
    if (fromRun === undefined) return fromHeap;
    return fromHeap !== undefined && before(fromHeap, fromRun) ? fromHeap : fromRun;
  }

  pop(): Scheduled<T> | undefined {
    const top = this.peek();
    if (top === undefined) return undefined;
    if (top === this.heap[0]) this.removeTop();
    else this.shiftRun();
    return top;
  }

  get size(): number {
    return this.heap.length + this.run.length - this.runHead;
  }

  private shiftRun(): void {
    this.run[this.runHead++] = undefined as unknown as Scheduled<T>;
    if (this.runHead === this.run.length) {
      this.run = [];
      this.runHead = 0;
    } else if (this.runHead >= 4096 && this.runHead * 2 >= this.run.length) {
      this.run = this.run.slice(this.runHead);
      this.runHead = 0;
    }
  }

  private removeTop(): void {
    const last = this.heap.pop()!;
    if (this.heap.length === 0) return;
    this.heap[0] = last;
    this.siftDown(0);
  }

  private siftUp(i: number): void {
    const h = this.heap;
    const item = h[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(item, h[parent]!)) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = item;
  }

  private siftDown(i: number): void {
    const h = this.heap;
    const item = h[i]!;
    const n = h.length;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(h[child + 1]!, h[child]!)) child++;
      if (!before(h[child]!, item)) break;
      h[i] = h[child]!;
      i = child;
    }
    h[i] = item;
  }
}
