/**
 * The max parallelism rule (issue 25 §3), with the values of Flink's own tests:
 * flink-runtime/src/test/.../scheduler/SchedulerBaseComputeVertexParallelismTest.java and
 * .../scheduler/adaptive/AdaptiveSchedulerComputeReactiveModeVertexParallelismTest.java
 * (parallelism, configured max parallelism or -1, expected max parallelism).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/errors/diagnostic.js';
import { parseJobGraph } from '../../../src/parse/parse-job-graph.js';
import {
  checkPipelineMaxParallelism,
  computeDefaultMaxParallelism,
  maxParallelismOf,
  withPipelineMaxParallelism,
} from '../../../src/parse/parallelism-rules.js';

const UNSET = -1;

describe('maxParallelismOf: Flink test values', () => {
  it.each([
    [1, UNSET, 128],
    [171, UNSET, 256],
    [172, UNSET, 512],
    [32768, UNSET, 32768],
    [4, 32768, 32768],
    [4, 7, 7],
  ])('parallelism %i, configured %i: max parallelism %i', (parallelism, configured, expected) => {
    const max = maxParallelismOf(configured === UNSET ? undefined : configured, undefined, parallelism);
    expect(max).toEqual({ value: expected, source: configured === UNSET ? 'parallelism' : 'vertex' });
  });

  it('p + p/2 with integer division, rounded up to a power of two (171 + 85 = 256, 172 + 86 = 258 → 512)', () => {
    expect([85, 86, 170, 171, 172, 21845, 21846].map(computeDefaultMaxParallelism)).toEqual([128, 256, 256, 256, 512, 32768, 32768]);
  });

  it("the vertex's own wins over pipeline.max-parallelism, which wins over the derived value; -1 (unset) counts as 1", () => {
    expect(maxParallelismOf(300, 64, 8)).toEqual({ value: 300, source: 'vertex' });
    expect(maxParallelismOf(undefined, 64, 8)).toEqual({ value: 64, source: 'pipeline.max-parallelism' });
    expect(maxParallelismOf(undefined, undefined, 200)).toEqual({ value: 512, source: 'parallelism' });
    expect(maxParallelismOf(undefined, undefined, -1)).toEqual({ value: 128, source: 'parallelism' });
  });
});

describe('pipeline.max-parallelism', () => {
  const messages = (value: number): string[] => {
    const out: Diagnostic[] = [];
    checkPipelineMaxParallelism(value, '/maxParallelism', out);
    return out.map((d) => `${d.message} [${d.code}]`);
  };

  it('is checked as ExecutionConfig.setMaxParallelism and Transformation.setMaxParallelism check it', () => {
    expect(messages(0)).toEqual(['The maximum parallelism must be greater than 0. [input/parallelism]']);
    expect(messages(32769)).toEqual(['Maximum parallelism must be between 1 and 32768. Found: 32769 [input/parallelism]']);
    expect(messages(32768)).toEqual([]);
  });

  const graph = (text: string) => {
    const parsed = parseJobGraph(text, 'job.yaml');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
    return parsed.value;
  };

  it("a job graph's maxParallelism applies to the vertices without their own", () => {
    const g = graph('maxParallelism: 64\nvertices: [{id: a, parallelism: 8}, {id: b, parallelism: 8, maxParallelism: 4096}]\n');
    expect(g.vertices.map((v) => [v.maxParallelism, v.maxParallelismSource, v.maxParallelismConfigured])).toEqual([
      [64, 'pipeline.max-parallelism', true],
      [4096, 'vertex', true],
    ]);
  });

  it("a job graph's maxParallelism out of bounds, or below a vertex's parallelism, is refused as Flink refuses it", () => {
    const refused = (text: string) => {
      const parsed = parseJobGraph(text, 'job.yaml');
      return parsed.ok ? [] : parsed.diagnostics.map((d) => [d.message, d.location?.pointer]);
    };
    expect(refused('maxParallelism: 0\nvertices: [{id: a}]\n')).toEqual([
      ['The maximum parallelism must be greater than 0.', '/maxParallelism'],
    ]);
    expect(refused('maxParallelism: 16\nvertices: [{id: a, parallelism: 20}]\n')).toEqual([
      [
        "Vertex a's parallelism (20) is higher than the max parallelism (16). Please lower the parallelism or increase the max parallelism.",
        '/vertices/0/parallelism',
      ],
    ]);
  });

  it("a configuration's value replaces only derived max parallelisms, and a parallelism above it is refused", () => {
    const g = graph('vertices: [{id: a, parallelism: 8}, {id: b, parallelism: 2, maxParallelism: 2}]\n');
    const applied = withPipelineMaxParallelism(g, 16, '/pipeline.max-parallelism');
    expect(applied.diagnostics).toEqual([]);
    expect(applied.graph.vertices.map((v) => [v.maxParallelism, v.maxParallelismSource])).toEqual([
      [16, 'pipeline.max-parallelism'],
      [2, 'vertex'],
    ]);
    const below = withPipelineMaxParallelism(g, 4, '/pipeline.max-parallelism');
    expect(below.diagnostics.map((d) => d.message)).toEqual([
      "Vertex a's parallelism (8) is higher than the max parallelism (4). Please lower the parallelism or increase the max parallelism.",
    ]);
  });
});
