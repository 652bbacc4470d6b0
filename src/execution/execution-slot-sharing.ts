/** The result of a slot sharing strategy: which subtasks share one physical slot. */
export interface ExecutionSlotSharing {
  /** Number of execution slot sharing groups (= physical slots requested). */
  readonly count: number;
  /** Execution slot sharing group of every subtask. */
  readonly groupOf: Int32Array;
  /** Slot sharing group of every execution slot sharing group. */
  readonly slotSharingGroupOf: readonly number[];
}

export type SlotSharingStrategy = 'LOCAL_INPUT_PREFERRED' | 'TASK_BALANCED';

/** Mutable bookkeeping shared by both strategies. */
export class SlotAssignment {
  readonly groupOf: Int32Array;
  readonly slotSharingGroupOf: number[] = [];
  /** Per execution slot sharing group: the job vertex that last received a subtask in it. */
  readonly lastVertex: number[] = [];
  readonly load: number[] = [];
  /** Per co-location group: subtask index → execution slot sharing group. */
  readonly constraints = new Map<number, number[]>();

  constructor(subtasks: number) {
    this.groupOf = new Int32Array(subtasks).fill(-1);
  }

  create(slotSharingGroup: number): number {
    this.slotSharingGroupOf.push(slotSharingGroup);
    this.lastVertex.push(-1);
    this.load.push(0);
    return this.slotSharingGroupOf.length - 1;
  }

  /** An execution slot sharing group holds at most one subtask of each job vertex. */
  isAvailable(group: number, vertex: number): boolean {
    return this.lastVertex[group] !== vertex;
  }

  assign(subtask: number, group: number, vertex: number): void {
    this.groupOf[subtask] = group;
    this.lastVertex[group] = vertex;
    this.load[group]!++;
  }

  constraint(coLocationGroup: number | undefined, subtaskIndex: number): number | undefined {
    return coLocationGroup === undefined ? undefined : this.constraints.get(coLocationGroup)?.[subtaskIndex];
  }

  recordConstraints(coLocationGroup: number | undefined, firstSubtask: number, parallelism: number): void {
    if (coLocationGroup === undefined) return;
    let list = this.constraints.get(coLocationGroup);
    if (list === undefined) this.constraints.set(coLocationGroup, (list = []));
    for (let i = 0; i < parallelism; i++) list[i] ??= this.groupOf[firstSubtask + i]!;
  }

  result(): ExecutionSlotSharing {
    return { count: this.slotSharingGroupOf.length, groupOf: this.groupOf, slotSharingGroupOf: this.slotSharingGroupOf };
  }
}
