/**
 * What `size`'s answer changes in a configuration it patches (issue 25 §2): the slots and the
 * TaskManager memory keys of the answer where the base's differ, and the CPU where the base would
 * derive another. Everything else of the base is the user's and stays.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { memoryUnitBytes, parseMemorySize } from '../model/memory-size.js';
import type { FlinkConfiguration } from '../memory/flink-configuration.js';
import { kubernetesQuantityBytes } from '../memory/flink-deployment.js';
import { type DeploymentTarget, taskManagerCpu } from '../memory/task-manager-cpu.js';
import { parseFlinkVersion } from '../model/flink-version.js';
import type { SizeDeployment } from './size-report.js';

/** A flat Flink key and its new text; null: the key goes (the answer was computed without it). */
export interface KeyChange {
  readonly key: string;
  readonly value: string | null;
}

export const SLOTS = 'taskmanager.numberOfTaskSlots';
export const PROCESS_SIZE = 'taskmanager.memory.process.size';
export const CPU_CORES = 'taskmanager.cpu.cores';
const SIZING = /^taskmanager\.(memory\.|numberOfTaskSlots$)/;
const EXTERNAL = /^external-resources?(\.|$)/;

/**
 * Slots and memory keys: the answer's where the base has another value, removed where the answer
 * has none; the answer's external resources where the base lacks them.
 */
export function sizingKeyChanges(answer: SizeDeployment, base: FlinkConfiguration): KeyChange[] {
  const wanted = answer.flinkConfiguration;
  const keys = new Set([...Object.keys(wanted), ...base.keys()].filter((k) => SIZING.test(k)));
  const out: KeyChange[] = [];
  for (const key of [...keys].sort()) {
    const [now, then] = [wanted[key], base.get(key)];
    // One slot is Flink's default (TaskManagerOptions.NUM_TASK_SLOTS): a file without the key already says it.
    if (then === undefined && key === SLOTS && now?.trim() === '1') continue;
    if (now === undefined) out.push({ key, value: null });
    else if (then === undefined || !sameValue(now, then)) out.push({ key, value: inStyleOf(now, then) });
  }
  // External resources (GPUs) the answer was sized with: written where the file lacks or differs; a
  // file's own external resources are never removed (issue 25 §1, §2).
  for (const key of Object.keys(wanted)
    .filter((k) => EXTERNAL.test(k))
    .sort()) {
    const [now, then] = [wanted[key]!, base.get(key)];
    if (then === undefined || now.trim() !== then.trim()) out.push({ key, value: now });
  }
  return out;
}

/** A memory size in the unit the base writes the key in ("1728m" → "3072m", not "3221225472b"). */
function inStyleOf(now: string, then: string | undefined): string {
  const bytes = flinkBytes(now);
  return bytes === undefined || !/[A-Za-z]\s*$/.test(now) ? now : memoryInStyle(bytes, then);
}

/** Two texts of one option: equal as memory sizes when both are ("1728m", "1811939328b"), else as text. */
function sameValue(a: string, b: string): boolean {
  const [x, y] = [flinkBytes(a), flinkBytes(b)];
  return x !== undefined && y !== undefined ? x === y : a.trim() === b.trim();
}

/** A memory amount as the operator reads `resource.memory`: a Flink MemorySize, else a Kubernetes quantity. */
export function memoryBytesOf(text: string): bigint | undefined {
  return flinkBytes(text) ?? kubernetesQuantityBytes(text);
}

function flinkBytes(text: string): bigint | undefined {
  try {
    return parseMemorySize(text);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    return undefined;
  }
}

/**
 * The CPU to write, when the base would give the TaskManager another on `target` with the answer's
 * slots, as `taskManagerCpu` derives it (getCpuCoresWithFallback); a base Flink would refuse derives none.
 */
export function cpuChange(answer: SizeDeployment, base: FlinkConfiguration, target: DeploymentTarget): number | undefined {
  const slots = Number(answer.flinkConfiguration[SLOTS] ?? base.get(SLOTS) ?? 1);
  const version = parseFlinkVersion(answer.flinkVersion);
  if (version === undefined) return answer.cpuCores;
  try {
    return taskManagerCpu(base, version, target, slots).cores === answer.cpuCores ? undefined : answer.cpuCores;
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    return answer.cpuCores;
  }
}

/**
 * `bytes` written in the unit of `old` when that is exact ("2048m" stays in m, "2Gi" in Gi),
 * else whole mebibytes, else bytes. Flink's units come first, as the operator reads
 * `resource.memory` as a MemorySize before a Kubernetes quantity.
 */
export function memoryInStyle(bytes: bigint, old: string | undefined): string {
  const m = old === undefined ? null : /^\s*[0-9]+(?:\.[0-9]+)?(\s*)([A-Za-z]*)\s*$/.exec(old);
  const [space, unit] = m === null ? ['', 'm'] : [m[1]!, m[2]!];
  const flinkUnit = memoryUnitBytes(unit);
  const kubernetes = flinkUnit === undefined;
  const factor = kubernetes ? kubernetesQuantityBytes(`1${unit}`) : flinkUnit;
  if (factor !== undefined && factor > 0n && bytes % factor === 0n && unit !== '') return `${bytes / factor}${space}${unit}`;
  const mib = 1n << 20n;
  if (bytes % mib === 0n) return `${bytes / mib}${kubernetes ? 'Mi' : 'm'}`;
  return kubernetes ? `${bytes}` : `${bytes}b`;
}

/** CPU in the style of `old`: millicores ("500m") when it was so and that is exact, else a decimal. */
export function cpuInStyle(cpu: number, old: string | undefined): string {
  const milli = Math.round(cpu * 1000);
  return old?.trim().endsWith('m') === true && Math.abs(milli - cpu * 1000) < 1e-9 ? `${milli}m` : String(cpu);
}
