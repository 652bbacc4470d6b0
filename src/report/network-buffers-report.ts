/**
 * The network-buffer check of `plan --tm-config` (execution/network-buffer-check.ts) → the plan
 * report's `networkBuffers` (plain data; schemas/plan.schema.json) and its text section.
 */
import type { NetworkBufferCheck } from '../execution/network-buffer-check.js';
import { formatBytes } from '../model/memory-size.js';
import { count } from '../util/plural.js';
import { bytesToJson } from '../model/profile-json.js';
import type { PlanJson } from '../model/json/plan.js';
import type { Style } from './style.js';
import { pushAll } from '../util/push-all.js';

/** The plan report's `networkBuffers`, as schemas/plan.schema.json describes it (generated type). */
export type NetworkBuffersJson = NonNullable<PlanJson['networkBuffers']>;

export function networkBuffersToJson(c: NetworkBufferCheck): NetworkBuffersJson {
  return {
    total: c.total,
    required: c.required,
    fits: c.fits,
    segmentSize: c.segmentSize,
    networkMemory: bytesToJson(c.networkMemory),
    slotsPerTaskManager: c.slotsPerTaskManager,
    slots: c.slots,
    taskManagers: c.taskManagers,
    mostDemandingTaskManager: c.mostDemanding,
    ...(c.mostDemandingWave === undefined ? {} : { mostDemandingWave: c.mostDemandingWave }),
    pools: c.pools,
    exclusive: c.exclusive,
    requestSizes: [...c.requestSizes],
    perVertex: c.perVertex.map((v) => ({ ...v })),
    counted: c.counted,
    ...(c.failure === undefined ? {} : { failure: { ...c.failure } }),
    ...(c.advice === undefined ? {} : { advice: structuredClone(c.advice) }),
  };
}

const keysText = (keys: Record<string, string>): string =>
  Object.entries(keys)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** The text section: the answer first, then Flink's message and what to change. */
/** At most this many vertices named in the text's breakdown (the largest shares); `--json` has all. */
const VERTICES_SHOWN = 5;

function byVertexLine(n: NetworkBuffersJson, label: (id: string) => string): string[] {
  if (n.perVertex.length === 0) return [];
  const largest = [...n.perVertex].sort((a, b) => b.required - a.required).slice(0, VERTICES_SHOWN);
  const shown = largest.map((v) => `${label(v.vertex)} ${v.required} (${count(v.subtasks, 'subtask')})`).join(', ');
  const rest = n.perVertex.length - largest.length;
  return [`  By vertex there: ${shown}${rest > 0 ? `, … ${rest} more (--json)` : ''}.`];
}

export function renderNetworkBuffersText(n: NetworkBuffersJson, s: Style, label: (id: string) => string = (id) => id): string[] {
  const tm = `${count(n.slotsPerTaskManager, 'slot')}, network ${formatBytes(BigInt(n.networkMemory))} = ${n.total} buffers of ${formatBytes(BigInt(n.segmentSize))}`;
  const lines = [s.heading(`Network buffers (TaskManager: ${tm})`)];
  const split = `${n.required} buffers: ${n.pools} for partition and gate pools, ${n.exclusive} exclusive for remote channels.`;
  if (n.mostDemandingWave === undefined) {
    const which = n.taskManagers === 1 ? 'it requires' : `the most demanding (TaskManager ${n.mostDemandingTaskManager + 1}) requires`;
    lines.push(`  The job's ${count(n.slots, 'slot')} fill ${count(n.taskManagers, 'TaskManager')} in request order; ${which} ${split}`);
  } else {
    lines.push(
      `  Batch: the regions run in waves, each wave's slots on fully used TaskManagers (at most ${count(n.taskManagers, 'TaskManager')} at once); the most demanding (TaskManager ${n.mostDemandingTaskManager + 1} in wave ${n.mostDemandingWave + 1}) requires ${split}`,
      s.dim('  A blocking partition releases its buffers when done; channels from an earlier wave count as remote.'),
    );
  }
  pushAll(lines, byVertexLine(n, label));
  if (n.declaredResources)
    lines.push(
      s.dim(
        "  Some slots declare resources: Flink carves those from the TaskManager's free resources, so how many share a TaskManager may differ from taskmanager.numberOfTaskSlots (counted here as one slot each).",
      ),
    );
  if (n.fits) {
    lines.push(s.strong(`  Fits: ${n.required} ≤ ${n.total}.`));
    return lines;
  }
  lines.push(s.strong(`  Does not fit: ${n.required} > ${n.total}. Flink fails a task at deployment with:`), `    ${n.failure!.message}`);
  lines.push(
    s.dim(
      '  (Flink prints the one request that crossed the line; which one depends on the order the tasks start — this is the first in Flink’s set-up order.)',
    ),
  );
  const advice = n.advice ?? {};
  const options: string[] = [];
  if (advice.networkMemory) options.push(`${keysText(advice.networkMemory.keys)} → ${advice.networkMemory.total} buffers`);
  if (advice.fraction) options.push(`${keysText(advice.fraction.keys)} → ${advice.fraction.total} buffers`);
  const slots = advice.slotsPerTaskManager;
  if (slots !== undefined && slots.slots > 0)
    options.push(`taskmanager.numberOfTaskSlots: ${slots.slots} → ${slots.required} buffers required per TaskManager`);
  if (advice.buffersPerChannel?.fits)
    options.push(
      `taskmanager.network.memory.buffers-per-channel: 1 → ${advice.buffersPerChannel.required} buffers required per TaskManager`,
    );
  if (slots !== undefined && slots.slots === 0) lines.push(`  Even 1 slot per TaskManager requires ${slots.required} buffers.`);
  if (options.length === 0) {
    const needed = formatBytes(BigInt(n.required) * BigInt(n.segmentSize));
    return [
      ...lines,
      `  No single change of the network memory, slots or buffers per channel fits these TaskManagers: they need ${needed} of network memory each (${n.required} × ${n.segmentSize} bytes), so more memory in total.`,
    ];
  }
  return [...lines, '  To fit, one of:', ...options.map((o) => `    ${o}`)];
}
