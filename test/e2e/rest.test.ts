/**
 * Live clusters over Flink's REST API, end to end: the built CLI against a fake JobManager on
 * 127.0.0.1 that serves real recorded answers (fixtures/real/), and against the failures a network
 * gives (refused, slow, unauthorised, not Flink). No other address is ever asked.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { load } from 'js-yaml';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, STACK_LINE, ensureBuilt, runCliAsync } from '../support/cli.js';
import { type FakeJobManager, startFakeJobManager } from '../support/fake-jobmanager.js';

const real = (folder: string, file: string): string => {
  const dir = readdirSync(join(ROOT, 'fixtures/real')).find((d) => d.startsWith(folder))!;
  return readFileSync(join(ROOT, 'fixtures/real', dir, file), 'utf8');
};

const JOB_1_17 = '8b6cdb9a1db8876d3dd803d5e6108ae3';

beforeAll(() => ensureBuilt());

describe('plan http://HOST:PORT/jobs/JOBID', () => {
  let jm: FakeJobManager;
  beforeAll(async () => {
    jm = await startFakeJobManager({
      answers: {
        [`/jobs/${JOB_1_17}`]: { body: real('27-', 'job-details.json') },
        '/overview': { body: JSON.stringify({ ...JSON.parse(real('35-', 'overview.json')), 'flink-version': '1.17.1' }) },
        '/jobmanager/config': { body: real('33-', 'jobmanager-config.json') },
      },
    });
  });
  afterAll(() => jm.close());

  it('plans the running job with the cluster release and the JobManager configuration; vertex names, not ids', async () => {
    const run = await runCliAsync(['plan', `${jm.url}/jobs/${JOB_1_17}`]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Job State machine job (streaming, Flink 1.17): 2 vertices, 1 edge');
    expect(run.stdout).toContain('Source: Custom Source, Flat Map -> Sink: Print to Std. Out');
    expect(run.stdout).not.toContain('bc764cd8ddf7a0cff126f51c16239658');
    expect(run.stdout).toContain(`Flink 1.17.1, as GET ${jm.url}/overview says`);
    expect(run.stdout).toContain(`the TaskManagers' configuration is the JobManager's (GET ${jm.url}/jobmanager/config)`);
    expect(jm.requests.map((r) => r.path).sort()).toEqual(['/jobmanager/config', `/jobs/${JOB_1_17}`, '/overview']);
  });

  it('--json: the slot managed memory from the 1728m TaskManagers with 3 slots', async () => {
    const run = await runCliAsync(['plan', `${jm.url}/jobs/${JOB_1_17}`, '--json']);
    const plan = JSON.parse(run.stdout);
    expect(plan.job.flinkVersion).toBe('1.17');
    // 1728m with 3 slots: managed 536870920 bytes (0.4 of Flink memory), divided by the slots, rounded down.
    expect(plan.managedMemory.slotManagedMemory).toBe(178956973);
    expect(plan.minimumSlots).toBe(2);
  });

  it('memory of the cluster: the JobManager configuration with the release of GET /overview (no /taskmanagers: no check)', async () => {
    const run = await runCliAsync(['memory', `${jm.url}/jobs/${JOB_1_17}`]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'TaskManager memory (Flink 1.17 rules)',
      `  note Flink 1.17.1, as GET ${jm.url}/overview says`,
      `  note the configuration is the JobManager's (GET ${jm.url}/jobmanager/config), as the TaskManagers started from it have it`,
    ]);
    expect(run.stdout).toContain('Slots: 3 × ');
    expect(run.stdout).not.toContain('Running TaskManagers');
  });

  it('memory of an address without a configuration answer: exit 2 naming the URL', async () => {
    const bare = await startFakeJobManager({});
    try {
      const run = await runCliAsync(['memory', bare.url]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^error GET ${bare.url}/jobmanager/config: HTTP 404, not found`));
      expect(run.stderr).not.toMatch(STACK_LINE);
    } finally {
      await bare.close();
    }
  });

  it('a cluster address where a job is needed, and an unknown job: exit 2 with the URL', async () => {
    const cluster = await runCliAsync(['plan', jm.url]);
    expect(cluster.status).toBe(2);
    expect(cluster.stderr).toBe(`error ${jm.url} names no job: give http://HOST:PORT/jobs/JOBID (GET /jobs/overview lists them)\n`);
    const unknown = await runCliAsync(['plan', `${jm.url}/jobs/${'0'.repeat(32)}`]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(
      `error GET ${jm.url}/jobs/${'0'.repeat(32)}: HTTP 404, not found: Not found: /jobs/${'0'.repeat(32)}; is this a Flink JobManager's REST address, and the job id one it knows?\n`,
    );
  });
});

describe('failures of the network and of the other side: exit 2, one line naming the URL, no stack trace', () => {
  const servers: FakeJobManager[] = [];
  const start = async (o: Parameters<typeof startFakeJobManager>[0]) => {
    const s = await startFakeJobManager(o);
    servers.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('connection refused', async () => {
    const port = await freePort();
    const run = await runCliAsync(['import', `http://127.0.0.1:${port}`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `error GET http://127.0.0.1:${port}/taskmanagers: connection refused: is the JobManager running, and is this its REST port (rest.port, 8081 by default)?\n`,
    );
  });

  it('no answer within FLINKSLOT_REST_TIMEOUT seconds', async () => {
    // The answer comes after a minute, far beyond 0.3 s even when a busy machine delays the CLI's timer.
    const slow = await start({ delayMs: 60_000, answers: { '/taskmanagers': { body: '{"taskmanagers": []}' } } });
    const run = await runCliAsync(['import', slow.url], { env: { FLINKSLOT_REST_TIMEOUT: '0.3' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`error GET ${slow.url}/taskmanagers: no answer within 0.3 s (FLINKSLOT_REST_TIMEOUT sets the seconds)\n`);
  });

  it('401 without credentials; a bearer token from FLINKSLOT_REST_TOKEN, never printed; basic auth from USER/PASSWORD', async () => {
    const body = real('09-', 'taskmanagers.json');
    const guarded = await start({ authorization: 'Bearer t0ken-s3cret', answers: { '/taskmanagers': { body } } });
    const refused = await runCliAsync(['import', guarded.url]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`error GET ${guarded.url}/taskmanagers: HTTP 401, refused: Unauthorized; set FLINKSLOT_REST_TOKEN`);
    const ok = await runCliAsync(['import', guarded.url], { env: { FLINKSLOT_REST_TOKEN: 't0ken-s3cret' } });
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('resourceAllocation: standalone');
    expect(ok.stdout + ok.stderr).not.toContain('t0ken-s3cret');
    const basic = await start({
      authorization: `Basic ${Buffer.from('alice:pw').toString('base64')}`,
      answers: { '/taskmanagers': { body } },
    });
    const viaBasic = await runCliAsync(['import', basic.url], { env: { FLINKSLOT_REST_USER: 'alice', FLINKSLOT_REST_PASSWORD: 'pw' } });
    expect(viaBasic.status).toBe(0);
  });

  it('a login page, another service, a redirect: not read as a cluster', async () => {
    const other = await start({
      answers: {
        '/overview': { body: '<!DOCTYPE html><html>Sign in</html>', headers: { 'content-type': 'text/html' } },
        '/jobmanager/config': { body: '[]' },
        '/taskmanagers': { body: '{"status": "UP"}' },
        '/jobs/overview': { body: '{"jobs": []}' },
      },
    });
    const sim = await runCliAsync(['simulate', '--cluster', other.url, 'fixtures/jobs/keyed-window.yaml']);
    expect(sim.status).toBe(2);
    expect(sim.stderr).toContain(
      `GET ${other.url}/overview: the answer is not JSON (an HTML page); is this a Flink JobManager's REST address?`,
    );
    const imported = await runCliAsync(['import', other.url]);
    expect(imported.status).toBe(2);
    expect(imported.stderr).toContain(`error ${other.url}/taskmanagers:1:1 not one of Flink's JSON files flinkslot reads`);
    const moved = await start({ answers: { '/taskmanagers': { status: 302, body: '', headers: { location: 'http://10.0.0.1/' } } } });
    const redirected = await runCliAsync(['import', moved.url]);
    expect(redirected.status).toBe(2);
    expect(redirected.stderr).toBe(
      `error GET ${moved.url}/taskmanagers: HTTP 302, a redirect; give the address it leads to (flinkslot asks only the address given)\n`,
    );
  });

  it('credentials inside the URL are refused without being echoed', async () => {
    const run = await runCliAsync(['plan', `http://bob:hunter2@127.0.0.1:1/jobs/${JOB_1_17}`]);
    expect(run.status).toBe(2);
    expect(run.stderr).not.toContain('hunter2');
    expect(run.stderr).toContain('FLINKSLOT_REST_USER');
    for (const r of [run]) expect(r.stderr).not.toMatch(STACK_LINE);
  });
});

/** A port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A running cluster assembled from real answers: the GET /taskmanagers answer of folder 10 (two
 * TaskManagers of one slot, both busy) and the 1.17 job details of folder 27 (the state machine
 * example at parallelism 2, which holds exactly those two slots); /overview and /jobs/overview say
 * the same in their own fields. Each TaskManager's details list its allocated slots as the release does.
 */
