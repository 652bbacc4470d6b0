/**
 * `flinkslot explain`'s report builders on a hand-built LogExplanation: the JSON report (valid by
 * schemas/explain.schema.json), and the text and Markdown of its one section document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { render } from '../../../../src/report/render.js';
import { POINT_TEXT, buildExplainReport, cutText } from '../../../../src/report/explain/explain-report.js';
import { LINE_TEXT, fileNamer, offsetText } from '../../../../src/report/explain/explain-document.js';
import { JOB, TIMELINE, entry, explanation, point } from '../../../support/log-explanation.js';
import { ROOT } from '../../../support/root.js';

const schema = (name: string): object => JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(schema('plan.schema.json'));
const validate = ajv.compile(schema('explain.schema.json'));

const FILES = ['jobmanager.log'];

describe('the JSON report', () => {
  it('carries the contract fields, and the schema accepts it', () => {
    const r = buildExplainReport(explanation(), FILES);
    expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(r).toMatchObject({
      flinkVersion: '1.17',
      flinkVersionSource: 'log',
      slotManager: 'declarative',
      resourceManager: 'standalone',
      jobs: [
        {
          id: JOB,
          requiredSlots: 4,
          acquiredSlots: 3,
          verdict: 'never-met',
          status: 'FAILED',
          requirements: [{ profile: 'UNKNOWN', count: 4 }],
        },
      ],
      taskManagers: [{ id: 'tm-1', slots: 3, lost: false }],
      workersRequested: 0,
      diagnosis: { code: 'slots/not-enough', fixes: [{ proven: true }, { proven: false }] },
      files: FILES,
      records: 120,
      recognisedRecords: 9,
    });
    expect(r.diagnosis.evidence[0]).toEqual({
      file: 'jobmanager.log',
      line: 14,
      text: `Could not fulfill resource requirements of job ${JOB}. Free slots: 0`,
      level: 'INFO',
    });
    expect('network' in r).toBe(false);
  });

  it('says null for what the log does not show, and has network only when the log has that failure', () => {
    const r = buildExplainReport(
      explanation({
        flinkVersion: undefined,
        flinkVersionSource: undefined,
        slotManager: undefined,
        resourceManager: undefined,
        deployment: undefined,
        network: { required: 2048, available: 1024, total: 4096, segmentSize: 32768 },
        jobs: [{ id: JOB, requiredSlots: undefined, acquiredSlots: undefined, requirements: [], verdict: 'unknown' }],
        timeline: [entry(3, undefined, 'network', 'Insufficient number of network buffers')],
      }),
      FILES,
    );
    expect(validate(r), JSON.stringify(validate.errors)).toBe(true);
    expect(r).toMatchObject({ flinkVersion: null, flinkVersionSource: null, slotManager: null, resourceManager: null, deployment: null });
    expect(r.jobs[0]).toMatchObject({ requiredSlots: null, acquiredSlots: null, verdict: 'unknown' });
    expect(r.network).toEqual({ required: 2048, available: 1024, total: 4096, segmentSize: 32768 });
    expect(r.timeline[0]!.offset).toBeNull();
  });

  it('cuts a line of a million characters to POINT_TEXT', () => {
    const long = 'x'.repeat(1_000_000);
    const r = buildExplainReport(
      explanation({ diagnosis: { code: 'unknown', message: 'm', fixes: [], evidence: [point(1, long)] } }),
      FILES,
    );
    expect(r.diagnosis.evidence[0]!.text).toHaveLength(POINT_TEXT);
    expect(r.diagnosis.evidence[0]!.text.endsWith('…')).toBe(true);
    expect(cutText('short', 10)).toBe('short');
  });
});

describe('the text', () => {
  const text = (x = explanation(), limit?: number): string =>
    render({ kind: 'explain', value: buildExplainReport(x, FILES) }, 'text', limit === undefined ? {} : { limit });

  it('leads with the diagnosis and what to do, marked proven or not, then the evidence as file:line', () => {
    const lines = text().split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'flinkslot explain jobmanager.log',
      'slots/not-enough  The job needs 4 slots; the cluster has 3 and no more are coming (a standalone ResourceManager).',
      'What to do',
      '  - 1 more TaskManager like tm-1 and the requirement is met (proven by a replay)',
      "  - lower the job's parallelism to 3 (not proven by a replay)",
      '',
    ]);
    expect(lines.slice(6, 9)).toEqual([
      'The log lines that show it',
      `jobmanager.log:14  Could not fulfill resource requirements of job ${JOB}. Free slots: 0`,
      'jobmanager.log:20  Slot request bulk is not fulfillable!',
    ]);
  });

  it('then the facts, the jobs, the TaskManagers, the replay and the timeline', () => {
    const out = text();
    expect(out).toContain(
      'Flink release    1.17 (named by the log)\nSlotManager      declarative\nResourceManager  standalone\nRecords          120 read, 9 recognised',
    );
    expect(out).toMatch(new RegExp(`${JOB}\\s+WordCount\\s+4\\s+3\\s+never-met\\s+FAILED`));
    expect(out).toMatch(/tm-1\s+3\s+registered/);
    expect(out).toContain('did what the log says Flink did');
    expect(out).toContain('Timeline (6 entries)');
    expect(out).toMatch(/\+5 min 0\.5 s\s+jobmanager\.log:20\s+Slot request bulk/);
    expect(out.indexOf('slots/not-enough')).toBeLessThan(out.indexOf('What the log shows'));
    expect(out.indexOf('What the log shows')).toBeLessThan(out.indexOf('Timeline'));
  });

  it('says where the replay disagrees', () => {
    const out = text(
      explanation({ replay: { replayed: true, verdicts: [], disagreements: ['the log shows 3 slots held; the replay gives 2'] } }),
    );
    expect(out).toContain('The replay and the log disagree in 1 place(s)');
    expect(out).toContain('  - the log shows 3 slots held; the replay gives 2');
  });

  it('escapes control characters of the log and cuts long lines', () => {
    const evil = `job \u001b[31mred\u001b[0m ${'y'.repeat(5000)}`;
    const out = text(explanation({ diagnosis: { code: 'unknown', message: 'm', fixes: [], evidence: [point(7, evil)] } }));
    expect(out).not.toContain('\u001b');
    expect(out).toContain('job \\u001b[31mred\\u001b[0m');
    const line = out.split('\n').find((l) => l.startsWith('jobmanager.log:7'))!;
    expect(line.length).toBeLessThanOrEqual('jobmanager.log:7  '.length + LINE_TEXT);
  });

  it('keeps the first and the last rows of a long timeline, saying how many are left out', () => {
    const many = Array.from({ length: 100 }, (_, i) => entry(i + 1, i * 1000, 'slots', `entry ${i}`, { job: JOB, acquiredSlots: i % 4 }));
    const out = text(explanation({ timeline: many }), 10);
    expect(out).toContain('entry 4\n');
    expect(out).not.toContain('entry 5\n');
    expect(out).toContain('… and 90 more (--limit 0 or --json shows all)');
    expect(out).toContain('entry 95\n');
    expect(text(explanation({ timeline: many }), 0)).toContain('entry 50\n');
  });

  it('names a file by its base name when the base names differ, else by its path', () => {
    expect(
      ['logs/jm/jobmanager.log', 'logs/tm/taskmanager.log'].map(fileNamer(['logs/jm/jobmanager.log', 'logs/tm/taskmanager.log'])),
    ).toEqual(['jobmanager.log', 'taskmanager.log']);
    expect(fileNamer(['a/jm.log', 'b/jm.log'])('a/jm.log')).toBe('a/jm.log');
  });

  it('writes offsets as a person reads them', () => {
    expect([offsetText(null), offsetText(1250), offsetText(723_500), offsetText(7_500_000)]).toEqual([
      '',
      '+1.250 s',
      '+12 min 3.5 s',
      '+2 h 5 min',
    ]);
  });
});

describe('the Markdown', () => {
  it('is the same document, with headers on its tables and input escaped', () => {
    const md = render({ kind: 'explain', value: buildExplainReport(explanation(), FILES) }, 'markdown', {});
    expect(md.startsWith('## flinkslot explain jobmanager.log\n')).toBe(true);
    expect(md).toContain('**slots/not-enough**');
    expect(md).toContain('| where | log line |');
    expect(md).toContain('| `jobmanager.log:14` |');
    expect(md).toContain(`| \`${JOB}\` | WordCount | 4 | 3 | never-met | FAILED |`);
    expect(TIMELINE).toHaveLength(6);
  });
});
