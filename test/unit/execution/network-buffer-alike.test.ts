/**
 * TaskManagers holding the same slot contents in the same order are counted once
 * (network-buffer-alike.ts): the figures equal counting every TaskManager, and the work — tasks
 * counted, an operation count, no clock — is one TaskManager per pattern, whatever the parallelism.
 */
import { describe, expect, it } from 'vitest';
import { alikeTaskManagers } from '../../../src/execution/network-buffer-alike.js';
import { buffersEveryTaskManager, buffersPerTaskManager } from '../../../src/execution/network-buffer-demand.js';
import { type Data, bufferPlanOf, inOrder, jobData } from '../../support/network-buffers.js';

/** The bench's shape, smaller: a chain of `n` all-to-all exchanges, the first half `wide` subtasks, the rest `wide / 2`. */
function chain(n: number, wide: number, release = '1.18'): Data {
  const ids = Array.from({ length: n }, (_, i) => `v${i}`);
  return jobData(
    release,
    ids.map((id, i): [string, number] => [id, i < n / 2 ? wide : wide / 2]),
    ids.slice(1).map((id, i) => [ids[i]!, id, 'ALL_TO_ALL', 'PIPELINED_BOUNDED']),
  );
}

function counted(data: Data, slotsPerTaskManager: number) {
  const plan = bufferPlanOf(data);
  const placement = inOrder(plan.slotCount, slotsPerTaskManager);
  const shared = { tasks: 0 };
  const every = { tasks: 0 };
  const tms = buffersPerTaskManager(plan, placement, 0, shared);
  expect(tms).toEqual(buffersEveryTaskManager(plan, placement, 0, every));
  return { tms, shared: shared.tasks, every: every.tasks };
}

describe('TaskManagers counted alike', () => {
  it('a chain of 10 all-to-all vertices of 400/200 subtasks, 4 slots per TaskManager: 2 patterns, 60 tasks counted instead of 3000', () => {
    // TaskManagers 0–49 hold 4 slots of all 10 vertices, 50–99 4 slots of the first 5.
    const run = counted(chain(10, 400), 4);
    expect(run.tms).toHaveLength(100);
    expect(run.every).toBe(400 * 5 + 200 * 5);
    expect(run.shared).toBe(4 * 10 + 4 * 5);
    expect(run.tms[0]).toBe(run.tms[49]);
    expect(run.tms[50]).toBe(run.tms[99]);
  });

  it('the same job 4 times wider: still 60 tasks counted', () => {
    const run = counted(chain(10, 1600), 4);
    expect(run.every).toBe(1600 * 5 + 800 * 5);
    expect(run.shared).toBe(60);
  });

  it('402/201 subtasks: the TaskManager across the boundary and the last, partly used one are patterns of their own (95 tasks)', () => {
    // 201 slots of 10 vertices, then 201 of 5: TaskManager 50 holds 1 + 3, TaskManager 100 the last 2.
    const run = counted(chain(10, 402), 4);
    expect(run.tms).toHaveLength(101);
    expect(run.shared).toBe(4 * 10 + (10 + 3 * 5) + 4 * 5 + 2 * 5);
    expect(run.tms[50]!.required).not.toBe(run.tms[0]!.required);
    expect(run.tms[100]!.required).not.toBe(run.tms[99]!.required);
  });

  it('1.10 and 1.11 (requests task by task) are counted alike too', () => {
    for (const release of ['1.10', '1.11']) expect(counted(chain(6, 60, release), 3).shared).toBe(3 * 6 + 3 * 3);
  });

  it('a TaskManager with an unplaced slot or no slot at all is a pattern like any other', () => {
    const plan = bufferPlanOf(chain(4, 8));
    const placement = inOrder(plan.slotCount, 2);
    // Slots 0–3 hold all 4 vertices, 4–7 the first 2; TaskManager 1 keeps slot 2 only, 4 and 5 hold none.
    placement[3] = -1;
    expect(buffersPerTaskManager(plan, placement, 6)).toEqual(buffersEveryTaskManager(plan, placement, 6));
    expect(Array.from(alikeTaskManagers(plan, placement, 6)!)).toEqual([0, 1, 2, 2, 4, 4]);
  });

  it('a forward exchange inside one slot sharing group keeps the job counted alike', () => {
    const data = jobData(
      '1.18',
      [
        ['source', 8],
        ['map', 8],
        ['sink', 8],
      ],
      [
        ['source', 'map', 'POINTWISE', 'PIPELINED_BOUNDED'],
        ['map', 'sink', 'ALL_TO_ALL', 'PIPELINED_BOUNDED'],
      ],
    );
    expect(counted(data, 2).shared).toBe(2 * 3);
  });
});

describe('jobs whose subtask index matters are counted TaskManager by TaskManager', () => {
  const each = (data: Data): boolean => {
    const plan = bufferPlanOf(data);
    return alikeTaskManagers(plan, inOrder(plan.slotCount, 2), 0) === undefined;
  };

  it('a batch job (each subtask has its wave)', () => {
    expect(each({ ...chain(4, 8), mode: 'batch' })).toBe(true);
  });

  it('POINTWISE from fewer to more subtasks (a producer feeds 1 or 2 consumers) or from more to fewer (a consumer reads several)', () => {
    const pointwise = (s: number, t: number) =>
      jobData(
        '1.18',
        [
          ['a', s],
          ['b', t],
        ],
        [['a', 'b', 'POINTWISE', 'PIPELINED_BOUNDED']],
      );
    expect(each(pointwise(3, 4))).toBe(true);
    expect(each(pointwise(4, 3))).toBe(true);
    expect(each(pointwise(4, 4))).toBe(false);
  });

  it('a forward exchange between two slot sharing groups (producer i is not in the slot of consumer i)', () => {
    const data = {
      flinkVersion: '1.18',
      vertices: [
        { id: 'source', parallelism: 4, slotSharingGroup: 'a' },
        { id: 'sink', parallelism: 4, slotSharingGroup: 'b' },
      ],
      edges: [{ source: 'source', target: 'sink', distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' }],
    };
    expect(each(data)).toBe(true);
    const plan = bufferPlanOf(data);
    const placement = inOrder(plan.slotCount, 3);
    expect(buffersPerTaskManager(plan, placement)).toEqual(buffersEveryTaskManager(plan, placement));
  });
});
