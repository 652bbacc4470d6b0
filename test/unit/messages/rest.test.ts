/**
 * The exact diagnostics of a running cluster read through its JobManager's REST API: the address
 * (src/parse/rest/rest-target.ts), and the notes of `simulate`, `plan` and `import` on the answers
 * (src/app/live-*.ts). The answers are those recorded in fixtures/real/rest-clusters/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ClusterSnapshot,
  type Diagnostic,
  type DiagnosticCode,
  FIRST_ROUND,
  checkFirstRound,
  fitJobsOnLiveCluster,
  importLive,
  parseRestTarget,
  planLiveJob,
} from '../../../src/index.js';

const ROOT = join(import.meta.dirname, '../../..');
/** One TaskManager of 4 slots (Flink 1.20, native Kubernetes); job a1b1b53c… holds 2 of them. */
const FOLDER = join(ROOT, 'fixtures/real/rest-clusters/1.20-fine-grained-native-k8s-1x4-slots-state-machine-p2');
const U = 'http://flink-jobmanager:8081';
const JOB_ID = 'a1b1b53c7c71e7199aa8c43bc703fe7f';
const NEW_JOB = { text: 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n', file: 'one-slot.yaml' };

type Json = Record<string, unknown>;
type Edit = (data: Json) => void;

/** The recorded answer of `path` as the shell hands it over (the URL as its file), optionally edited. */
function answer(path: string, edit?: Edit) {
  const text = readFileSync(join(FOLDER, `${path.slice(1)}.json`), 'utf8');
  if (edit === undefined) return { text, file: `${U}${path}` };
  const data = JSON.parse(text) as Json;
  edit(data);
  return { text: JSON.stringify(data, null, 2), file: `${U}${path}` };
}

/** Both rounds of the cluster's answers, with edits by endpoint path. */
function snapshot(edits: Record<string, Edit> = {}, answeringTaskManagers = true): ClusterSnapshot {
  const at = (path: string) => answer(path, edits[path]);
  const firstRound = {
    base: U,
    answers: Object.fromEntries(FIRST_ROUND.map((p) => [p, at(p)])) as ClusterSnapshot['firstRound']['answers'],
  };
  const checked = checkFirstRound(firstRound);
  if (!checked.ok) throw new Error(JSON.stringify(checked.diagnostics));
  return {
    base: U,
    firstRound,
    checked: checked.value,
    jobDetails: checked.value.next.jobs.map(at),
    taskManagerDetails: answeringTaskManagers ? checked.value.next.taskManagers.map(at) : [],
  };
}

function fitNotes(s: ClusterSnapshot): readonly Diagnostic[] {
  const r = fitJobsOnLiveCluster(s, [NEW_JOB]);
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r.value.notes;
}

function only(ds: readonly Diagnostic[], code: string): Diagnostic {
  const found = ds.filter((d) => d.code === code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const note = (code: DiagnosticCode, message: string, severity: Diagnostic['severity'] = 'info'): Diagnostic => ({
  code,
  severity,
  message,
  location: { pointer: '' },
});

/** The 64m process size of a TaskManager that cannot be sized, in place of the recorded 1728m. */
const tinyProcess: Edit = (config) => {
  for (const entry of config as unknown as { key: string; value: string }[])
    if (entry.key === 'taskmanager.memory.process.size') entry.value = '64m';
};
const UNUSABLE = note(
  'rest/configuration-unusable',
  "the JobManager's configuration does not size a TaskManager, so managed memory is shown as fractions only: TaskManager memory configuration failed: Sum of configured JVM Metaspace (256.000mb (268435456 bytes)) and JVM Overhead (192.000mb (201326592 bytes)) exceed configured Total Process Memory (64.000mb (67108864 bytes)).",
  'warning',
);

describe('rest/address', () => {
  it.each([
    [
      'not a URL',
      'http://flink-jobmanager:80a81',
      "'http://flink-jobmanager:80a81' is not a URL (expected http://HOST:PORT or http://HOST:PORT/jobs/JOBID)",
    ],
    [
      'credentials',
      'http://admin:secret@flink-jobmanager:8081',
      'the address carries a user name or password: give them in FLINKSLOT_REST_USER and FLINKSLOT_REST_PASSWORD (or a token in FLINKSLOT_REST_TOKEN), never in the URL',
    ],
    [
      'a query',
      'http://flink-jobmanager:8081/?refresh=1',
      "the address has a query ('?refresh=1'): give the JobManager's address, e.g. http://HOST:8081",
    ],
    [
      'no job id',
      'http://flink-jobmanager:8081/jobs/overview',
      "'/jobs/overview' does not name a job: expected /jobs/ followed by a 32-hex job id",
    ],
    ['too long', `http://flink-jobmanager:8081/${'a'.repeat(2048)}`, 'the address is longer than 2048 characters'],
  ])('%s', (_, address, message) => {
    const r = parseRestTarget(address);
    expect(r.ok ? [] : r.diagnostics).toEqual([{ code: 'rest/address', severity: 'error', message, location: { pointer: '' } }]);
  });
});

describe('simulate --cluster http://…: how the running cluster was read', () => {
  const notes = fitNotes(snapshot());

  it('rest/flink-version: the release of GET /overview', () => {
    expect(only(notes, 'rest/flink-version')).toEqual(
      note('rest/flink-version', `Flink 1.20.0, as GET ${U}/overview says; its rules apply to every job`),
    );
  });

  it("rest/configuration: the JobManager's configuration stands for the TaskManagers'", () => {
    expect(only(notes, 'rest/configuration')).toEqual(
      note(
        'rest/configuration',
        `the TaskManagers' configuration is the JobManager's (GET ${U}/jobmanager/config): TaskManagers started with other options size their slots differently`,
      ),
    );
  });

  it('rest/held-slots: a running job holds more slots than its plan asks for', () => {
    const third: Edit = (tm) => {
      const slots = tm.allocatedSlots as unknown[];
      slots.push(slots[0]);
    };
    const held = fitNotes(snapshot({ '/taskmanagers/localtest-session-cluster-taskmanager-1-1': third }));
    expect(only(held, 'rest/held-slots')).toEqual(
      note(
        'rest/held-slots',
        "running job 'basic-example' holds 3 slots on the cluster but its plan asks for 2 (the adaptive scheduler runs with what it got, or a rescale is under way); the simulation places 2",
        'warning',
      ),
    );
  });

  it('rest/task-manager-details: TaskManagers that did not answer GET /taskmanagers/:id', () => {
    expect(only(fitNotes(snapshot({}, false)), 'rest/task-manager-details')).toEqual(
      note('rest/task-manager-details', '1 of 1 TaskManagers did not answer GET /taskmanagers/:id'),
    );
  });

  it('rest/deployment: the deployment GET /jobmanager/config names, with the keys that told; none: standalone', () => {
    expect(only(fitNotes(snapshot()), 'rest/deployment')).toEqual(
      note(
        'rest/deployment',
        `a native Kubernetes session cluster 'localtest-session-cluster', as GET ${U}/jobmanager/config says (execution.target: kubernetes-session)`,
      ),
    );
    const bare: Edit = (config) => {
      const entries = config as unknown as { key: string }[];
      for (let i = entries.length - 1; i >= 0; i--)
        if (entries[i]!.key === 'execution.target' || entries[i]!.key.startsWith('kubernetes.internal.')) entries.splice(i, 1);
    };
    expect(only(fitNotes(snapshot({ '/jobmanager/config': bare })), 'rest/deployment')).toEqual(
      note(
        'rest/deployment',
        `a standalone cluster: no key of GET ${U}/jobmanager/config names another deployment (execution.target, kubernetes.internal.*, yarn.application.id)`,
      ),
    );
  });

  it("rest/free-slots-differ: GET /overview's free slots against the simulation's", () => {
    const three: Edit = (overview) => {
      overview['slots-available'] = 3;
    };
    expect(only(fitNotes(snapshot({ '/overview': three })), 'rest/free-slots-differ')).toEqual(
      note('rest/free-slots-differ', `GET ${U}/overview reports 3 free slots; placing the running jobs' requirements leaves 2`, 'warning'),
    );
  });

  it("rest/running-jobs-unmet: the running jobs' requirements do not fit on the TaskManagers", () => {
    // The job rescaled to 8 (its details say so) while the one TaskManager has 4 slots.
    const rescaled: Edit = (job) => {
      for (const v of job.vertices as Json[]) v.parallelism = 8;
      for (const n of (job.plan as { nodes: Json[] }).nodes) n.parallelism = 8;
    };
    expect(only(fitNotes(snapshot({ [`/jobs/${JOB_ID}`]: rescaled })), 'rest/running-jobs-unmet')).toEqual(
      note(
        'rest/running-jobs-unmet',
        "the running jobs' requirements do not all fit on these TaskManagers in the simulation (basic-example): they run with fewer slots (adaptive scheduler) or are waiting for resources",
        'warning',
      ),
    );
  });

  it("rest/configuration-unusable: a JobManager's configuration that sizes no TaskManager", () => {
    const notes = fitNotes(snapshot({ '/jobmanager/config': tinyProcess }));
    expect(only(notes, 'rest/configuration-unusable')).toEqual(UNUSABLE);
  });
});

describe('plan http://…/jobs/JOBID: how the running job was planned', () => {
  const job = answer(`/jobs/${JOB_ID}`);

  it('rest/flink-version and rest/configuration', () => {
    const r = planLiveJob({ job, overview: answer('/overview'), jobManagerConfig: answer('/jobmanager/config') });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect((r.value.notes ?? []).filter((d) => d.code.startsWith('rest/'))).toEqual([
      note('rest/flink-version', `Flink 1.20.0, as GET ${U}/overview says`),
      note('rest/configuration', `the TaskManagers' configuration is the JobManager's (GET ${U}/jobmanager/config)`),
    ]);
  });

  it('rest/configuration-unusable: planned without the configuration, with a warning', () => {
    const r = planLiveJob({ job, overview: answer('/overview'), jobManagerConfig: answer('/jobmanager/config', tinyProcess) });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(only(r.value.warnings, 'rest/configuration-unusable')).toEqual(UNUSABLE);
  });
});

describe('import http://…', () => {
  it('import/flink-version: the release of GET /overview stamped on the imported cluster', () => {
    const r = importLive({ answer: answer('/taskmanagers'), overview: answer('/overview') });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(only(r.value.notes, 'import/flink-version')).toEqual(
      note('import/flink-version', `flinkVersion 1.20: the cluster runs Flink 1.20.0 (GET ${U}/overview)`),
    );
  });
});
