/**
 * CI check: every relative link of README.md and docs/**\/*.md resolves (the file exists; a `#anchor`
 * names a heading of that page, as GitHub slugs it). The checker itself is tested on small texts.
 */
import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, githubSlug, relativeLinks } from '../support/markdown-links.js';
import { ROOT } from '../support/root.js';

/** The Markdown files under `dir` (relative to the root), walked by hand: Dirent.parentPath needs Node 20.12. */
const markdownUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? markdownUnder(join(dir, entry.name))
        : entry.isFile() && entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : [],
    )
    .sort();

describe('the project’s Markdown links', () => {
  it('every relative link in README.md and docs/ resolves, anchors included', () => {
    const files = ['README.md', ...markdownUnder('docs')];
    expect(files.length).toBeGreaterThan(5);
    expect(brokenLinks(ROOT, files).map((b) => `${b.file}:${b.line} ${b.target}: ${b.reason}`)).toEqual([]);
  });
});

describe('the link checker', () => {
  it('slugs headings as GitHub does', () => {
    expect(githubSlug('`flinkslot plan FILE`')).toBe('flinkslot-plan-file');
    expect(githubSlug('`--format dot|mermaid`: the job graph as a picture')).toBe('--format-dotmermaid-the-job-graph-as-a-picture');
    expect(githubSlug("Flink's own files, and `flinkslot import FILE`")).toBe('flinks-own-files-and-flinkslot-import-file');
    expect(githubSlug('Live clusters: a JobManager’s REST address')).toBe('live-clusters-a-jobmanagers-rest-address');
    expect(githubSlug('See [the page](x.md) — now')).toBe('see-the-page--now');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n### A\n')]).toEqual(['a', 'a-1', 'a-2']);
  });

  it('reads links outside code only, and skips URLs with a scheme', () => {
    const text = 'see [a](a.md) and `[b](b.md)` and [c](https://x.org)\n```\n[d](d.md)\n```\n![e](img/e.png)\n[f]: f.md\n';
    expect(relativeLinks('README.md', text).map((l) => `${l.line}:${l.target}`)).toEqual(['1:a.md', '5:img/e.png', '6:f.md']);
  });

  it('finds a missing file, a missing heading, and a link that leaves the project', () => {
    const root = mkdtempSync(join(tmpdir(), 'flinkslot-links-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'page.md'), '# The page\n## Second part\n');
    writeFileSync(
      join(root, 'README.md'),
      '[ok](docs/page.md#second-part) [self](#top) [gone](docs/none.md) [bad](docs/page.md#third-part) [out](../x.md) [dir](docs/)\n# Top\n',
    );
    expect(brokenLinks(root, ['README.md']).map((b) => `${b.target}: ${b.reason}`)).toEqual([
      'docs/none.md: no file docs/none.md',
      'docs/page.md#third-part: no heading #third-part in docs/page.md',
      '../x.md: no file ../x.md',
    ]);
  });
});
