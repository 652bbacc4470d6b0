/**
 * `explain` on every real log of fixtures/real/logs/ (issue 28 §4): records → facts → explanation,
 * asserting each key of the artefact's `expected:` block — the diagnosis code, the lines it cites,
 * the jobs, TaskManagers, workers, network buffers, SlotManager, ResourceManager and release.
 * A key the block omits is not asserted (the log or its ground truth does not support it).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatVersion } from '../../src/model/flink-version.js';
import { readLogFacts } from '../../src/parse/log/facts/read-facts.js';
import { type LogRecords, readLogRecords } from '../../src/parse/log/log-records.js';
import { explainLog } from '../../src/sim/log/explain-log.js';
import type { LogExplanation } from '../../src/sim/log/log-explanation.js';

const ROOT = new URL('../../fixtures/real/logs/', import.meta.url);
const DIRS = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
  .map((d) => d.name)
  .sort();
const LOG_FILES = ['jobmanager.log', 'taskmanager.log'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- YAML read loosely; real-logs-expected.test.ts checks its shape
type Loose = any;

function records(dir: string): LogRecords[] {
  return LOG_FILES.filter((f) => existsSync(new URL(`${dir}/${f}`, ROOT))).map((file) => {
    const read = readLogRecords(readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8'), file);
    if (!read.ok) throw new Error(`${dir}/${file}: ${read.diagnostics.map((d) => d.message).join('; ')}`);
    return read.value;
  });
}

function explained(dir: string): { e: LogExplanation; logs: LogRecords[] } {
  const logs = records(dir);
  return { e: explainLog(readLogFacts(logs)), logs };
}

/** The lines the diagnosis cites in `file`: each cited record's lines, its continuation lines included. */
function citedLines(e: LogExplanation, logs: readonly LogRecords[], file: string): number[] {
  const log = logs.find((l) => l.file === file);
  const lines: number[] = [];
  for (const p of e.diagnosis.evidence) {
    if (p.file !== file) continue;
    const record = log?.records.find((r) => r.line === p.line);
    for (let n = p.line; n <= Math.max(p.endLine ?? p.line, record?.endLine ?? p.line); n++) lines.push(n);
  }
  return lines;
}

function checkJobs(e: LogExplanation, jobs: readonly Loose[]): void {
  for (const want of jobs) {
    const job = e.jobs.find((j) => j.id === want.id);
    expect(job, `job ${want.id}`).toBeDefined();
    for (const key of ['requiredSlots', 'acquiredSlots', 'verdict'] as const)
      if (key in want) expect(job![key], `job ${want.id} ${key}`).toBe(want[key]);
  }
}

/** TaskManagers registered in the log; where it names none, those the slot pool counts. */
function registered(e: LogExplanation): number {
  const named = e.taskManagers.filter((t) => t.registeredAt !== undefined).length;
  return named > 0 ? named : (e.slotPool?.registeredTaskManagers ?? 0);
}

function checkTaskManagers(e: LogExplanation, want: Loose): void {
  if ('count' in want) expect(registered(e), 'TaskManagers registered').toBe(want.count);
  if ('lost' in want) expect(e.taskManagers.filter((t) => t.lost).length, 'TaskManagers lost').toBe(want.lost);
}

describe('explain on the real logs', () => {
  it.each(DIRS)('%s', (dir) => {
    const want = parse(readFileSync(new URL(`${dir}/artefact.yaml`, ROOT), 'utf8')).expected as Loose;
    const { e, logs } = explained(dir);
    expect(e.diagnosis.code, e.diagnosis.message).toBe(want.diagnosis);
    if ('flinkVersion' in want) expect(e.flinkVersion === undefined ? null : formatVersion(e.flinkVersion)).toBe(want.flinkVersion);
    if ('slotManager' in want) expect(e.slotManager ?? null).toBe(want.slotManager);
    if ('resourceManager' in want) expect(e.resourceManager ?? null).toBe(want.resourceManager);
    if ('workersRequested' in want) expect(e.workersRequested).toBe(want.workersRequested);
    if ('network' in want) expect(e.network).toMatchObject(want.network);
    if ('jobs' in want) checkJobs(e, want.jobs);
    if ('taskManagers' in want) checkTaskManagers(e, want.taskManagers);
    if ('evidence' in want) {
      const file = want.evidenceFile ?? LOG_FILES.find((f) => existsSync(new URL(`${dir}/${f}`, ROOT)));
      const cited = citedLines(e, logs, file);
      for (const line of want.evidence) expect(cited, `evidence line ${line} of ${file}`).toContain(line);
    }
  });
});
