/**
 * `plan --format dot|mermaid` (issue 17 §1) end to end; the dot text is drawn by the real Graphviz
 * (`dot -Tsvg`, Debian's graphviz, which .ci/run installs when missing).
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

const hasDot = spawnSync('which', ['dot']).status === 0;
beforeAll(() => ensureBuilt());

describe('plan --format', () => {
  it.runIf(hasDot)('dot: Graphviz draws every vertex of a batch job, blocking edges dashed', () => {
    const run = runCli(['plan', 'fixtures/jobs/batch-tpch-q3.yaml', '--format', 'dot']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const svg = spawnSync('dot', ['-Tsvg'], { input: run.stdout, encoding: 'utf8' });
    expect([svg.status, svg.stderr]).toEqual([0, '']);
    // One SVG node per vertex, titled with its dot id.
    const ids = [...run.stdout.matchAll(/^ {4}(v\d+) \[label=/gm)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(3);
    expect([...svg.stdout.matchAll(/<g id="node\d+" class="node">\n<title>(v\d+)<\/title>/g)].map((m) => m[1]).sort()).toEqual(ids.sort());
    expect(svg.stdout).toContain('stroke-dasharray');
  });

  it.skipIf(hasDot)('dot: skipped, Graphviz is not installed (apt-get install graphviz)', () => undefined);

  it('mermaid: a flowchart with one subgraph per slot sharing group', () => {
    const run = runCli(['plan', 'fixtures/jobs/wordcount-streaming.yaml', '--format', 'mermaid']);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l.trimStart().startsWith('subgraph'))).toEqual([
      '  subgraph g0["slot sharing group default · 8 slots"]',
      '  subgraph g1["slot sharing group python · 2 slots"]',
    ]);
  });

  it('--format with --json, or an unknown format, is a usage error', () => {
    expect(runCli(['plan', 'fixtures/jobs/wordcount-streaming.yaml', '--format', 'dot', '--json']).status).toBe(2);
    expect(runCli(['plan', 'fixtures/jobs/wordcount-streaming.yaml', '--format', 'png']).status).toBe(2);
  });
});
