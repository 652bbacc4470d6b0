import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseGraph } from '../../../../src/plan/graph-collapse.js';
import { layoutJobGraph } from '../../../../src/report/html/job-graph-picture.js';
import { vertexFacts } from '../../../../src/report/html/job-section.js';
import { jobGraphSvg } from '../../../../src/report/html/job-graph-svg.js';
import { jobText, reportJob, structure } from './support.js';

const names = (job: ReturnType<typeof reportJob>) => job.plan.slotSharingGroups.map((g) => g.name);

describe('collapsing a graph above the limit', () => {
  // a>b>c is a chain; d joins it (two inputs into e), f hangs off e in another group.
  const job = reportJob(jobText(['a:2', 'b:2', 'c:2', 'd:2', 'e:2', 'f:2:side'], ['a>b', 'b>c', 'c>e', 'd>e', 'e>f']));
  const facts = vertexFacts(job.graph, job.plan);

  it('draws every vertex when the graph is within the limit', () => {
    const c = collapseGraph(job.graph, facts, 6);
    expect(c.level).toBe('none');
    expect(c.members).toHaveLength(6);
  });

  it('first joins chains within one group and region: a, b, c become one node; the join and the other group stay', () => {
    const c = collapseGraph(job.graph, facts, 5);
    expect(c.level).toBe('chains');
    expect(c.members).toEqual([[0, 1, 2], [3], [4], [5]]);
  });

  it('then the vertices at one depth of a group and region, then a group and region, then a group', () => {
    // Two sources at depth 0 and two sinks at depth 1, no chains to join.
    const wide = reportJob(jobText(['s1:1', 's2:1', 't1:1', 't2:1'], ['s1>t1', 's1>t2', 's2>t1', 's2>t2']));
    const f = vertexFacts(wide.graph, wide.plan);
    expect(collapseGraph(wide.graph, f, 3)).toMatchObject({
      level: 'stages',
      members: [
        [0, 1],
        [2, 3],
      ],
    });
    expect(collapseGraph(wide.graph, f, 1)).toMatchObject({ level: 'regions-and-groups', members: [[0, 1, 2, 3]] });
    const blocking = reportJob(jobText(['s:1', 't:1', 'u:1'], ['s~t', 't~u']));
    expect(collapseGraph(blocking.graph, vertexFacts(blocking.graph, blocking.plan), 1)).toMatchObject({
      level: 'groups',
      members: [[0, 1, 2]],
    });
  });

  it('groups a dense graph even when its nodes fit: lines are bounded too (3 per node allowed)', () => {
    // 60 vertices, every one feeding every later one: 1,770 edges.
    const n = 60;
    const edges = Array.from({ length: n }, (_, a) => Array.from({ length: n - a - 1 }, (_, k) => `v${a}>v${a + k + 1}`)).flat();
    const dense = reportJob(
      jobText(
        Array.from({ length: n }, (_, i) => `v${i}:2`),
        edges,
      ),
    );
    const c = collapseGraph(dense.graph, vertexFacts(dense.graph, dense.plan), 100);
    expect(c.level).toBe('regions-and-groups');
    expect(c.members).toHaveLength(1);
  });

  it('property: every vertex is in exactly one node, and the nodes fit the limit, or the graph is not drawn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 80 }),
        fc.integer({ min: 1, max: 40 }),
        (n, pairs, limit) => {
          const vertices = Array.from({ length: n }, (_, i) => `v${i}:${(i % 3) + 1}${i % 4 === 0 ? ':g' : ''}`);
          const edges = [
            ...new Set(
              pairs
                .map(([a, b, blocking]) => [a % n, b % n, blocking] as const)
                .filter(([a, b]) => a < b)
                .map(([a, b, blocking]) => `v${a}${blocking ? '~' : '>'}v${b}`),
            ),
          ];
          const j = reportJob(jobText(vertices, edges));
          const c = collapseGraph(j.graph, vertexFacts(j.graph, j.plan), limit);
          const seen = c.members.flat().sort((x, y) => x - y);
          expect(seen).toEqual(Array.from({ length: n }, (_, i) => i));
          c.members.forEach((m, node) => m.forEach((v) => expect(c.nodeOf[v]).toBe(node)));
          if (c.level !== 'not-drawn') expect(c.members.length).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the laid-out graph', () => {
  const job = reportJob(jobText(['src:4', 'map:4', 'win:8', 'sink:2:out'], ['src>map', 'map~win', 'win>sink'], 'evil <b>"job"</b>'));
  const picture = layoutJobGraph(job.graph, vertexFacts(job.graph, job.plan), names(job), 120);

  it('places nodes left to right in edge order, without overlapping', () => {
    const xs = picture.nodes.map((n) => n.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (let i = 1; i < picture.nodes.length; i++)
      expect(picture.nodes[i]!.x).toBeGreaterThanOrEqual(picture.nodes[i - 1]!.x + picture.nodes[i - 1]!.width);
    expect(picture.edges.map((e) => e.blocking)).toEqual([false, true, false]);
    for (const e of picture.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
  });

  it('draws regions, groups and blocking edges as the structure says (snapshot of elements, not pixels)', () => {
    const svg = jobGraphSvg(job.graph, job.plan, picture);
    expect(structure(svg)).toMatchSnapshot();
    expect(svg).toContain('aria-label="Job graph of evil &lt;b&gt;&quot;job&quot;&lt;/b&gt;: 4 vertices"');
    expect(svg.match(/class="region"/g)).toHaveLength(2);
    expect(svg.match(/class="edge blocking"/g)).toHaveLength(1);
  });

  it('names a collapsed node by its first vertex and count, and lists members in the hover title', () => {
    const long = reportJob(
      jobText(
        Array.from({ length: 30 }, (_, i) => `v${i}:${i + 1}`),
        Array.from({ length: 29 }, (_, i) => `v${i}>v${i + 1}`),
      ),
    );
    const p = layoutJobGraph(long.graph, vertexFacts(long.graph, long.plan), names(long), 10);
    expect(p.level).toBe('chains');
    const svg = jobGraphSvg(long.graph, long.plan, p);
    expect(svg).toContain('>30 vertices: v0 …</text>');
    expect(svg).toContain('>p=1..30 · region 1</text>');
    expect(svg).toContain('… and 18 more');
    expect(svg).toContain('data-vertices="30"');
  });
});
