/**
 * `flinkslot report` in a real browser (issue 17 §3): Debian's headless Chromium, driven by
 * playwright-core, opens the page from a file:// URL in the light and the dark scheme. It must
 * render without console errors and without a single network request, show every vertex and every
 * TaskManager, and parse the job graph as SVG of the structure the snapshot keeps (not pixels).
 * Screenshots go to test-output/report/. Without Chromium (.ci/run installs it) the suite says so.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';
import { sqlPlanJob, standaloneCluster } from '../support/report-inputs.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const OUTPUT = join(ROOT, 'test-output', 'report');
// As the machine notes say: without these, Chromium reaches for Google's hosts at every start.
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (CHROMIUM === undefined)
  console.warn('report-browser: no Chromium at /usr/bin/chromium (apt-get install chromium): the browser tests are skipped');

/** What the walk below reads of a DOM element (the project's types have no DOM library). */
interface DomElement {
  readonly namespaceURI: string | null;
  readonly tagName: string;
  readonly children: ArrayLike<DomElement>;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

interface Visit {
  readonly page: Page;
  readonly consoleErrors: string[];
  readonly requests: string[];
}

describe.skipIf(CHROMIUM === undefined)('the report in headless Chromium', () => {
  let browser: Browser;
  let dir: string;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    ensureBuilt();
    mkdirSync(OUTPUT, { recursive: true });
    dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-browser-'));
    writeFileSync(join(dir, 'sql.yaml'), sqlPlanJob(66));
    writeFileSync(join(dir, 'c100.yaml'), standaloneCluster(100, 8));
    const make = (name: string, args: string[]): void => {
      const out = join(dir, `${name}.html`);
      const run = runCli(['report', ...args, '-o', out]);
      if (run.status !== 0) throw new Error(run.stderr);
      pages[name] = out;
    };
    make('cluster', [
      '--cluster',
      'fixtures/clusters/standalone-4x4.yaml',
      'fixtures/jobs/wordcount-streaming.yaml',
      'fixtures/jobs/twenty-vertices.json',
    ]);
    make('scenario', ['fixtures/scenarios/rolling-jobs.yaml']);
    make('big', [join(dir, 'sql.yaml'), '--cluster', join(dir, 'c100.yaml')]);
    make('log', ['fixtures/real/logs/02-declarative-standalone-3-slots-need-4/jobmanager.log']);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  async function visit(name: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Visit> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme });
    const consoleErrors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(pages[name]!).href, { waitUntil: 'load' });
    return { page, consoleErrors, requests };
  }

  it('renders the cluster report without console errors or network requests, every vertex and TaskManager visible', async () => {
    const { page, consoleErrors, requests } = await visit('cluster');
    expect(consoleErrors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(pages.cluster!).href]);
    const boxes = await page.$$eval('[data-vertex] rect, [data-task-manager]', (els) =>
      els.map((e) => e.getBoundingClientRect().width > 0),
    );
    expect(boxes.length).toBe(24 + 4);
    expect(boxes.every(Boolean)).toBe(true);
    const ids = await page.$$eval('[data-vertex]', (els) => els.map((e) => e.getAttribute('data-vertex')));
    expect(new Set(ids).size).toBe(24);
    const title = await page.$eval('[data-vertex="window"] > title', (t) => t.textContent);
    expect(title).toContain('slot sharing group default: 8 slots of UNKNOWN');
    await page.screenshot({ path: join(OUTPUT, 'cluster-light.png'), fullPage: true });
    expect(statSync(join(OUTPUT, 'cluster-light.png')).size).toBeGreaterThan(10_000);
    await page.close();
  });

  it('parses the job graph as SVG of the expected structure (snapshot of elements, not pixels)', async () => {
    const { page } = await visit('cluster');
    const tree = await page.$eval('#job-1 svg.graph', (root) => {
      const svg = root as unknown as DomElement;
      const lines: string[] = [];
      const walk = (e: DomElement, depth: number): void => {
        if (e.namespaceURI !== 'http://www.w3.org/2000/svg') lines.push('NOT SVG');
        const keep = ['class', 'data-vertex', 'data-region'].flatMap((a) => (e.hasAttribute(a) ? [`${a}=${e.getAttribute(a)}`] : []));
        lines.push(`${'  '.repeat(depth)}${e.tagName}${keep.length > 0 ? ` ${keep.join(' ')}` : ''}`);
        for (const c of Array.from(e.children)) walk(c, depth + 1);
      };
      walk(svg, 0);
      return lines.join('\n');
    });
    expect(tree).not.toContain('NOT SVG');
    expect(tree).toMatchSnapshot();
    await page.close();
  });

  it('follows the dark scheme, and draws the scenario timeline with its events', async () => {
    const { page, consoleErrors, requests } = await visit('scenario', 'dark');
    expect(consoleErrors).toEqual([]);
    expect(requests).toHaveLength(1);
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(13, 17, 23)');
    // wordcount submitted at 0 and finished at 60 s; etl submitted at 10 s.
    expect(await page.locator('svg.timeline .event').count()).toBe(3);
    expect(await page.locator('svg.timeline .line').count()).toBe(2);
    await page.screenshot({ path: join(OUTPUT, 'scenario-dark.png'), fullPage: true });
    await page.close();
  });

  it('a 200-vertex job on 100 TaskManagers: all drawn, all visible', async () => {
    const { page, consoleErrors, requests } = await visit('big');
    expect(consoleErrors).toEqual([]);
    expect(requests).toHaveLength(1);
    expect(await page.locator('[data-vertex]').count()).toBe(199);
    expect(await page.locator('[data-task-manager]').count()).toBe(100);
    await page.locator('#job-1 .scroll').screenshot({ path: join(OUTPUT, 'big-graph.png') });
    await page.close();
  });

  it('a log (report LOG): the diagnosis on top and the timeline, visible in both schemes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { page, consoleErrors, requests } = await visit('log', scheme);
      expect(consoleErrors).toEqual([]);
      expect(requests).toHaveLength(1);
      expect(await page.locator('#diagnosis h2').textContent()).toBe('Diagnosis: slots/not-enough');
      expect(await page.locator('#diagnosis').isVisible()).toBe(true);
      const timeline = page.locator('svg.log-timeline');
      expect(await timeline.isVisible()).toBe(true);
      expect(await timeline.locator('[data-job] path').count()).toBeGreaterThan(0);
      const box = await timeline.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(0);
      await page.screenshot({ path: join(OUTPUT, `log-${scheme}.png`), fullPage: true });
      await page.close();
    }
  });
});
