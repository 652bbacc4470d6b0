/**
 * The event queue hands out entries in (time, priority, insertion) order whatever mix of in-order
 * pushes (the sorted run) and out-of-order pushes (the heap), pops and cancellations it sees.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue, type Scheduled } from '../../src/sim/event-queue.js';

type Op = { op: 'push'; time: number; priority: number } | { op: 'pop' } | { op: 'cancel'; pick: number };

const ops = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        op: fc.constant('push' as const),
        time: fc.integer({ min: 0, max: 20 }),
        priority: fc.integer({ min: 0, max: 3 }),
      }),
    },
    { weight: 3, arbitrary: fc.constant({ op: 'pop' as const }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
  ),
  { maxLength: 200 },
);

describe('EventQueue', () => {
  it('pops live entries in (time, priority, insertion) order', () => {
    fc.assert(
      fc.property(ops, (list: Op[]) => {
        const queue = new EventQueue<number>();
        const model: Scheduled<number>[] = [];
        let n = 0;
        for (const o of list) {
          if (o.op === 'push') model.push(queue.push(o.time, o.priority, n++));
          else if (o.op === 'cancel') {
            const live = model.filter((e) => !e.cancelled);
            if (live.length > 0) live[o.pick % live.length]!.cancelled = true;
          } else {
            const live = model.filter((e) => !e.cancelled).sort((a, b) => a.time - b.time || a.priority - b.priority || a.seq - b.seq);
            const expected = live[0];
            expect(queue.peek()?.payload).toBe(expected?.payload);
            expect(queue.pop()?.payload).toBe(expected?.payload);
            if (expected !== undefined) model.splice(model.indexOf(expected), 1);
          }
        }
        const rest: number[] = [];
        for (let e = queue.pop(); e !== undefined; e = queue.pop()) rest.push(e.payload);
        expect(rest).toEqual(
          model
            .filter((e) => !e.cancelled)
            .sort((a, b) => a.time - b.time || a.priority - b.priority || a.seq - b.seq)
            .map((e) => e.payload),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the order across a long in-order run with entries pushed into its past', () => {
    const queue = new EventQueue<number>();
    for (let i = 0; i < 10_000; i++) queue.push(i * 10, 0, i);
    const out: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const e = queue.pop()!;
      out.push(e.time);
      if (i % 7 === 0) queue.push(e.time + 5, 1, -1);
    }
    expect(out).toEqual([...out].sort((a, b) => a - b));
  });
});
