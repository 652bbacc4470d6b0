/**
 * `memory http://HOST:8081`: the memory a running cluster's configuration gives, against what its
 * TaskManagers report (recorded answers of fixtures/real/rest-clusters/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryOfLiveCluster } from '../../../src/app/live-memory.js';
import { renderMemoryText } from '../../../src/report/render-memory-text.js';

const ROOT = join(import.meta.dirname, '../../..');
const U = 'http://jm:8081';
const CLUSTERS = join(ROOT, 'fixtures/real/rest-clusters');
const DECLARATIVE = join(CLUSTERS, '1.13-declarative-5x5-slots-hudi-sql-p4');

const answer = (folder: string, file: string, path: string) => ({ text: readFileSync(join(folder, file), 'utf8'), file: `${U}${path}` });

function answers(folder: string, edit?: (taskManagers: { taskmanagers: Record<string, unknown>[] }) => void) {
  const tms = JSON.parse(readFileSync(join(folder, 'taskmanagers.json'), 'utf8')) as { taskmanagers: Record<string, unknown>[] };
  edit?.(tms);
  return {
    jobManagerConfig: answer(folder, 'jobmanager/config.json', '/jobmanager/config'),
    overview: answer(folder, 'overview.json', '/overview'),
    taskManagers: { text: JSON.stringify(tms), file: `${U}/taskmanagers` },
  };
}

describe('memory of a running cluster', () => {
  it('derives from the JobManager configuration with the release of GET /overview; the 5 TaskManagers agree to the byte', () => {
    const r = memoryOfLiveCluster(answers(DECLARATIVE));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.flinkVersion).toBe('1.13');
    expect(r.value.flinkVersionSource).toBe('file');
    expect(r.value.components.totalProcess).toBe(1811939328);
    expect(r.value.numberOfTaskSlots).toBe(5);
    expect(r.value.reportedByTaskManagers).toEqual({
      url: `${U}/taskmanagers`,
      taskManagers: 5,
      agreeing: 5,
      notReporting: 0,
      differing: [],
    });
    expect(renderMemoryText(r.value)).toContain(
      `Running TaskManagers: 5 of 5 TaskManagers that report their memory (GET ${U}/taskmanagers) have exactly these sizes and slots`,
    );
  });

  it('the real answers of the 7g cluster (two TaskManagers of one slot) agree with its configuration', () => {
    const r = memoryOfLiveCluster(answers(join(CLUSTERS, '1.13-full-2x1-slots-two-cartopspeed-jobs')));
    expect(r.ok && r.value.reportedByTaskManagers).toMatchObject({ taskManagers: 2, agreeing: 2, differing: [] });
  });

  it('names the TaskManagers started with other options, grouped, with each differing component and slot count', () => {
    const r = memoryOfLiveCluster(
      answers(DECLARATIVE, (tms) => {
        for (const tm of tms.taskmanagers.slice(3)) {
          tm.slotsNumber = 8;
          tm.memoryConfiguration = { ...(tm.memoryConfiguration as object), networkMemory: 268435460 };
        }
        delete tms.taskmanagers[0]!.memoryConfiguration;
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const check = r.value.reportedByTaskManagers!;
    expect(check).toMatchObject({ taskManagers: 5, agreeing: 2, notReporting: 1 });
    expect(check.differing).toEqual([
      {
        taskManagers: ['192.0.2.14:6122-2e97fa', '192.0.2.15:6122-7a6b53'],
        components: [{ component: 'network', reported: 268435460, derived: 134217730 }],
        numberOfTaskSlots: 8,
      },
    ]);
    const text = renderMemoryText(r.value);
    expect(text).toContain('2 of 4 TaskManagers that report their memory');
    expect(text).toContain('note 1 TaskManager reports no memoryConfiguration');
    expect(text).toContain(
      "differs 192.0.2.14:6122-2e97fa, 192.0.2.15:6122-7a6b53: network 256 MiB (268435460 bytes), derived 128 MiB (134217730 bytes), 8 slots (configured 5); started with other options than the JobManager's",
    );
  });

  it('--flink-version wins over GET /overview; without /taskmanagers there is no check', () => {
    const { jobManagerConfig, overview } = answers(DECLARATIVE);
    const r = memoryOfLiveCluster({ jobManagerConfig, overview }, { flinkVersion: '1.16' });
    expect(r.ok && [r.value.flinkVersion, r.value.flinkVersionSource, r.value.reportedByTaskManagers]).toEqual([
      '1.16',
      'option',
      undefined,
    ]);
  });

  it('a configuration answer that is not a list of {key, value} is refused with the URL', () => {
    const r = memoryOfLiveCluster({ jobManagerConfig: { text: '{"status":"UP"}', file: `${U}/jobmanager/config` } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics[0]!.message).toContain(`GET ${U}/jobmanager/config: not the answer of a Flink JobManager`);
  });
});
