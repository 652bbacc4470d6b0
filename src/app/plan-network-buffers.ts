/**
 * `plan --tm-config`: the network buffers the job's tasks require on the configured TaskManagers
 * (execution/network-buffer-check.ts), read through the memory model (FLIP-49 network memory, slots),
 * added to the plan report. A job whose subtask-level analysis fails (too many subtasks, a
 * co-location constraint Flink refuses) keeps its plan and gets a warning instead. The subtask-level
 * analysis is the caller's, shared with `--execution`.
 */
import { type Diagnostic, type Result, warning } from '../errors/diagnostic.js';
import type { ExecutionAnalysis } from '../execution/analyze-execution.js';
import { type TaskManagerNetwork, checkNetworkBuffers } from '../execution/network-buffer-check.js';
import { type ConfiguredTaskManager, configuredTaskManager } from '../memory/task-manager-slot-size.js';
import type { JobGraph } from '../model/job-graph.js';
import { isSpecified } from '../model/resource-profile.js';
import type { SourceText } from '../model/source-text.js';
import { networkBuffersToJson } from '../report/network-buffers-report.js';
import type { PlanReport } from '../report/plan-report.js';

/** What the check reads of a configured TaskManager: its network memory, slots, and the memory model again for a fix. */
export function taskManagerNetwork(tm: ConfiguredTaskManager): TaskManagerNetwork {
  return {
    networkMemory: tm.setup.memory.network,
    numberOfTaskSlots: tm.setup.resources.numberOfTaskSlots,
    totalFlinkMemory: tm.setup.memory.totalFlink,
    networkMemoryWith: (keys) => {
      const setup = tm.setupWith(new Map(Object.entries(keys)));
      return setup.ok ? setup.value.memory.network : undefined;
    },
  };
}

export function networkBuffersNotCounted(reason: string): Diagnostic {
  return warning('plan/network-buffers-not-counted', `network buffers not counted: ${reason}`, '');
}

/** Adds `networkBuffers` to the report, or a warning saying why they could not be counted. */
export function withNetworkBuffers(
  report: PlanReport,
  job: { readonly graph: JobGraph },
  execution: Result<ExecutionAnalysis>,
  tmConfig: SourceText,
  file: string | undefined,
): void {
  const taskManager = configuredTaskManager({ text: tmConfig.text, file: tmConfig.file }, job.graph.flinkVersion);
  // The job was already sized with this configuration: it reads.
  if (!taskManager.ok) return;
  if (!execution.ok) {
    const reason = execution.diagnostics[0]?.message ?? 'the subtask-level analysis failed';
    report.warnings = [
      ...report.warnings,
      { ...networkBuffersNotCounted(reason), location: { pointer: '', ...(file === undefined ? {} : { file }) } },
    ];
    return;
  }
  const json = networkBuffersToJson(checkNetworkBuffers(job.graph, execution.value, taskManagerNetwork(taskManager.value)));
  // Fine-grained slots are carved from the TaskManager's resources: how many share one is not numberOfTaskSlots.
  if (execution.value.slotProfiles.some(isSpecified)) json.declaredResources = true;
  report.networkBuffers = json;
}
