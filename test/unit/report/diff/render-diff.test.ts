/** The diff report as text and Markdown: both written from one section list (diff-document.ts). */
import { describe, expect, it } from 'vitest';
import type { PlanDiff } from '../../../../src/plan/diff/plan-diff-model.js';
import { renderDiff } from '../../../../src/report/diff/render-diff.js';
import { type Style, PLAIN } from '../../../../src/report/style.js';
import { type Job, diffOf as diff, streaming } from '../../../support/diff-jobs.js';

const renderDiffText = (d: PlanDiff, style: Style, oldFile: string, newFile: string): string =>
  renderDiff(d, 'text', { style, oldFile, newFile });
const renderDiffMarkdown = (d: PlanDiff, oldFile: string, newFile: string): string => renderDiff(d, 'markdown', { oldFile, newFile });

describe('renderDiff text', () => {
  it('headline with the change in minimum slots, sections for what changed', () => {
    const out = renderDiffText(diff(streaming(), streaming({ window: 12, sinkGroup: 'sinks' })), PLAIN, 'old.json', 'new.json');
    expect(out).toContain('Plan diff old.json → new.json');
    expect(out).toContain('Minimum slots 8 → 16 (+8)');
    expect(out).toContain('Grew: slots');
    expect(out).toMatch(/^\s+sinks\s+added\s+4\s+UNKNOWN\s+sink$/m);
    expect(out).toMatch(/^\s+window\s+parallelism\s+8 → 12 \(\+4\)$/m);
    expect(out).not.toMatch(/[ \t]+$/m);
  });

  it('"no differences" when the plans are equal', () => {
    const out = renderDiffText(diff(streaming(), streaming()), PLAIN, 'a.yaml', 'b.yaml');
    expect(out).toContain('No differences');
    expect(out).not.toContain('Slot sharing groups');
  });

  it('operators in bytes with a tm-config', () => {
    const out = renderDiffText(
      diff(streaming(), { ...streaming(), managedMemoryConfig: { stateBackend: 'rocksdb', slotManagedMemory: '1gb' } }),
      PLAIN,
      'a',
      'b',
    );
    expect(out).toContain('slot managed memory 512 MiB → 1 GiB');
    expect(out).toMatch(/window\s+agg\s+STATE_BACKEND\s+1\s+512 MiB → 1 GiB \(\+512 MiB\)/);
    expect(out).toContain('Grew: memory');
  });
});

describe('renderDiff markdown', () => {
  it('a heading, a summary table and one section per change', () => {
    const out = renderDiffMarkdown(diff(streaming(), streaming({ window: 12 })), 'old.yaml', 'new.yaml');
    expect(out.split('\n')[0]).toBe('### flinkslot diff: `old.yaml` → `new.yaml`');
    expect(out).toContain('**Minimum slots 8 → 12 (+4)**');
    expect(out).toContain('| Minimum slots | 8 | 12 | **+4** |');
    expect(out).toContain('#### Vertices');
    expect(out).toContain('| `window` | parallelism | 8 → 12 (+4) |');
    expect(out).not.toContain('<details>');
  });

  it('folds long lists into <details>', () => {
    const many: Job = {
      ...streaming(),
      vertices: [...streaming().vertices, ...Array.from({ length: 12 }, (_, i) => ({ id: `extra-${i}`, parallelism: 1 }))],
    };
    const out = renderDiffMarkdown(diff(streaming(), many), 'a', 'b');
    expect(out).toMatch(/#### Vertices\n\n<details><summary>12 changes<\/summary>\n\n\| Vertex \| Change \| Detail \|/);
    expect(out).toContain('</details>');
  });

  it('escapes table cells', () => {
    const job = (p: number): Job => ({ vertices: [{ id: 'a|b', parallelism: p }] });
    const out = renderDiffMarkdown(diff(job(1), job(2)), 'x', 'y');
    expect(out).toContain('| `a\\|b` | parallelism | 1 → 2 (+1) |');
  });

  it('says so when nothing changed', () => {
    expect(renderDiffMarkdown(diff(streaming(), streaming()), 'a', 'b')).toContain('**No differences**');
  });
});
