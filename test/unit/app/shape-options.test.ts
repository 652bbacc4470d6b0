import { describe, expect, it } from 'vitest';
import { readShapeLimits } from '../../../src/app/shape-options.js';
import { shapesWithin } from '../../../src/app/size-search.js';

const G = 1024n ** 3n;
const limits = (flags: Parameters<typeof readShapeLimits>[0]) => {
  const r = readShapeLimits(flags);
  if (!r.ok) throw new Error(r.diagnostics[0]!.message);
  return r.value;
};

const NINES = '9'.repeat(400);

describe('readShapeLimits', () => {
  it('a memory range doubles with the step half way; a list is taken as it is', () => {
    expect(limits({ tmMemory: '2g..16g' }).memories).toEqual([2n, 3n, 4n, 6n, 8n, 12n, 16n].map((g) => g * G));
    expect(limits({ tmMemory: '1g..5g' }).memories).toEqual([1n * G, (3n * G) / 2n, 2n * G, 3n * G, 4n * G, 5n * G]);
    expect(limits({ tmMemory: '4096m, 2g' }).memories).toEqual([4n * G, 2n * G]);
  });

  it('slots: a range or a list; node and prices', () => {
    expect(limits({ slotRange: '3..6' }).slots).toEqual([3, 4, 5, 6]);
    expect(limits({ slotRange: '2,4' }).slots).toEqual([2, 4]);
    expect(limits({ node: '64g, 16cpu' }).node).toEqual({ cpu: 16, memory: 64n * G });
    expect(limits({ cost: 'memory=0.004,cpu=0.03' }).cost).toEqual({ cpu: 0.03, memoryGiB: 0.004 });
  });

  it.each([
    [{ tmMemory: '16g..2g' }, "--tm-memory '16g..2g': the range must go from a smaller size to a larger one"],
    [{ slotRange: '0..4' }, "--slot-range '0..4': give 1 ≤ FROM ≤ TO, at most 64 values"],
    [{ slotRange: 'many' }, "--slot-range 'many': give FROM..TO or a list of whole numbers from 1 to 10000"],
    [{ node: '64g' }, "--node '64g': give the node's CPU and memory, as 16cpu,64g"],
    [{ cost: 'gpu=1' }, "--cost 'gpu=1': give cpu=PRICE,memory=PRICE (per core-hour, per GiB-hour)"],
    [{ cpuPerSlot: '0' }, "--cpu-per-slot '0': give CPU cores per slot (above 0, at most 64), or a list of them"],
    // Issue 27 §7: 400 digits read as Infinity, and were ranked as a price (or a node) of Infinity.
    [{ cost: `cpu=${NINES}` }, `--cost 'cpu=${NINES}': give cpu=PRICE,memory=PRICE (per core-hour, per GiB-hour)`],
    [{ node: `${NINES}cpu,64g` }, `--node '${NINES}cpu,64g': give the node's CPU and memory, as 16cpu,64g`],
  ])('%j is a usage error: %s', (flags, message) => {
    const r = readShapeLimits(flags);
    expect(r.ok ? undefined : [r.diagnostics[0]!.code, r.diagnostics[0]!.message]).toEqual(['usage/shape', message]);
  });
});

describe('shapesWithin', () => {
  it('keeps the shapes a TaskManager limit and a node allow', () => {
    const shapes = shapesWithin(limits({ tmMemory: '2g,4g,8g', slotRange: '2,4,8', maxTmCpu: 4, node: '16cpu,6g' }));
    expect(shapes.map((s) => [Number(s.memory / G), s.slots, s.cpu])).toEqual([
      [2, 2, 2],
      [2, 4, 4],
      [4, 2, 2],
      [4, 4, 4],
    ]);
  });

  it('tries every CPU per slot given, within the CPU limit', () => {
    const shapes = shapesWithin(limits({ tmMemory: '2g', slotRange: '2,4', cpuPerSlot: '0.5,1', maxTmCpu: 3 }));
    expect(shapes.map((s) => [s.slots, s.cpu])).toEqual([
      [2, 1],
      [2, 2],
      [4, 2],
    ]);
  });
});
