/**
 * `flinkslot explain --json` (schemas/explain.schema.json): a LogExplanation as report data. Log
 * text reaches the report as printed, cut to POINT_TEXT characters (a line of a million characters
 * is a record too); JSON escapes what a terminal must not see raw.
 */
import { formatVersion } from '../../model/flink-version.js';
import type { ExplainJson, LogPoint as LogPointJson } from '../../model/json/explain.js';
import { profileToJson } from '../../model/profile-json.js';
import type { LogPoint } from '../../parse/log/log-facts.js';
import type { ExplainedJob, ExplainedTaskManager, LogExplanation, TimelineEntry } from '../../sim/log/log-explanation.js';

/** The report's types are generated from schemas/explain.schema.json (src/model/json/explain.ts). */
export type ExplainReport = ExplainJson;
export type ExplainJobJson = ExplainJson['jobs'][number];
export type ExplainTaskManagerJson = ExplainJson['taskManagers'][number];
export type ExplainTimelineJson = ExplainJson['timeline'][number];
export type { LogPointJson };

/** Characters of a log line kept in the JSON report. */
export const POINT_TEXT = 1000;

/** `text` cut to `max` characters (code points), with … when longer. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text.slice(0, max + 1));
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

export function pointJson(p: LogPoint): LogPointJson {
  return { file: p.file, line: p.line, text: cutText(p.text, POINT_TEXT), ...(p.level === undefined ? {} : { level: p.level }) };
}

function jobJson(j: ExplainedJob): ExplainJobJson {
  return {
    id: j.id,
    ...(j.name === undefined ? {} : { name: j.name }),
    requiredSlots: j.requiredSlots ?? null,
    acquiredSlots: j.acquiredSlots ?? null,
    verdict: j.verdict,
    ...(j.status === undefined ? {} : { status: j.status }),
    requirements: j.requirements.map((r) => ({ profile: profileToJson(r.profile), count: r.count })),
    ...(j.metAt === undefined ? {} : { metAt: pointJson(j.metAt) }),
    ...(j.failedAt === undefined ? {} : { failedAt: pointJson(j.failedAt) }),
  };
}

function taskManagerJson(t: ExplainedTaskManager): ExplainTaskManagerJson {
  return {
    id: t.id,
    slots: t.slots ?? null,
    ...(t.total === undefined ? {} : { total: profileToJson(t.total) }),
    ...(t.host === undefined ? {} : { host: t.host }),
    lost: t.lost,
    ...(t.lossCause === undefined ? {} : { lossCause: t.lossCause }),
    ...(t.registeredAt === undefined ? {} : { registeredAt: pointJson(t.registeredAt) }),
    ...(t.lostAt === undefined ? {} : { lostAt: pointJson(t.lostAt) }),
  };
}

function timelineJson(e: TimelineEntry): ExplainTimelineJson {
  return {
    at: pointJson(e.at),
    offset: e.offset ?? null,
    kind: e.kind,
    ...(e.job === undefined ? {} : { job: e.job }),
    ...(e.taskManager === undefined ? {} : { taskManager: e.taskManager }),
    ...(e.requiredSlots === undefined ? {} : { requiredSlots: e.requiredSlots }),
    ...(e.acquiredSlots === undefined ? {} : { acquiredSlots: e.acquiredSlots }),
    text: cutText(e.text, POINT_TEXT),
  };
}

export interface ExplainReportOptions {
  /** The releases the log's message forms allow, when the release comes from them. */
  readonly versionRange?: ExplainJson['flinkVersionRange'];
}

/** `files`: the logs read, in the order given. */
export function buildExplainReport(x: LogExplanation, files: readonly string[], options: ExplainReportOptions = {}): ExplainReport {
  return {
    explainVersion: 1,
    files: [...files],
    records: x.records,
    recognisedRecords: x.recognisedRecords,
    flinkVersion: x.flinkVersion === undefined ? null : formatVersion(x.flinkVersion),
    flinkVersionSource: x.flinkVersionSource ?? null,
    ...(options.versionRange === undefined ? {} : { flinkVersionRange: options.versionRange }),
    slotManager: x.slotManager ?? null,
    resourceManager: x.resourceManager ?? null,
    deployment: x.deployment ?? null,
    jobs: x.jobs.map(jobJson),
    taskManagers: x.taskManagers.map(taskManagerJson),
    workersRequested: x.workersRequested,
    workersRegistered: x.workersRegistered,
    ...(x.network === undefined
      ? {}
      : {
          network: {
            required: x.network.required,
            available: x.network.available,
            total: x.network.total ?? null,
            ...(x.network.segmentSize === undefined ? {} : { segmentSize: x.network.segmentSize }),
          },
        }),
    diagnosis: {
      code: x.diagnosis.code,
      message: x.diagnosis.message,
      fixes: x.diagnosis.fixes.map((f) => ({ text: f.text, proven: f.proven })),
      evidence: x.diagnosis.evidence.map(pointJson),
    },
    replay: {
      replayed: x.replay.replayed,
      verdicts: x.replay.verdicts.map((v) => ({ job: v.job, verdict: v.verdict })),
      disagreements: [...x.replay.disagreements],
      ...(x.replay.notes === undefined ? {} : { notes: [...x.replay.notes] }),
    },
    ...(x.slotPool === undefined
      ? {}
      : {
          slotPool: {
            registeredTaskManagers: x.slotPool.registeredTaskManagers ?? null,
            registeredSlots: x.slotPool.registeredSlots ?? null,
            freeSlots: x.slotPool.freeSlots ?? null,
          },
        }),
    timeline: x.timeline.map(timelineJson),
    ...(x.timelineOmitted === undefined || x.timelineOmitted === 0 ? {} : { timelineOmitted: x.timelineOmitted }),
  };
}
