/**
 * `flinkslot memory http://HOST:8081`: the TaskManager memory a running cluster's configuration
 * gives (GET /jobmanager/config, with the release of GET /overview), checked against what its
 * TaskManagers report of themselves (GET /taskmanagers: memoryConfiguration in exact bytes and
 * slotsNumber). The JobManager's configuration is the TaskManagers' in a session or application
 * cluster started from one configuration; a TaskManager that differs was started with other options,
 * and the report names it and the components that differ.
 */
import { type Result, fail, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { answerData, releaseOf } from '../parse/rest/cluster-snapshot.js';
import { type ReportedField, type ReportedTaskManager, REPORTED_FIELDS, readReportedMemory } from '../parse/rest/reported-memory.js';
import { jobManagerConfigText } from '../parse/rest/rest-answers.js';
import { locateDiagnostics } from '../parse/source-map.js';
import type { MemoryReport, ReportedMemoryCheck, ReportedDifference } from '../report/memory-report.js';
import { bytesToJson } from '../model/profile-json.js';
import { type MemoryOptions, memoryFromText } from './memory.js';

export interface MemoryAnswers {
  /** GET /jobmanager/config */
  readonly jobManagerConfig: SourceText;
  /** GET /overview (the release), when it answered. */
  readonly overview?: SourceText;
  /** GET /taskmanagers (what each TaskManager reports), when it answered. */
  readonly taskManagers?: SourceText;
}

/** memoryConfiguration's field → the component of the memory report. */
const COMPONENT_OF: Readonly<Record<ReportedField, keyof MemoryReport['components']>> = {
  frameworkHeap: 'frameworkHeap',
  taskHeap: 'taskHeap',
  frameworkOffHeap: 'frameworkOffHeap',
  taskOffHeap: 'taskOffHeap',
  networkMemory: 'network',
  managedMemory: 'managed',
  jvmMetaspace: 'jvmMetaspace',
  jvmOverhead: 'jvmOverhead',
  totalFlinkMemory: 'totalFlink',
  totalProcessMemory: 'totalProcess',
};

/** Distinct differences listed; the rest are counted. */
const MAX_GROUPS = 10;

export function memoryOfLiveCluster(answers: MemoryAnswers, options: MemoryOptions = {}): Result<MemoryReport> {
  const config = answers.jobManagerConfig;
  const data = answerData(config);
  if (!data.ok) return data;
  const text = jobManagerConfigText(data.value, config.file);
  if (!text.ok) return fail(locateDiagnostics(text.diagnostics, config.text, config.file));
  const release = options.flinkVersion === undefined ? releaseOf(answers.overview) : undefined;
  const derived = memoryFromText(text.value, config.file, release === undefined ? options : { ...options, flinkVersion: release });
  if (!derived.ok) return derived;
  const report = derived.value;
  const notes = [`the configuration is the JobManager's (GET ${config.file}), as the TaskManagers started from it have it`];
  if (release !== undefined) {
    report.flinkVersionSource = 'file';
    notes.unshift(`Flink ${release}, as GET ${answers.overview!.file} says`);
  }
  report.notes = [...notes, ...(report.notes ?? [])];
  const reported = answers.taskManagers === undefined ? undefined : answerData(answers.taskManagers);
  if (reported?.ok) report.reportedByTaskManagers = compareReported(readReportedMemory(reported.value), report, answers.taskManagers!.file);
  return ok(report, derived.warnings);
}

/** Groups the TaskManagers by how they differ from the derived sizes; agreeing ones are counted. */
export function compareReported(tms: readonly ReportedTaskManager[], report: MemoryReport, url: string): ReportedMemoryCheck {
  const groups = new Map<string, { taskManagers: string[]; difference: ReportedDifference }>();
  let agreeing = 0;
  let notReporting = 0;
  for (const tm of tms) {
    if (tm.memory === undefined) {
      notReporting++;
      continue;
    }
    const difference = differenceOf(tm, report);
    if (difference === undefined) {
      agreeing++;
      continue;
    }
    const key = JSON.stringify(difference);
    const group = groups.get(key) ?? { taskManagers: [], difference };
    group.taskManagers.push(tm.id);
    groups.set(key, group);
  }
  const all = [...groups.values()].sort((a, b) => b.taskManagers.length - a.taskManagers.length);
  return {
    url,
    taskManagers: tms.length,
    agreeing,
    notReporting,
    differing: all.slice(0, MAX_GROUPS).map((g) => ({ taskManagers: g.taskManagers, ...g.difference })),
    ...(all.length > MAX_GROUPS ? { moreDifferences: all.length - MAX_GROUPS } : {}),
  };
}

function differenceOf(tm: ReportedTaskManager, report: MemoryReport): ReportedDifference | undefined {
  const components: ReportedDifference['components'] = [];
  for (const field of REPORTED_FIELDS) {
    const reported = tm.memory?.[field];
    const component = COMPONENT_OF[field];
    const derived = BigInt(report.components[component]);
    if (reported !== undefined && reported !== derived)
      components.push({ component, reported: bytesToJson(reported), derived: bytesToJson(derived) });
  }
  const slots = tm.slotsNumber !== undefined && tm.slotsNumber !== report.numberOfTaskSlots ? tm.slotsNumber : undefined;
  if (components.length === 0 && slots === undefined) return undefined;
  return { components, ...(slots === undefined ? {} : { numberOfTaskSlots: slots }) };
}
