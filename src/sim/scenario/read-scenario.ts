/**
 * Scenario and cluster files (already schema-valid data) → Scenario values, one per variant, with
 * located diagnostics for what the schema cannot say: unknown profile names, impossible
 * TaskManagers, duplicate ids, events that name unknown TaskManagers or jobs, job graphs that do
 * not plan. The cluster and the timeline have readers of their own.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../../errors/diagnostic.js';
import { type FlinkVersion, type FlinkVersionSource, formatVersion } from '../../model/flink-version.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { VertexInformation } from '../scheduler/slot-sharing-slot-allocator.js';
import { ProfileTable } from './profile-table.js';
import type { TargetWays } from '../../memory/task-manager-cpu.js';
import { readCluster } from './read-cluster.js';
import { readEvents } from './read-events.js';
import { selectScenarioVersion } from './scenario-version.js';
import { DEFAULTS, type Raw, Reader } from './reader.js';
import { idleCheckBound } from './time-bounds.js';
import { startedWorkersBound } from './worker-bounds.js';
import type { JobDefinition, JobNetwork, Scenario } from './scenario.js';
import { pushAll } from '../../util/push-all.js';

export interface PlannedJob {
  /** The job graph's name ('job' when the file names none). */
  readonly jobName?: string;
  readonly requirements: readonly ProfileCount[];
  readonly vertices: readonly VertexInformation[];
  readonly flinkVersion: FlinkVersion;
  readonly flinkVersionSource: FlinkVersionSource;
  /** Its network-buffer plan; undefined when the subtask-level analysis could not be made. */
  readonly network?: JobNetwork | undefined;
}

/** Plans a job graph file named in a scenario (the command reads it); diagnostics are the file's own. */
export type JobGraphPlanner = (path: string, pointer: string) => Result<PlannedJob>;

function jobs(r: Reader, data: Raw, planJobGraph: JobGraphPlanner): JobDefinition[] {
  const seen = new Set<string>();
  return ((data.jobs ?? []) as Raw[]).flatMap((job, i) => {
    const p = `/jobs/${i}`;
    const id = String(job.id);
    if (seen.has(id)) {
      r.out.push(error('scenario/duplicate-job', `job id '${id}' is used twice`, `${p}/id`));
      return [];
    }
    seen.add(id);
    let requirements = r.requirements(job.requirements, `${p}/requirements`);
    let vertices: readonly VertexInformation[] | undefined;
    let flinkVersion: JobDefinition['flinkVersion'];
    let network: JobNetwork | undefined;
    if (job.jobGraph !== undefined) {
      const planned = planJobGraph(String(job.jobGraph), `${p}/jobGraph`);
      if (!planned.ok) {
        pushAll(r.out, planned.diagnostics);
        return [];
      }
      requirements = [...planned.value.requirements];
      vertices = planned.value.vertices;
      flinkVersion = { version: planned.value.flinkVersion, source: planned.value.flinkVersionSource };
      network = planned.value.network;
    } else if (job.requirements === undefined) {
      r.out.push(error('scenario/job', `job '${id}' needs requirements or a jobGraph`, p));
    }
    const submitAt = job.submitAt === undefined ? undefined : r.duration(job.submitAt, `${p}/submitAt`, 0);
    const finishAt = job.finishAt === undefined ? undefined : r.duration(job.finishAt, `${p}/finishAt`, 0);
    return [
      {
        id,
        requirements,
        submitAt,
        finishAt,
        vertices,
        source: job.jobGraph === undefined ? undefined : String(job.jobGraph),
        pointer: p,
        flinkVersion,
        network,
      },
    ];
  });
}

export interface ReadOptions {
  /** `--flink-version`: replaces the file's (see scenario-version.ts for the order). */
  readonly flinkVersion?: FlinkVersion;
  readonly planJobGraph: JobGraphPlanner;
  /** Jobs from the command line (`simulate --cluster C JOB...`), submitted at 0 in order. */
  readonly extraJobs?: readonly JobDefinition[];
  /** How the deployment target can be named in what the user gave; default: a cluster file's deploymentTarget. */
  readonly targetWays?: TargetWays;
}

/** A scenario file's data (or a cluster file's, with `isCluster`) → one scenario per variant. */
export function readScenario(data: Raw, isCluster: boolean, options: ReadOptions): Result<Scenario[]> {
  const clusterData = (isCluster ? data : data.cluster) as Raw;
  const at = isCluster ? '' : '/cluster';
  const out: Diagnostic[] = [];
  const table = new ProfileTable(
    { ...((data.profiles ?? {}) as Raw), ...(isCluster ? {} : ((clusterData.profiles ?? {}) as Raw)) },
    '/profiles',
    out,
  );
  // The jobs are the same in every variant; the cluster's version may come from them.
  const jobReader = new Reader(table);
  const allJobs = [...(isCluster ? [] : jobs(jobReader, data, options.planJobGraph)), ...(options.extraJobs ?? [])];
  const versionText = data.flinkVersion ?? clusterData.flinkVersion;
  const versionAt = data.flinkVersion !== undefined ? '/flinkVersion' : `${at}/flinkVersion`;
  const version = selectScenarioVersion(options.flinkVersion, versionText, versionAt, allJobs, out);
  pushAll(out, jobReader.out);
  const variants = (data.variants ?? [undefined]) as (Raw | undefined)[];
  const scenarios: Scenario[] = [];
  variants.forEach((variant, vi) => {
    const r = new Reader(table);
    const merged: Raw = variant === undefined ? clusterData : mergeVariant(clusterData, variant);
    const cluster = readCluster(r, merged, at, version.version, options.targetWays);
    const eventList = (variant?.events ?? data.events ?? []) as Raw[];
    const eventsAt = variant?.events !== undefined ? `/variants/${vi}/events` : '/events';
    const timed = cluster === undefined ? [] : readEvents(r, eventList, eventsAt, cluster, new Set(allJobs.map((j) => j.id)));
    const until = data.until === undefined ? undefined : r.duration(data.until, '/until', 0);
    if (cluster !== undefined) {
      const tooLong = idleCheckBound(cluster, allJobs, timed, until, at, DEFAULTS.slotRequestTimeout);
      const tooMany = startedWorkersBound(cluster, allJobs, timed, at);
      for (const d of [tooLong, tooMany]) if (d !== undefined) r.out.push(d);
    }
    pushAll(out, r.out);
    if (cluster !== undefined) {
      const label = variant === undefined ? undefined : String(variant.name ?? `variant ${vi + 1}`);
      scenarios.push({
        name: data.name === undefined ? undefined : String(data.name),
        flinkVersion: formatVersion(version.version),
        flinkVersionSource: version.source,
        notes: [...version.notes, ...r.notes],
        cluster,
        jobs: allJobs,
        events: timed,
        until,
        variant: label,
      });
    }
  });
  const errors = dedupe(out);
  return errors.length > 0 ? fail(errors) : ok(scenarios);
}

function mergeVariant(cluster: Raw, v: Raw): Raw {
  const merged: Raw = { ...cluster, options: { ...((cluster.options ?? {}) as Raw), ...((v.options ?? {}) as Raw) } };
  for (const k of ['taskManagers', 'pendingTaskManagers', 'strategyResult']) if (v[k] !== undefined) merged[k] = v[k];
  return merged;
}

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const key = `${d.code}|${d.message}|${d.location?.pointer ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
