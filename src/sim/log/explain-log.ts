/**
 * `flinkslot explain`'s core (issue 28 §2): a log's facts → the cluster and jobs rebuilt, what the
 * log says each job got, a replay through the embedded SlotManager compared with it, one diagnosis
 * with its evidence and fixes (proven by a replay where the log gives enough), and the timeline.
 * Pure and bounded: linear passes over the facts, replays of a bounded model.
 */
import { type FlinkVersion, formatVersion } from '../../model/flink-version.js';
import type { LogFacts, LogPoint } from '../../parse/log/log-facts.js';
import { diagnose } from './diagnose-log.js';
import type { ExplainedJob, ExplainedTaskManager, LogExplanation } from './log-explanation.js';
import { logFixes } from './log-fixes.js';
import { explainRelease } from './log-release.js';
import { logTimeline } from './log-timeline.js';
import { type JobFromLog, jobFromLog } from './log-verdicts.js';
import { pointOrder } from './point-order.js';
import { type RebuiltCluster, rebuildCluster } from './rebuild-cluster.js';
import { type RebuiltJob, rebuildJobs } from './rebuild-jobs.js';
import { compareReplay } from './replay-compare.js';
import { replayModel } from './replay-model.js';
import { slotsOf } from './task-manager-slots.js';
import { type ReplayResult, runReplay } from './replay-run.js';

export interface ExplainLogOptions {
  /** `--flink-version`: used only when the log names no release. */
  readonly flinkVersion?: FlinkVersion;
  /** The release the log's message forms narrow it to (the slot-protocol recognisers'), when they do. */
  readonly messageFormsVersion?: FlinkVersion;
  /**
   * The releases the message forms allow, when they allow several: the explanation names no release
   * then (a guess is no fact), and the replay applies the latest of them, saying so in its notes.
   */
  readonly messageFormsRange?: { readonly earliest: FlinkVersion; readonly latest: FlinkVersion };
}

function taskManagers(cluster: RebuiltCluster): ExplainedTaskManager[] {
  return cluster.taskManagers.map((tm) => ({
    id: tm.id,
    slots: slotsOf(tm, cluster),
    ...(tm.total === undefined ? {} : { total: tm.total }),
    ...(tm.host === undefined ? {} : { host: tm.host }),
    lost: tm.lost,
    ...(tm.registrations[0] === undefined ? {} : { registeredAt: tm.registrations[0] }),
    ...(tm.lostAt === undefined ? {} : { lostAt: tm.lostAt }),
    ...(tm.lossCause === undefined ? {} : { lossCause: tm.lossCause }),
  }));
}

/** The job as the log shows it; its acquired slots from the replay where the log does not say them. */
function publicJob(j: JobFromLog, replay: ReplayResult | undefined): ExplainedJob {
  const { resourceFailures: _f, failureCause: _c, failureText: _t, everMet: _e, requestedAt: _r, metPoints: _m, givenAt: _g, ...job } = j;
  const replayed = replay?.jobs.find((r) => r.job === j.id);
  // Only a replay that agrees with the log (both short, or both met) may fill in what the log does not say.
  const held = (v: string): boolean => v === 'met' || v === 'partly-met';
  if (
    job.acquiredSlots !== undefined ||
    replayed === undefined ||
    job.verdict === 'unknown' ||
    held(job.verdict) !== held(replayed.verdict)
  )
    return job;
  return { ...job, acquiredSlots: replayed.acquired };
}

/** The free slots of each job's last "could not fulfill" line, when some were free. */
function notFulfilledFree(jobs: readonly RebuiltJob[]): Map<string, { free: number; at: LogPoint }> {
  const out = new Map<string, { free: number; at: LogPoint }>();
  for (const j of jobs)
    if (j.notFulfilledFreeSlots !== undefined && j.notFulfilledFreeSlots > 0 && j.notFulfilledAt !== undefined)
      out.set(j.id, { free: j.notFulfilledFreeSlots, at: j.notFulfilledAt });
  return out;
}

export function explainLog(facts: LogFacts, options: ExplainLogOptions = {}): LogExplanation {
  const order = pointOrder(facts.facts);
  const release = explainRelease(facts.facts, options.flinkVersion, options.messageFormsVersion);
  const cluster = rebuildCluster(facts.facts);
  const rebuilt = rebuildJobs(facts.facts, order);
  const onlyJob = rebuilt.jobs.length === 1;
  const jobs = rebuilt.jobs.map((j) => jobFromLog(j, cluster, rebuilt.failures, { onlyJob, order }));
  const range = release.version === undefined ? options.messageFormsRange : undefined;
  const replayVersion = release.version ?? range?.latest;
  const versionNote =
    range === undefined
      ? undefined
      : `the log names no release and its message forms allow ${formatVersion(range.earliest)} to ${formatVersion(range.latest)}: the replay applies ${formatVersion(range.latest)}`;
  const model = replayModel(cluster, rebuilt.jobs, replayVersion, order, versionNote);
  const replay = model === undefined ? undefined : runReplay(model);
  const finding = diagnose(
    { cluster, jobs, failures: rebuilt.failures, joblessGiven: rebuilt.joblessGiven, replay, order },
    notFulfilledFree(rebuilt.jobs),
  );
  const fixes = logFixes({ finding, cluster, model, replay, version: replayVersion });
  const timeline = logTimeline(facts.facts);
  const pool = cluster.slotPoolStatus;
  return {
    flinkVersion: release.version,
    flinkVersionSource: release.source,
    slotManager: cluster.slotManager,
    resourceManager: cluster.resourceManager,
    deployment: cluster.deployment,
    jobs: jobs.map((j) => publicJob(j, replay)),
    taskManagers: taskManagers(cluster),
    workersRequested: cluster.workersRequested,
    workersRegistered: cluster.workersRegistered,
    network:
      cluster.network === undefined
        ? undefined
        : {
            required: cluster.network.required,
            available: cluster.network.available,
            total: cluster.network.total,
            ...(cluster.network.segmentSize === undefined ? {} : { segmentSize: cluster.network.segmentSize }),
          },
    diagnosis: { code: finding.code, message: finding.message, fixes, evidence: finding.evidence },
    replay: compareReplay(jobs, model, replay, cluster.workersRequested),
    timeline: timeline.entries,
    ...(pool === undefined
      ? {}
      : {
          slotPool: {
            registeredTaskManagers: pool.registeredTaskManagers,
            registeredSlots: pool.registeredSlots,
            freeSlots: pool.freeSlots,
          },
        }),
    ...(timeline.omitted === 0 ? {} : { timelineOmitted: timeline.omitted }),
    records: facts.records,
    recognisedRecords: facts.recognisedRecords,
  };
}
