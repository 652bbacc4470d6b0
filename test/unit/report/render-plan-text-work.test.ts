/**
 * The plan's text of a large job labels the vertices it shows, not every vertex of every group,
 * region and component (issue 29 §3): counted as look-ups of the vertex names, which do not grow
 * with the job when --limit bounds the rows.
 */
import { describe, expect, it } from 'vitest';
import { randomJobGraph } from '../../../bench/generate.js';
import { planFromText } from '../../../src/app/plan.js';
import type { PlanReport } from '../../../src/report/plan-report.js';
import { renderPlanText } from '../../../src/report/render-plan-text.js';

/** The text of an n-vertex job's plan, and how many times it looked a vertex name up. */
function lookUps(n: number): { text: string; lookUps: number } {
  const plan = planFromText(JSON.stringify(randomJobGraph(n, 7)));
  if (!plan.ok) throw new Error('generated job rejected');
  let count = 0;
  const names = new Proxy(plan.value.vertexNames ?? {}, {
    get(target, key) {
      count++;
      return Reflect.get(target, key) as unknown;
    },
  });
  const report: PlanReport = { ...plan.value, vertexNames: names };
  const text = renderPlanText(report, { limit: 50 });
  expect(text).toBe(renderPlanText(plan.value, { limit: 50 }));
  return { text, lookUps: count };
}

describe('renderPlanText on a large job', () => {
  it('looks up about as many names for 4,000 vertices as for 2,000: only those of the rows shown', () => {
    const small = lookUps(2_000);
    const large = lookUps(4_000);
    expect(large.text).toContain('… ');
    expect(large.lookUps).toBeLessThan(1_000);
    expect(large.lookUps).toBeLessThan(small.lookUps * 1.5);
  });
});
