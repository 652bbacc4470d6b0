/**
 * The contract of fixtures/real/logs/ (issue 28 §4): every real log's artefact.yaml says where the log
 * comes from, its release, the diagnosis its source states, and an `expected:` block of only the keys
 * the log and the ground truth support (an omitted key is not asserted). This test checks the shape of
 * that block and that its evidence lines exist, so the tests of `explain` can read it without guarding.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../../fixtures/real/logs/', import.meta.url);
const DIRS = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
  .map((d) => d.name)
  .sort();

const DIAGNOSES = [
  'ok',
  'slots/not-enough',
  'slots/too-small',
  'slots/timeout',
  'network/insufficient-buffers',
  'taskmanager/lost',
  'cluster/taskmanagers-not-registering',
  'job/failed-other',
  'unknown',
];
const VERDICTS = ['met', 'partly-met', 'never-met', 'not-met', 'unknown'];
const LOG_FILES = ['jobmanager.log', 'taskmanager.log'];
const EXPECTED_KEYS = [
  'flinkVersion',
  'slotManager',
  'resourceManager',
  'jobs',
  'taskManagers',
  'workersRequested',
  'network',
  'diagnosis',
  'evidence',
  'evidenceFile',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- YAML read loosely, then checked key by key
type Loose = any;

function artefact(dir: string): Loose {
  return parse(readFileSync(new URL(`${dir}/artefact.yaml`, ROOT), 'utf8'));
}

function logFiles(dir: string): string[] {
  return LOG_FILES.filter((f) => existsSync(new URL(`${dir}/${f}`, ROOT)));
}

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;

function checkJobs(jobs: Loose): void {
  expect(Array.isArray(jobs) && jobs.length > 0).toBe(true);
  for (const job of jobs) {
    expect(Object.keys(job).every((k) => ['id', 'requiredSlots', 'acquiredSlots', 'verdict'].includes(k))).toBe(true);
    expect(job.id).toMatch(/^[0-9a-f]{32}$/);
    for (const k of ['requiredSlots', 'acquiredSlots']) if (k in job) expect(isCount(job[k])).toBe(true);
    if ('verdict' in job) expect(VERDICTS).toContain(job.verdict);
  }
}

function checkTaskManagers(tms: Loose): void {
  const keys = Object.keys(tms);
  expect(keys.length > 0 && keys.every((k) => k === 'count' || k === 'lost')).toBe(true);
  for (const k of keys) expect(isCount(tms[k])).toBe(true);
}

function checkNetwork(network: Loose): void {
  expect(Object.keys(network).sort()).toEqual(['available', 'required', 'total']);
  for (const v of Object.values(network)) expect(isCount(v)).toBe(true);
  expect(network.available).toBeLessThan(network.required);
}

describe('fixtures/real/logs: every artefact.yaml keeps the contract', () => {
  it('finds the collection', () => {
    expect(DIRS.length).toBeGreaterThanOrEqual(19);
  });

  it.each(DIRS)('%s: origin, release, log file and expected diagnosis', (dir) => {
    const a = artefact(dir);
    expect(a.origin).toBeTypeOf('object');
    expect('url' in a.origin).toBe(true);
    if (a.origin.url !== null) expect(a.origin.url).toMatch(/^https:\/\/\S+$/);
    else expect(a.origin.note).toBeTypeOf('string');
    expect('flinkVersion' in a).toBe(true);
    if (a.flinkVersion !== null) expect(String(a.flinkVersion)).toMatch(/^\d\.(\d+|x)$/);
    expect(DIAGNOSES).toContain(a.expectedDiagnosis);
    expect(logFiles(dir).length).toBeGreaterThan(0);
  });

  it.each(DIRS)('%s: an expected block of the allowed keys and types', (dir) => {
    const a = artefact(dir);
    const e = a.expected;
    expect(e).toBeTypeOf('object');
    expect(Object.keys(e).filter((k) => !EXPECTED_KEYS.includes(k))).toEqual([]);
    expect(e.diagnosis).toBe(a.expectedDiagnosis);
    if ('flinkVersion' in e && e.flinkVersion !== null) expect(e.flinkVersion).toMatch(/^\d\.\d+$/);
    if ('slotManager' in e) expect(['legacy', 'declarative', 'fine-grained', null]).toContain(e.slotManager);
    if ('resourceManager' in e) expect(['standalone', 'active', null]).toContain(e.resourceManager);
    if ('jobs' in e) checkJobs(e.jobs);
    if ('taskManagers' in e) checkTaskManagers(e.taskManagers);
    if ('workersRequested' in e) expect(isCount(e.workersRequested)).toBe(true);
    if ('network' in e) checkNetwork(e.network);
    if (e.diagnosis === 'network/insufficient-buffers') expect(e.network).toBeDefined();
  });

  it.each(DIRS)('%s: the evidence lines exist in the log and are not gap or blank lines', (dir) => {
    const e = artefact(dir).expected;
    const files = logFiles(dir);
    if (files.length > 1 && 'evidence' in e) expect(LOG_FILES).toContain(e.evidenceFile);
    const file = e.evidenceFile ?? files[0];
    expect(files).toContain(file);
    if (!('evidence' in e)) return;
    const lines = readFileSync(new URL(`${dir}/${file}`, ROOT), 'utf8').split('\n');
    expect(Array.isArray(e.evidence) && e.evidence.length > 0).toBe(true);
    for (const n of e.evidence) {
      expect(Number.isInteger(n) && n >= 1 && n <= lines.length).toBe(true);
      expect(lines[n - 1]!.trim()).not.toBe('');
      expect(lines[n - 1]).not.toBe('[...]');
    }
  });

  it.each(DIRS)('%s: a release in expected is the one the log prints in a banner or class path', (dir) => {
    const e = artefact(dir).expected;
    if (e.flinkVersion == null) return;
    const text = logFiles(dir)
      .map((f) => readFileSync(new URL(`${dir}/${f}`, ROOT), 'utf8'))
      .join('\n');
    const [major, minor] = String(e.flinkVersion).split('.');
    expect(text).toMatch(new RegExp(`Version: ${major}\\.${minor}\\.|flink-dist[_0-9.]*-${major}\\.${minor}\\.\\d+\\.jar:`));
  });

  it.each(DIRS)('%s: every job id of expected appears in the log', (dir) => {
    const e = artefact(dir).expected;
    const text = logFiles(dir)
      .map((f) => readFileSync(new URL(`${dir}/${f}`, ROOT), 'utf8'))
      .join('\n');
    for (const job of e.jobs ?? []) expect(text).toContain(job.id);
  });
});
