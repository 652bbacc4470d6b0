/**
 * The whole page (renderHtmlReport through reportFromTexts): self-contained, names from input
 * escaped, managed memory drawn as Flink reserves it, TaskManagers as rows of slots.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportFromTexts } from '../../../../src/index.js';
import { memorySection } from '../../../../src/report/html/memory-section.js';
import { ROOT } from '../../../support/root.js';
import { jobText, reportJob } from './support.js';

const fixture = (path: string) => ({ text: readFileSync(join(ROOT, path), 'utf8'), file: path });

function page(options: Omit<Parameters<typeof reportFromTexts>[0], 'generator'>): string {
  const r = reportFromTexts({ generator: 'flinkslot test', ...options });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.value.html;
}

describe('a self-contained page', () => {
  const html = page({
    files: [fixture('fixtures/jobs/wordcount-streaming.yaml')],
    cluster: fixture('fixtures/clusters/standalone-4x4.yaml'),
  });

  it('has no script, fetches nothing, and says so to the browser', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\((?!#)/i);
    const urls = [...html.matchAll(/https?:\/\/[^\s"'<)]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(new Set(['http://www.w3.org/2000/svg']));
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).toContain('@media (prefers-color-scheme: dark)');
  });

  it('draws every vertex and every TaskManager', () => {
    for (const id of ['source', 'window', 'enrich', 'sink']) expect(html).toContain(`data-vertex="${id}"`);
    for (const tm of ['tm-1', 'tm-2', 'tm-3', 'tm-4']) expect(html).toContain(`data-task-manager="${tm}"`);
    // wordcount holds 10 slots on 16: 6 hollow.
    expect(html.match(/class="free" x=/g)).toHaveLength(6);
  });
});

describe('names from input', () => {
  const evil = 'job</title><script>alert(1)</script>\u001b[31m\u202e';
  const html = page({ files: [{ text: jobText(['a:1', 'b:1'], ['a>b'], evil), file: 'evil.yaml' }] });

  it('are escaped as text: no markup, no control characters, no bidirectional override', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('job&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;\\u001b[31m\\u202e');
    expect(html).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
  });
});

describe('managed memory within one slot', () => {
  it('draws a slot-scope use case once, as the reservation the operators share', () => {
    const text = `name: keyed
flinkVersion: "1.20"
managedMemoryConfig: {stateBackend: rocksdb, slotManagedMemory: 1g}
vertices:
  - {id: a, parallelism: 2, operators: [{id: a1, managedMemory: {slotScope: [STATE_BACKEND]}}]}
  - {id: b, parallelism: 2, operators: [{id: b1, managedMemory: {slotScope: [STATE_BACKEND]}}, {id: b2, managedMemory: {operatorScope: {OPERATOR: 100}}}]}
edges:
  - {source: a, target: b, distribution: ALL_TO_ALL}
`;
    const job = reportJob(text);
    const html = memorySection(job.plan);
    expect(html).toContain('one reservation shared by 2 operator(s)');
    // Two reservations in the bar: the shared STATE_BACKEND and b2's own OPERATOR share; 100% in all.
    expect(html.match(/<g><title>/g)).toHaveLength(2);
    expect(html).toContain('one slot of 1 GiB, 100% reserved, for 3 operator(s)');
    expect(html).toContain('STATE_BACKEND (shared)');
  });

  it('says when no operator declares managed memory', () => {
    expect(memorySection(reportJob(jobText(['a:1'], [])).plan)).toContain('No operator declares managed memory');
  });
});

describe('collapsed graphs', () => {
  it('say they are collapsed, how, and still list every vertex', () => {
    const vertices = Array.from({ length: 12 }, (_, i) => `v${i}:2`);
    const edges = Array.from({ length: 11 }, (_, i) => `v${i}>v${i + 1}`);
    const html = page({ files: [{ text: jobText(vertices, edges), file: 'chain.yaml' }], limits: { vertices: 5 } });
    expect(html).toContain('data-collapsed="chains"');
    expect(html).toContain('12 vertices are more than the 5 drawn one by one (--max-vertices)');
    for (let i = 0; i < 12; i++) expect(html).toContain(`data-vertex-row="v${i}"`);
  });
});

describe('a graph not drawn', () => {
  it('still lists every vertex, with no node to point at', () => {
    const html = page({
      files: [{ text: jobText(['a:1:x', 'b:1:y', 'c:1:z'], ['a>b', 'b>c']), file: 'groups.yaml' }],
      limits: { vertices: 2 },
    });
    expect(html).toContain('3 vertices in 3 slot sharing groups: even one node per group would be more than the 2 nodes drawn');
    expect(html).not.toContain('NaN');
    expect(html.match(/<td class="n">—<\/td>/g)).toHaveLength(3);
  });
});

describe('what the page is made of', () => {
  it('one scenario or a cluster, not both: refused with what to do', () => {
    const r = reportFromTexts({
      generator: 'flinkslot test',
      files: [fixture('fixtures/scenarios/rolling-jobs.yaml'), fixture('fixtures/scenarios/rolling-jobs.yaml')],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        'usage/report-inputs',
        'fixtures/scenarios/rolling-jobs.yaml is a scenario, with its own cluster and timeline: give either one scenario or --cluster, not also a second scenario, fixtures/scenarios/rolling-jobs.yaml',
      ],
    ]);
  });
});
