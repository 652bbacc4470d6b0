/**
 * What to do when jobs do not fit a cluster whose ResourceManager starts TaskManagers itself
 * (native Kubernetes, YARN, `resourceAllocation: active`) but a SlotManager limit stops it
 * (issue 25 §4): the smallest value of each limit set that lets the jobs run, found and proven as
 * `simulate-advice.ts` proves its TaskManager count — the SlotManager meets the jobs at the value
 * and not one unit below (a slot, 10^-scale CPU, a byte). The limits are Flink's
 * `slotmanager.number-of-slots.max` and `slotmanager.max-total-resource.cpu` / `.memory`
 * (ResourceManagerOptions; SlotManagerConfiguration derives the max total resource from the
 * slot count when it is not set). Without any limit the jobs must run: otherwise the limit is not
 * what stops them, and there is nothing to raise.
 */
import { flattenConfiguration } from '../memory/flink-configuration.js';
import { type Decimal, addDecimal, compareDecimal, decimalFromString, decimalToString } from '../model/decimal.js';
import { type FlinkVersion, parseFlinkVersion, resourceScale } from '../model/flink-version.js';
import { memorySizeFromInput } from '../model/memory-size.js';
import { type ResourceProfile, getTotalMemory, isSpecified } from '../model/resource-profile.js';
import type { LimitAdvice } from '../report/simulation-report.js';
import { minimalCount } from '../sim/minimal-count.js';
import type { JobDefinition } from '../sim/scenario/scenario.js';
import { runOnClusterData } from './cluster-data-run.js';

type Raw = Record<string, unknown>;
type Option = LimitAdvice['option'];

/** The cluster file's option, Flink's key, and what "no limit" is for it (cluster.schema.json bounds). */
const LIMITS: readonly { option: Option; key: LimitAdvice['key']; unlimited: number | string }[] = [
  { option: 'maxSlots', key: 'slotmanager.number-of-slots.max', unlimited: 2_147_483_647 },
  { option: 'maxTotalCpu', key: 'slotmanager.max-total-resource.cpu', unlimited: 1e15 },
  { option: 'maxTotalMemory', key: 'slotmanager.max-total-resource.memory', unlimited: '8388607 tb' },
];

/** The largest number of search steps: a limit further than this from the estimate is not searched. */
const CAP = Number.MAX_SAFE_INTEGER;

interface SetLimit {
  readonly option: Option;
  readonly key: LimitAdvice['key'];
  readonly unlimited: number | string;
  readonly value: string;
  readonly setIn: LimitAdvice['setIn'];
}

/** undefined when no limit is set, the jobs do not run without the limits either, or no value is found. */
export function raiseLimitsAdvice(
  data: Raw,
  jobs: readonly JobDefinition[],
  version: { flinkVersion?: FlinkVersion },
): LimitAdvice[] | undefined {
  const set = setLimits(data);
  if (set.length === 0) return undefined;
  const withOptions = (values: Partial<Record<Option, number | string>>): Raw => ({
    ...data,
    options: { ...((data.options ?? {}) as Raw), ...values },
  });
  // Every limit set but one (or all) lifted to the most the cluster schema takes.
  const lifted = (but?: Option): Partial<Record<Option, number | string>> =>
    Object.fromEntries(set.filter((l) => l.option !== but).map((l) => [l.option, l.unlimited]));
  const met = (values: Partial<Record<Option, number | string>>): boolean => {
    const run = runOnClusterData(withOptions(values), jobs, version);
    return run.ok && run.value.outcome.verdict === 'met';
  };
  // Limits lifted: the jobs must run, else a limit is not what stops them.
  const free = runOnClusterData(withOptions(lifted()), jobs, version);
  if (!free.ok || free.value.outcome.verdict !== 'met') return undefined;
  const running = parseFlinkVersion(free.value.scenario.flinkVersion);
  if (running === undefined) return undefined;
  const scale = resourceScale(running);
  const used = usedBy(free.value.outcome.taskManagers);
  const advice: LimitAdvice[] = [];
  const raised: Partial<Record<Option, number | string>> = {};
  for (const limit of set) {
    const unit = unitOf(limit, scale);
    if (unit === undefined) return undefined;
    const at = (steps: number): number | string => unit.value(steps);
    // Offsets from the value set (which fails with the others lifted, or it is not binding).
    const others = lifted(limit.option);
    if (met({ ...others, [limit.option]: at(0) })) continue;
    const search = minimalCount(
      (n) => met({ ...others, [limit.option]: at(n) }),
      (r) => r,
      unit.hint(used),
      CAP,
    );
    if (search.count === undefined) return undefined;
    raised[limit.option] = at(search.count);
    advice.push({
      option: limit.option,
      key: limit.key,
      setIn: limit.setIn,
      from: limit.value,
      to: unit.text(search.count),
      notAt: unit.text(search.count - 1),
    });
  }
  // Each value is the least with the other limits lifted; together they must run too.
  if (advice.length === 0 || !met(raised)) return undefined;
  return advice;
}

