import { describe, expect, it } from 'vitest';
import { planGraphFromText } from '../../../src/face/plan.js';

const job = (name: string) =>
  [
    'name: "evil \\" job"',
    'flinkVersion: "1.18"',
    'vertices:',
    `  - {id: a, name: ${JSON.stringify(name)}, parallelism: 2}`,
    '  - {id: b, parallelism: 2}',
    'edges:',
    '  - {source: a, target: b, distribution: POINTWISE, resultPartitionType: BLOCKING}',
  ].join('\n') + '\n';

const render = (name: string, format: 'dot' | 'mermaid'): string => {
  const r = planGraphFromText(job(name), 'job.yaml', format);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value;
};

describe('the job graph as Graphviz dot', () => {
  it('escapes quotes, backslashes, line breaks and controls in names; a blocking edge is dashed', () => {
    const dot = render('a "quoted" \\ name\nwith \u001b[31m', 'dot');
    expect(dot).toContain('v0 [label="a \\"quoted\\" \\\\ name\\\\u000awith \\\\u001b[31m\\nparallelism 2 · region 1"');
    expect(dot.split('\n')[0]).toBe('digraph "evil \\" job" {');
    expect(dot).toContain('v0 -> v1 [label="POINTWISE\\nBLOCKING", style=dashed];');
    expect(dot).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});

describe('the job graph as Mermaid', () => {
  it('labels cannot end early: quotes, brackets and pipes as entity codes; a blocking edge is dotted', () => {
    const mermaid = render('x"] --> evil[|', 'mermaid');
    expect(mermaid).toContain('v0["x#quot;] --#gt; evil[#124;<br/>parallelism 2 · region 1"]');
    expect(mermaid).toContain('v0 -.->|"POINTWISE BLOCKING"| v1');
    expect(mermaid.split('\n')[0]).toBe('flowchart LR');
  });
});

describe('co-location', () => {
  it('is outlined twice in dot and classed in Mermaid, after the label', () => {
    const text = [
      'name: loop',
      'flinkVersion: "1.18"',
      'vertices:',
      '  - {id: head, parallelism: 2, coLocationGroup: it}',
      '  - {id: tail, parallelism: 2, coLocationGroup: it}',
      'edges:',
      '  - {source: head, target: tail, distribution: POINTWISE}',
    ].join('\n');
    const dot = planGraphFromText(text, 'loop.yaml', 'dot');
    const mermaid = planGraphFromText(text, 'loop.yaml', 'mermaid');
    expect(dot.ok && dot.value).toContain(
      'v0 [label="head\\nparallelism 2 · region 1\\nco-location it", fillcolor="#cfe3f5", peripheries=2];',
    );
    expect(mermaid.ok && mermaid.value).toContain('    v0["head<br/>parallelism 2 · region 1<br/>co-location it"]:::colocated');
  });
});