function recordedCluster(version: string, options: { allocated?: boolean; free?: boolean } = {}) {
  const tms = JSON.parse(real('10-', 'taskmanagers.json')) as { taskmanagers: { id: string; freeSlots: number }[] };
  if (options.free) for (const tm of tms.taskmanagers) tm.freeSlots = 1;
  const running = options.free ? [] : [{ jid: JOB_1_17, name: 'State machine job', state: 'RUNNING', 'start-time': 1686200000000 }];
  const slot = {
    resource: { cpuCores: 1, taskHeapMemory: 3327, taskOffHeapMemory: 0, managedMemory: 2867, networkMemory: 716, extendedResources: {} },
    jobId: JOB_1_17,
  };
  const answers: Record<string, { body: string }> = {
    '/overview': {
      body: JSON.stringify({
        taskmanagers: 2,
        'slots-total': 2,
        'slots-available': options.free ? 2 : 0,
        'jobs-running': running.length,
        'flink-version': version,
      }),
    },
    '/jobmanager/config': { body: real('33-', 'jobmanager-config.json') },
    '/taskmanagers': { body: JSON.stringify(tms) },
    '/jobs/overview': {
      body: JSON.stringify({ jobs: [...running, { jid: 'f'.repeat(32), name: 'done', state: 'FINISHED', 'start-time': 1 }] }),
    },
    [`/jobs/${JOB_1_17}`]: { body: real('27-', 'job-details.json') },
  };
  for (const tm of tms.taskmanagers)
    answers[`/taskmanagers/${tm.id}`] = {
      body: JSON.stringify({ ...tm, allocatedSlots: options.allocated && !options.free ? [slot] : [] }),
    };
  return answers;
}

