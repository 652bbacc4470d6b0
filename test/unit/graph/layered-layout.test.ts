import { describe, expect, it } from 'vitest';
import { layoutLeftToRight } from '../../../src/graph/layered-layout.js';

describe('layoutLeftToRight', () => {
  const boxes = [
    { width: 100, height: 40 },
    { width: 60, height: 40 },
    { width: 80, height: 40 },
  ];

  it('places a chain left to right, each box after the one it comes from, inside the picture', () => {
    const layout = layoutLeftToRight(boxes, [
      { source: 0, target: 1, weight: 1 },
      { source: 1, target: 2, weight: 1 },
    ]);
    const [a, b, c] = layout.places;
    expect(b!.x).toBeGreaterThanOrEqual(a!.x + boxes[0]!.width);
    expect(c!.x).toBeGreaterThanOrEqual(b!.x + boxes[1]!.width);
    expect(layout.width).toBeGreaterThanOrEqual(c!.x + boxes[2]!.width);
    for (const p of layout.places) expect(p.y).toBeGreaterThanOrEqual(0);
  });

  it('routes each line, in the order given, from its source box to its target box', () => {
    const layout = layoutLeftToRight(boxes, [
      { source: 0, target: 2, weight: 3 },
      { source: 0, target: 1, weight: 1 },
    ]);
    expect(layout.routes).toHaveLength(2);
    const [toC] = layout.routes;
    expect(toC![0]!.x).toBeLessThan(toC![toC!.length - 1]!.x);
    expect(toC![toC!.length - 1]!.x).toBeCloseTo(layout.places[2]!.x, 0);
  });

  it('an empty graph is an empty picture', () => {
    expect(layoutLeftToRight([], [])).toMatchObject({ places: [], routes: [] });
  });
});
