/**
 * Input is bounded before work starts (issue 15 §6): each bound found by test/hostile is kept here
 * as an end-to-end regression with the exact words a user reads. Bounds: 128 MiB per input, 8 MiB
 * of YAML, 16 million characters added by aliases, 250,000 events and 100,000 TaskManagers per scenario,
 * 64 MiB per log.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runCli } from '../support/cli.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-bounds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const WORKER = 'defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}';

describe('sizes are bounded before anything is parsed or simulated', () => {
  it('an endless input (a device, a pipe) stops at 128 MiB', () => {
    const run = runCli(['plan', '/dev/zero']);
    expect([run.status, run.stderr]).toEqual([
      2,
      'error cannot read /dev/zero: it is larger than 128 MiB, the most flinkslot reads from one input\n',
    ]);
  });

  it('YAML above 8 MiB is refused (js-yaml needs ~17 bytes of heap per character)', () => {
    const vertices = Array.from(
      { length: 120_000 },
      (_, i) => `  - {id: vertex-${i}, name: 'a vertex with a name of some length', parallelism: 1}`,
    );
    const yaml = file('big.yaml', `name: big\nvertices:\n${vertices.join('\n')}\n`);
    const run = runCli(['plan', yaml]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${yaml}:1:1 the YAML document is larger than 8 MiB, the most flinkslot reads as YAML (JSON is read up to 128 MiB) [input/too-large]\n`,
    ]);
  });

  it('the same 120,000 vertices as JSON are read, and the text report names at most --limit of them per line', () => {
    const vertices = Array.from({ length: 120_000 }, (_, i) => ({
      id: `vertex-${i}`,
      name: 'a vertex with a name of some length',
      parallelism: 1,
    }));
    const json = file('big.json', JSON.stringify({ name: 'big', flinkVersion: '1.20', vertices }));
    const run = runCli(['plan', json, '--limit', '2']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('  default      1  UNKNOWN  vertex-0, vertex-1, … 119998 more\n');
    expect(Math.max(...run.stdout.split('\n').map((l) => l.length))).toBeLessThan(200);
  });

  it('one long string aliased ten thousand times is a bomb of few values', () => {
    const text = `name: &s ${'x'.repeat(100_000)}\nvertices: [${Array(10_000).fill('*s').join(', ')}]\n`;
    const bomb = file('long-alias.yaml', text);
    const run = runCli(['plan', bomb]);
    const limit = (text.length + 16_000_000).toLocaleString('en');
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${bomb}:1:1 the document expands to more than ${limit} characters through its YAML aliases (a YAML bomb?) [input/too-large]\n`,
    ]);
  });

  it('a scenario of more than 250,000 events is refused at /events, before the schema walks them', () => {
    const events = Array.from({ length: 250_001 }, (_, i) => `{"at":${i},"advanceTime":1}`);
    const cluster = `{"resourceAllocation":"standalone","defaultWorker":{"totalResources":{"cpuCores":4,"taskHeapMemory":"4g"},"numberOfTaskSlots":4},"taskManagers":[{"id":"tm"}]}`;
    const scenario = file('events.json', `{"cluster":${cluster},"jobs":[],"events":[${events.join(',')}]}`);
    const run = runCli(['simulate', scenario]);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${scenario} the scenario has 250,001 events: flinkslot simulates at most 250,000 (/events) [input/too-large]\n`,
    ]);
  });

  it('a cluster of more than 100,000 TaskManagers is refused at /taskManagers', () => {
    const cluster = file(
      'many.yaml',
      `resourceAllocation: standalone\n${WORKER}\ntaskManagers: [{id: a, count: 60000}, {id: b, count: 60000}]\n`,
    );
    const run = runCli(['simulate', '--cluster', cluster, 'fixtures/jobs/wordcount-streaming.yaml']);
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${cluster} the cluster has 120,000 TaskManagers: flinkslot simulates at most 100,000 (/taskManagers) [input/too-large]\n`,
    ]);
  });

  it('20,000 located errors: 20 are printed and the rest counted (that locating them is linear is tested by doubling, in source-map.test.ts)', () => {
    const events = Array.from({ length: 20_000 }, (_, i) => `  - {at: ${i}, registerTaskManager: tm${i}}`);
    const scenario = file('unknown-tms.yaml', `cluster: {${WORKER}, taskManagers: [{id: tm}]}\njobs: []\nevents:\n${events.join('\n')}\n`);
    const run = runCli(['simulate', scenario]);
    const lines = run.stderr.trimEnd().split('\n');
    expect([run.status, lines.length, lines[20]]).toEqual([2, 21, '… and 19980 more']);
    expect(lines[19]).toBe(
      `error ${scenario}:23:35 no TaskManager 'tm19' in the cluster (TaskManagers: tm) (/events/19/registerTaskManager) [scenario/unknown-task-manager]`,
    );
  });

  it('a manifest of 5,000 documents is read once, not copied per document, and listed in one line', () => {
    const docs = Array.from({ length: 5000 }, (_, i) => `apiVersion: v1\nkind: Service\nmetadata: {name: s${i}}`);
    const manifest = file('manifest.yaml', docs.join('\n---\n') + '\n');
    const run = runCli(['simulate', '--cluster', manifest, 'fixtures/jobs/wordcount-streaming.yaml']);
    const kinds = Array(10).fill('"Service"').join(', ');
    expect([run.status, run.stderr]).toEqual([
      2,
      `error ${manifest}:4:1 the file holds 5000 YAML documents (${kinds} and 4990 more) and none is a FlinkDeployment or a ConfigMap with Flink's configuration: flinkslot reads one document per file [input/several-documents]\n`,
    ]);
  });
});

describe('bad input the held-out hostile corpus found (issue 27 §7)', () => {
  const active = `cluster: {resourceAllocation: active, ${WORKER}}\njobs: [{id: etl, requirements: [{profile: UNKNOWN, count: 6}]}]\n`;

  it('a huge until is refused with its bound (it ran 50 million steps, then an internal error)', () => {
    const scenario = file('until.yaml', `${active}until: 9000000000000000\n`);
    const run = runCli(['simulate', scenario]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `error ${scenario}:3:8 '9000000000000000' is longer than flinkslot simulates (at most 365 d, 31,536,000,000 ms) (/until) [input/too-large]\n`,
    ]);
  });

  it('variants: [] is refused at /variants (it exited 0 and printed nothing)', () => {
    const scenario = file('no-variants.yaml', `${active}variants: []\n`);
    const run = runCli(['simulate', scenario]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `error ${scenario}:3:11 /variants must NOT have fewer than 1 items (/variants) [input/schema]\n`,
    ]);
  });

  it('flinkVersion "1." and a million digits is not a version (it was Flink 1.Infinity)', () => {
    const scenario = file('version.yaml', `flinkVersion: "1.${'9'.repeat(1_000_000)}"\n${active}`);
    const run = runCli(['simulate', scenario]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `error ${scenario}:1:15 flinkVersion '1.999999999999999999…' (1,000,002 characters) is not a Flink version (major.minor, e.g. 1.20; flinkslot models 1.10 to 2.2) (/flinkVersion) [input/flink-version]\n`,
    ]);
  });
});

describe('logs (`flinkslot explain`, issue 28) are bounded before a line is read', () => {
  const LINE = '2024-03-12 07:51:14,148 INFO  org.apache.flink.runtime.jobmaster.JobMaster [] - ';

  it('a file of 1 GB is refused by its size before it is read', () => {
    const path = file('huge.log', '');
    truncateSync(path, 1024 ** 3); // sparse: no disk written, no byte read
    const run = runCli(['explain', path]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `error cannot read ${path}: it is larger than 128 MiB, the most flinkslot reads from one input\n`,
    ]);
  });

  it('a log of 65 MiB is refused at 64 MiB, before its lines are read', () => {
    const line = `${LINE}${'x'.repeat(1000)}\n`;
    const log = file('65mib.log', line.repeat(Math.ceil((65 * 1024 * 1024) / line.length)));
    const run = runCli(['explain', log]);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      2,
      '',
      `error ${log}:1:1 the log is longer than flinkslot reads (at most 67,108,864 characters); give the part around the failure [input/too-large]\n`,
    ]);
  });

  it('a line of a million characters is answered, a Flink log or not', () => {
    const flink = file('one-line.log', `${LINE}${'y'.repeat(1_000_000 - LINE.length)}\n`);
    const run = runCli(['explain', flink, '--json']);
    expect(run.status).toBe(1);
    const json = JSON.parse(run.stdout) as { records: number; diagnosis: { code: string } };
    expect([json.records, json.diagnosis.code]).toEqual([1, 'unknown']);
    const other = file('one-line.txt', `${'z'.repeat(1_000_000)}\n`);
    const refused = runCli(['explain', other]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/\[input\/not-a-flink-log\]\n$/);
    expect(refused.stderr.length).toBeLessThan(1000);
  });
});
