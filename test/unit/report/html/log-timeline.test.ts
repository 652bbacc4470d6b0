/**
 * `flinkslot report LOG`'s timeline picture (log-timeline.ts) and page (log-page.ts), from a
 * hand-built LogExplanation: the structure of the SVG, reduction to pixel columns, and input text
 * reaching markup escaped.
 */
import { describe, expect, it } from 'vitest';
import { buildExplainReport } from '../../../../src/report/explain/explain-report.js';
import { renderLogPage } from '../../../../src/report/html/log-page.js';
import { logTimelineSvg, stepPath } from '../../../../src/report/html/log-timeline.js';
import { JOB, TIMELINE, entry, explanation } from '../../../support/log-explanation.js';
import { structure } from './support.js';

const INDEX = new Map([[JOB, 0]]);

describe('the timeline of a log', () => {
  it('draws required and held slots per job, the TaskManagers, and marks when it gave up', () => {
    expect(structure(logTimelineSvg(TIMELINE, INDEX))).toMatchSnapshot();
  });

  it('draws workers requested and registered and TaskManagers lost', () => {
    const svg = logTimelineSvg(
      [
        entry(1, 0, 'worker-requested', 'Requesting new worker'),
        entry(2, 100, 'worker-requested', 'Requesting new worker'),
        entry(3, 2000, 'worker-registered', 'Worker tm-a is registered.'),
        entry(4, 2100, 'taskmanager-registered', 'Registering TaskManager tm-a', { taskManager: 'tm-a' }),
        entry(5, 60_000, 'taskmanager-lost', 'The heartbeat of TaskManager with id tm-a timed out.', { taskManager: 'tm-a' }),
      ],
      INDEX,
    );
    expect(svg).toContain('class="workers-requested"');
    expect(svg).toContain('class="workers-registered"');
    expect(svg).toContain('class="taskmanagers"');
    expect(svg).toContain('class="event lost" data-entries="1"');
    expect(svg).not.toContain('class="event gave-up" data-entries');
  });

  it('reduces 200,000 entries to the pixel columns of the chart', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => entry(i + 1, i * 10, 'slots', 'x', { job: JOB, acquiredSlots: i % 7 }));
    const svg = logTimelineSvg(many, INDEX);
    const d = /class="line" d="([^"]*)"/.exec(svg)![1]!;
    // At most one H and three V per column of the 836-pixel plot.
    expect(d.split('H').length).toBeLessThanOrEqual(840);
    expect(svg.length).toBeLessThan(200_000);
  });

  it('places entries in the order of the log when it has no timestamps', () => {
    const untimed = TIMELINE.map((e) => ({ ...e, offset: undefined }));
    expect(logTimelineSvg(untimed, INDEX)).toContain('in the order of the log (it has no timestamps)');
  });

  it('a step path starts at zero and ends at the right edge', () => {
    const d = stepPath(
      [
        [0, 2],
        [5, 4],
      ],
      10,
      { top: 0, height: 100, max: 4 },
    );
    expect(d).toBe('M48 100H48V100V50V50H466V50V0V0H884');
  });
});

describe('the page of a log', () => {
  it('puts the diagnosis and the fixes first, escapes the log text, and has no script', () => {
    const evil = explanation({
      diagnosis: { code: 'slots/not-enough', message: 'needs <b>4</b>', fixes: [{ text: 'add <script>', proven: true }], evidence: [] },
    });
    const html = renderLogPage({
      title: 'flinkslot report: jobmanager.log',
      generator: 'flinkslot test',
      report: buildExplainReport(evil, ['jobmanager.log']),
      timeline: evil.timeline,
      taskManagerRows: 500,
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('needs &lt;b&gt;4&lt;/b&gt;');
    expect(html).toContain('add &lt;script&gt; <span class="proven">(proven by a replay)</span>');
    expect(html.indexOf('id="diagnosis"')).toBeLessThan(html.indexOf('id="timeline"'));
    expect(structure(html.slice(html.indexOf('<main>'), html.indexOf('</main>') + 7))).toMatchSnapshot();
  });
});
