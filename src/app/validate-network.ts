/**
 * `validate`'s network-buffer finding (issue 26 §1): on fully used TaskManagers of the policy's
 * TaskManager configuration (execution/network-buffer-check.ts, as `plan --tm-config` counts them),
 * or where the policy's cluster places the job (the simulation's verdict 'failing'), the tasks of a
 * TaskManager require more network buffers than its pool holds: Flink fails them at deployment.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import { analyzeExecution } from '../execution/analyze-execution.js';
import { type NetworkBufferCheck, checkNetworkBuffers } from '../execution/network-buffer-check.js';
import { configuredTaskManager } from '../memory/task-manager-slot-size.js';
import type { SourceText } from '../model/source-text.js';
import type { JobAnalysis } from '../plan/analyze-job.js';
import { taskManagerNetwork } from './plan-network-buffers.js';
import type { NetworkBufferFailureJson } from '../report/simulation-report.js';
import { count } from '../util/plural.js';
import { printable } from '../util/printable.js';

/** The finding for the policy's TaskManager configuration; undefined when the buffers fit or cannot be counted. */
export function tmConfigNetworkFinding(analysis: JobAnalysis, tmConfig: SourceText): Diagnostic | undefined {
  const check = networkCheck(analysis, tmConfig);
  if (check === undefined || check.fits) return undefined;
  const tm = `${count(check.slotsPerTaskManager, 'slot')}, ${check.total} network buffers of ${check.segmentSize} bytes`;
  const which = check.taskManagers === 1 ? 'its' : 'the most demanding one’s';
  const message =
    `on fully used TaskManagers of ${printable(tmConfig.file)} (${tm}) ${which} tasks require ${check.required} buffers, and Flink fails them at deployment: ` +
    `${check.failure!.message}${fixText(check)}`;
  return { code: 'network/insufficient-buffers', severity: 'error', message, location: { pointer: '' } };
}

/** The finding for a job the policy's cluster places on a TaskManager whose pool refuses its tasks. */
export function clusterNetworkFinding(failure: NetworkBufferFailureJson, clusterFile: string): Diagnostic {
  const message = `on the cluster ${printable(clusterFile)}, TaskManager ${printable(failure.taskManager)} cannot serve the network buffers of the job's tasks placed there, and Flink fails them at deployment: ${failure.message}`;
  return { code: 'network/insufficient-buffers', severity: 'error', message, location: { pointer: '' } };
}

function networkCheck(analysis: JobAnalysis, tmConfig: SourceText): NetworkBufferCheck | undefined {
  const taskManager = configuredTaskManager({ text: tmConfig.text, file: tmConfig.file }, analysis.graph.flinkVersion);
  const execution = analyzeExecution(analysis);
  if (!taskManager.ok || !execution.ok) return undefined;
  return checkNetworkBuffers(analysis.graph, execution.value, taskManagerNetwork(taskManager.value));
}

/** ` To fit, one of: …` from the check's computed fixes. */
function fixText(check: NetworkBufferCheck): string {
  const a = check.advice ?? {};
  const keys = (k: Record<string, string>): string =>
    Object.entries(k)
      .map(([key, v]) => `${key}: ${v}`)
      .join(', ');
  const options: string[] = [];
  if (a.networkMemory) options.push(`${keys(a.networkMemory.keys)} (${a.networkMemory.total} buffers)`);
  if (a.fraction) options.push(`${keys(a.fraction.keys)} (${a.fraction.total} buffers)`);
  if (a.slotsPerTaskManager !== undefined && a.slotsPerTaskManager.slots > 0)
    options.push(`taskmanager.numberOfTaskSlots: ${a.slotsPerTaskManager.slots} (${a.slotsPerTaskManager.required} buffers required)`);
  if (a.buffersPerChannel?.fits)
    options.push(`taskmanager.network.memory.buffers-per-channel: 1 (${a.buffersPerChannel.required} buffers required)`);
  return options.length === 0 ? '' : ` To fit, one of: ${options.join('; ')}.`;
}