describe('simulate --cluster http://HOST:PORT NEW-JOB...: will it fit on the running cluster now?', () => {
  const servers: FakeJobManager[] = [];
  let dir: string;
  let small: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flinkslot-rest-'));
    small = join(dir, 'small.yaml');
    writeFileSync(small, 'name: small\nvertices:\n  - {id: only, parallelism: 1}\n');
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async (answers: Record<string, { body: string }>) => {
    const s = await startFakeJobManager({ answers });
    servers.push(s);
    return s;
  };

  it('a full cluster: fits if the running job stops, or with 1 more TaskManager like its own; exit 1', async () => {
    const jm = await start(recordedCluster('1.17.1'));
    const run = await runCliAsync(['simulate', '--cluster', jm.url, small]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Cluster ${jm.url}: fits if this job stops: 'State machine job'`);
    expect(lines[1]).toBe("  or needs 1 more TaskManager like '100.97.247.74:43435-69a783' (1 slot each)");
    expect(run.stdout).toContain(
      "Flink 1.17: 2 TaskManagers, 2 slots, 0 free (GET /overview); 0 free once the running jobs' requirements are placed",
    );
    expect(run.stdout).toContain(`State machine job  ${JOB_1_17}  RUNNING: needs 2 slots`);
    expect(run.stdout).not.toContain('done');
    // The finished job is not asked for; every TaskManager's details are (1.13+).
    expect(jm.requests.map((r) => r.path)).not.toContain(`/jobs/${'f'.repeat(32)}`);
    expect(jm.requests.filter((r) => r.path.startsWith('/taskmanagers/'))).toHaveLength(2);
  });

  it('report --cluster http://…: the running cluster drawn with its job and the new one, and the same answer', async () => {
    const jm = await start(recordedCluster('1.17.1'));
    const out = join(dir, 'live.html');
    const run = await runCliAsync(['report', '--cluster', jm.url, small, '-o', out]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^wrote .*live\.html \(\d+ KiB\): 1 job\(s\), 1 vertices, 2 TaskManager\(s\), not-met\n$/);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain(`<h2>The running cluster ${jm.url}</h2>`);
    expect(html).toContain('<b>The new jobs: fits if this job stops: &#39;State machine job&#39;.</b>');
    expect(html).toContain('Or: needs 1 more TaskManager like &#39;100.97.247.74:43435-69a783&#39; (1 slot each).');
    expect(html.match(/data-task-manager="/g)).toHaveLength(2);
    expect(html).toContain('data-vertex="only"');
    const refused = await runCliAsync(['report', '--cluster', 'http://127.0.0.1:1', small]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('127.0.0.1:1');
  });

  it('a job larger than any stop can free: needs 8 more TaskManagers (the keyed job asks for 8 slots)', async () => {
    const jm = await start(recordedCluster('1.17.1'));
    const run = await runCliAsync(['simulate', '--cluster', jm.url, 'fixtures/jobs/keyed-window.yaml', '--json']);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.answer).toEqual({ kind: 'needs-task-managers', count: 8, like: '100.97.247.74:43435-69a783', slotsEach: 1 });
    expect(report.alternatives).toEqual([]);
    expect(report.newJobs).toEqual([
      { id: 'new: clicks-per-user', source: 'fixtures/jobs/keyed-window.yaml', requiredSlots: 8, verdict: 'never-met' },
    ]);
    expect(validateFit(report), JSON.stringify(validateFit.errors)).toBe(true);
  });

  it('free slots: fits now, exit 0', async () => {
    const jm = await start(recordedCluster('1.17.1', { free: true }));
    const run = await runCliAsync(['simulate', '--cluster', jm.url, small]);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(
      `Cluster ${jm.url}: fits now: the new job gets every slot it asks for on the TaskManagers running now`,
    );
  });

  it('1.19 lists allocated slots (fine-grained SlotManager): the slots each running job holds are shown', async () => {
    const jm = await start(recordedCluster('1.19.1', { allocated: true }));
    const run = await runCliAsync(['simulate', '--cluster', jm.url, small, '--json']);
    const report = JSON.parse(run.stdout);
    expect(report.simulation.slotManager).toBe('fine-grained');
    expect(report.runningJobs).toEqual([
      { id: 'State machine job', jobId: JOB_1_17, name: 'State machine job', state: 'RUNNING', requiredSlots: 2, allocatedSlots: 2 },
    ]);
    expect(report.notes.map((n: { code: string }) => n.code)).not.toContain('rest/allocated-slots');
    expect(validateFit(report), JSON.stringify(validateFit.errors)).toBe(true);
  });
});

/**
 * Placement from the JobManager's configuration: two TaskManagers of 4 slots (cpu 4, the 7g sizes of
 * folder 10), the 1.19 state machine job holding 2 default slots, and a new job whose one slot asks
 * for cpu 3.5. First fit puts both running slots on one TaskManager and the other takes the new slot;
 * taskmanager.load-balance.mode SLOTS spreads them, one per TaskManager, and cpu 3.5 fits on neither.
 */
function placementCluster(version: string, extraConfig: Record<string, string>) {
  const tms = JSON.parse(real('10-', 'taskmanagers.json')) as { taskmanagers: Record<string, unknown>[] };
  for (const tm of tms.taskmanagers) {
    tm.slotsNumber = 4;
    tm.freeSlots = 3;
    tm.totalResource = { ...(tm.totalResource as object), cpuCores: 4.0 };
    delete tm.freeResource;
  }
  const config = [
    ...(JSON.parse(real('33-', 'jobmanager-config.json')) as { key: string; value: string }[]).filter(
      (e) => e.key !== 'taskmanager.numberOfTaskSlots',
    ),
    { key: 'taskmanager.numberOfTaskSlots', value: '4' },
    ...Object.entries(extraConfig).map(([key, value]) => ({ key, value })),
  ];
  const running = [{ jid: JOB_1_17, name: 'State machine job', state: 'RUNNING', 'start-time': 1686200000000 }];
  const answers: Record<string, { body: string }> = {
    '/overview': {
      body: JSON.stringify({ taskmanagers: 2, 'slots-total': 8, 'slots-available': 6, 'jobs-running': 1, 'flink-version': version }),
    },
    '/jobmanager/config': { body: JSON.stringify(config) },
    '/taskmanagers': { body: JSON.stringify(tms) },
    '/jobs/overview': { body: JSON.stringify({ jobs: running }) },
    [`/jobs/${JOB_1_17}`]: { body: real('27-', 'job-details.json') },
  };
  for (const tm of tms.taskmanagers) answers[`/taskmanagers/${String(tm.id)}`] = { body: JSON.stringify({ ...tm, allocatedSlots: [] }) };
  return answers;
}

describe('simulate --cluster URL places slots as the JobManager configuration says', () => {
  let dir: string;
  let wide: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flinkslot-placement-'));
    wide = join(dir, 'wide.yaml');
    writeFileSync(
      wide,
      'name: wide\nslotSharingGroups:\n  - {name: wide, resources: {cpuCores: 3.5, taskHeapMemory: 256mb}}\nvertices:\n  - {id: only, parallelism: 1, slotSharingGroup: wide}\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fit = async (version: string, config: Record<string, string>) => {
    const jm = await startFakeJobManager({ answers: placementCluster(version, config) });
    try {
      const run = await runCliAsync(['simulate', '--cluster', jm.url, wide, '--json']);
      expect(run.stderr).toBe('');
      return { status: run.status, report: JSON.parse(run.stdout) };
    } finally {
      await jm.close();
    }
  };
  const codes = (report: { notes: { code: string; message: string }[] }) => report.notes.map((n) => n.code);
  /** Per TaskManager, the jobs of the slots it holds. */
  const holders = (report: { simulation: { taskManagers: { slots: { job: string }[] }[] } }) =>
    report.simulation.taskManagers.map((tm) => tm.slots.map((s) => s.job));

  it('without a placement key: first fit leaves a whole TaskManager free, the new slot fits now', async () => {
    const { status, report } = await fit('1.19.1', {});
    expect([status, report.answer.kind]).toEqual([0, 'fits-now']);
    expect(holders(report)).toEqual([['State machine job', 'State machine job'], ['new: wide']]);
    expect(codes(report)).not.toContain('rest/placement');
  });

  it('taskmanager.load-balance.mode SLOTS (1.19): the running slots are spread, the new one fits on neither TaskManager', async () => {
    const { status, report } = await fit('1.19.1', { 'taskmanager.load-balance.mode': 'SLOTS' });
    expect(status).toBe(1);
    expect(holders(report)).toEqual([['State machine job'], ['State machine job']]);
    expect(report.answer).toEqual({ kind: 'fits-if-jobs-stop', stop: ['State machine job'] });
    expect(report.notes.find((n: { code: string }) => n.code === 'rest/placement').message).toMatch(
      /^slots are placed as GET http:\/\/127\.0\.0\.1:\d+\/jobmanager\/config says: taskmanager\.load-balance\.mode: SLOTS$/,
    );
    expect(validateFit(report), JSON.stringify(validateFit.errors)).toBe(true);
  });

  it('a key the release does not have is ignored with a warning, as Flink ignores it', async () => {
    const { status, report } = await fit('1.18.1', { 'taskmanager.load-balance.mode': 'SLOTS' });
    expect([status, report.answer.kind]).toEqual([0, 'fits-now']);
    expect(report.notes.map((n: { message: string }) => n.message)).toContain(
      'taskmanager.load-balance.mode is ignored: the option is new in Flink 1.19 and the cluster runs Flink 1.18',
    );
  });
});

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas/simulation.schema.json'), 'utf8')));
const validateFit = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/cluster-fit.schema.json'), 'utf8')));
const validateMemory = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/memory.schema.json'), 'utf8')));

/**
 * Recorded clusters (fixtures/real/rest-clusters/, assembled from real answers, every alignment in
 * their artefact.yaml): what flinkslot reads and simulates equals what the cluster's answers say.
 */
describe('recorded clusters: flinkslot places the running jobs where the cluster says they are', () => {
  const base = join(ROOT, 'fixtures/real/rest-clusters');
  const folders = readdirSync(base).filter((d) => statSync(join(base, d)).isDirectory());
  let dir: string;
  let small: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'flinkslot-recorded-'));
    small = join(dir, 'one-slot.yaml');
    writeFileSync(small, 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('there are recorded clusters of the declarative and the fine-grained SlotManager', () => {
    expect(folders.length).toBeGreaterThanOrEqual(3);
  });

  for (const folder of folders) {
    it(folder, async () => {
      const expected = (load(readFileSync(join(base, folder, 'artefact.yaml'), 'utf8')) as { expected: Expected }).expected;
      const jm = await startFakeJobManager({ folder: join(base, folder) });
      try {
        const run = await runCliAsync(['simulate', '--cluster', jm.url, small, '--json']);
        expect(run.stderr).toBe('');
        const report = JSON.parse(run.stdout);
        expect(validateFit(report), JSON.stringify(validateFit.errors)).toBe(true);
        expect(report.cluster).toMatchObject({
          flinkVersion: expected.flinkVersion.split('.').slice(0, 2).join('.'),
          taskManagers: expected.taskManagers,
          slotsTotal: expected.slotsTotal,
          slotsAvailable: expected.slotsFree,
          slotsFreeSimulated: expected.slotsFree,
        });
        expect(report.simulation.slotManager).toBe(expected.slotManager);
        expect(report.runningJobs.map((j: { jobId: string; requiredSlots: number }) => [j.jobId, j.requiredSlots])).toEqual(
          expected.runningJobs.map((j) => [j.jid, j.slotsHeld]),
        );
        const listed = Object.values(expected.taskManagerSlots).some((tm) => tm.allocatedSlots.length > 0);
        for (const j of report.runningJobs)
          expect(j.allocatedSlots).toBe(listed ? expected.runningJobs.find((e) => e.jid === j.jobId)!.slotsHeld : undefined);
        expect(report.answer.kind).toBe(expected.slotsFree > 0 ? 'fits-now' : 'fits-if-jobs-stop');
        expect(run.status).toBe(expected.slotsFree > 0 ? 0 : 1);
        for (const job of expected.runningJobs) {
          const plan = await runCliAsync(['plan', `${jm.url}/jobs/${job.jid}`, '--json']);
          expect(JSON.parse(plan.stdout).minimumSlots, job.jid).toBe(job.slotsHeld);
        }
        // import keeps the cluster and each running job as files, with the release of GET /overview.
        const release = expected.flinkVersion.split('.').slice(0, 2).join('.');
        const kept = join(dir, `${folder}.yaml`);
        const cluster = await runCliAsync(['import', jm.url, '-o', kept]);
        expect(cluster.stderr).toBe('');
        const clusterText = readFileSync(kept, 'utf8');
        expect(clusterText).toContain(`# Notes:\n`);
        expect(clusterText).toContain(
          `#   - flinkVersion ${release}: the cluster runs Flink ${expected.flinkVersion} (GET ${jm.url}/overview)`,
        );
        expect((load(clusterText) as { flinkVersion: string }).flinkVersion).toBe(release);
        const offline = await runCliAsync(['simulate', '--cluster', kept, small, '--json']);
        expect(JSON.parse(offline.stdout).flinkVersion).toBe(release);
        const jobYaml = await runCliAsync(['import', `${jm.url}/jobs/${expected.runningJobs[0]!.jid}`]);
        expect((load(jobYaml.stdout) as { flinkVersion: string }).flinkVersion).toBe(release);
        // Every TaskManager reports the memory the JobManager's configuration gives, to the byte.
        const memory = await runCliAsync(['memory', jm.url, '--json']);
        expect(memory.status).toBe(0);
        const sizes = JSON.parse(memory.stdout);
        expect(validateMemory(sizes), JSON.stringify(validateMemory.errors)).toBe(true);
        expect(sizes.flinkVersionSource).toBe('file');
        expect(sizes.reportedByTaskManagers).toMatchObject({
          taskManagers: expected.taskManagers,
          agreeing: expected.taskManagers,
          differing: [],
        });
      } finally {
        await jm.close();
      }
    });
  }
});

interface Expected {
  flinkVersion: string;
  slotManager: string;
  taskManagers: number;
  slotsTotal: number;
  slotsFree: number;
  runningJobs: { jid: string; slotsHeld: number }[];
  taskManagerSlots: Record<string, { allocatedSlots: unknown[] }>;
}