/** The limits the cluster sets: its options, else its default worker's Flink configuration (as cluster-options.ts reads them). */
function setLimits(data: Raw): SetLimit[] {
  const options = (data.options ?? {}) as Raw;
  const worker = (data.defaultWorker ?? {}) as Raw;
  const flink = worker.flinkConfiguration;
  const config = flink !== null && typeof flink === 'object' ? flattenConfiguration(flink as Raw) : new Map<string, string>();
  return LIMITS.flatMap((l): SetLimit[] => {
    if (options[l.option] !== undefined) return [{ ...l, value: String(options[l.option]), setIn: 'options' }];
    const value = config.get(l.key);
    return value === undefined ? [] : [{ ...l, value, setIn: 'configuration' }];
  });
}

interface Used {
  readonly slots: number;
  readonly cpu: Decimal;
  readonly memory: bigint;
}

/** What the TaskManagers of the run without limits hold: where the search starts (a hint, proven anyway). */
function usedBy(tms: readonly { total: ResourceProfile; registeredSlots: number }[]): Used {
  let slots = 0;
  let cpu = decimalFromString('0');
  let memory = 0n;
  for (const tm of tms) {
    slots += tm.registeredSlots;
    if (!isSpecified(tm.total)) continue;
    cpu = addDecimal(cpu, tm.total.cpuCores);
    memory += getTotalMemory(tm.total);
  }
  return { slots, cpu, memory };
}

interface Unit {
  /** The option's value n units above the value set. */
  readonly value: (n: number) => number | string;
  readonly text: (n: number) => string;
  readonly hint: (used: Used) => number;
}

/** Steps of one slot, one 10^-scale CPU (Flink's CPUResource scale) or one byte, from the value set. */
function unitOf(limit: SetLimit, scale: number): Unit | undefined {
  if (limit.option === 'maxSlots') {
    const base = Number(limit.value);
    if (!Number.isSafeInteger(base)) return undefined;
    return { value: (n) => base + n, text: (n) => String(base + n), hint: (u) => Math.max(1, u.slots - base) };
  }
  if (limit.option === 'maxTotalCpu') {
    const base = safeDecimal(limit.value);
    if (base === undefined) return undefined;
    const step = (n: number): Decimal => addDecimal(base, { unscaled: BigInt(n), scale });
    return {
      value: (n) => Number(decimalToString(step(n))),
      text: (n) => decimalToString(step(n)),
      hint: (u) => (compareDecimal(u.cpu, base) <= 0 ? 1 : Math.max(1, Number(unitsBetween(base, u.cpu, scale)))),
    };
  }
  const base = safeBytes(limit.value);
  if (base === undefined) return undefined;
  return {
    value: (n) => (base + BigInt(n)).toString(),
    text: (n) => exactMemory(base + BigInt(n)),
    hint: (u) => (u.memory <= base ? 1 : Math.max(1, Number(u.memory - base))),
  };
}

function unitsBetween(from: Decimal, to: Decimal, scale: number): bigint {
  const at = (d: Decimal): bigint =>
    (d.unscaled * 10n ** BigInt(Math.max(0, scale - d.scale))) / 10n ** BigInt(Math.max(0, d.scale - scale));
  return at(to) - at(from);
}

function safeDecimal(text: string): Decimal | undefined {
  try {
    return decimalFromString(text.trim());
  } catch {
    return undefined;
  }
}

function safeBytes(text: string): bigint | undefined {
  try {
    return memoryBytes(text);
  } catch {
    return undefined;
  }
}

function memoryBytes(text: string): bigint {
  return memorySizeFromInput(/^\d+$/.test(text.trim()) ? Number(text) : text);
}

/** A MemorySize Flink reads back to the same byte: the largest unit that divides it. */
function exactMemory(bytes: bigint): string {
  for (const [unit, size] of [
    ['g', 1n << 30n],
    ['m', 1n << 20n],
    ['k', 1n << 10n],
  ] as const)
    if (bytes !== 0n && bytes % size === 0n) return `${bytes / size}${unit}`;
  return `${bytes}b`;
}
