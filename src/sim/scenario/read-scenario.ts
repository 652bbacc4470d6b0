/**
 * Scenario and cluster files (already schema-valid data) → Scenario values, with located
 * diagnostics for what the schema cannot say: unknown profile names, impossible TaskManagers,
 * duplicate ids, events that name unknown TaskManagers or jobs, job graphs that do not plan.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../../errors/diagnostic.js';
import { decimalFromNumber, decimalToNumber } from '../../model/decimal.js';
import { parseDuration } from '../../model/duration.js';
import { type FlinkVersion, atLeast, formatVersion, resolveFlinkVersion } from '../../model/flink-version.js';
import { memorySizeFromInput } from '../../model/memory-size.js';
import { type ResourceProfile, type SpecifiedProfile, ANY, divideIntoSlots, isSpecified, multiply } from '../../model/resource-profile.js';
import { taskManagerSetup } from '../../memory/memory-from-configuration.js';
import { parseFlinkConfiguration } from '../../memory/parse-flink-configuration.js';
import { calculateDefaultNumSlots } from '../slotmanager/fine-grained-task-manager-tracker.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { SlotManagerConfig, TaskManagerRegistration } from '../slotmanager/slot-manager.js';
import { ProfileTable } from './profile-table.js';
import type { ClusterModel, JobDefinition, PendingDefinition, Scenario, ScenarioEvent, SlotManagerKind, StrategyStub, TaskManagerDefinition, TimedEvent } from './scenario.js';
import type { VertexInformation } from '../scheduler/slot-sharing-slot-allocator.js';

type Raw = Record<string, unknown>;

export interface PlannedJob {
  readonly requirements: readonly ProfileCount[];
  readonly vertices: readonly VertexInformation[];
}

/** Plans a job graph file named in a scenario (the command reads it); diagnostics are the file's own. */
export type JobGraphPlanner = (path: string, pointer: string) => Result<PlannedJob>;

const DEFAULTS = { taskManagerTimeout: 30_000, requirementCheckDelay: 50, declareNeededResourceDelay: 50, slotRequestTimeout: 300_000, slotIdleTimeout: 50_000, workerStartupLatency: 10_000 };

class Reader {
  readonly out: Diagnostic[] = [];
  constructor(readonly table: ProfileTable) {}

  duration(value: unknown, pointer: string, fallback: number): number {
    if (value === undefined) return fallback;
    const ms = parseDuration(value as string | number);
    if (ms === undefined) this.out.push(error('scenario/duration', `'${String(value)}' is not a duration (milliseconds, or e.g. "50 ms", "30 s", "5 min")`, pointer));
    return ms ?? fallback;
  }

  memory(value: unknown, pointer: string): bigint | undefined {
    if (value === undefined) return undefined;
    try {
      return memorySizeFromInput(value as string | number);
    } catch (e) {
      this.out.push(error('input/memory-size', `Could not parse memory size '${String(value)}': ${(e as Error).message}`, pointer));
      return undefined;
    }
  }

  requirements(list: unknown, pointer: string): ProfileCount[] {
    return ((list ?? []) as Raw[]).flatMap((r, i) => {
      const profile = this.table.resolve(r.profile, `${pointer}/${i}/profile`);
      return profile === undefined ? [] : [{ profile, count: Number(r.count) }];
    });
  }
}

function selectVersion(text: unknown, pointer: string, out: Diagnostic[], fallback: FlinkVersion): FlinkVersion {
  if (text === undefined) return fallback;
  const v = resolveFlinkVersion(String(text), 'flinkVersion', pointer);
  if (v.ok) return v.value;
  out.push(...v.diagnostics);
  return fallback;
}

function slotManagerKind(cluster: Raw, version: FlinkVersion): SlotManagerKind {
  if (cluster.slotManager !== undefined) return cluster.slotManager as SlotManagerKind;
  if (cluster.slotModel !== undefined) return cluster.slotModel === 'static' ? 'declarative' : 'fine-grained';
  return atLeast(version, 1, 18) ? 'fine-grained' : 'declarative';
}

/** The default worker T: given, derived from a Flink configuration, or the first TaskManager's. */
function defaultWorker(r: Reader, cluster: Raw, at: string, version: FlinkVersion): { total: SpecifiedProfile; slots: number } | undefined {
  const worker = cluster.defaultWorker as Raw | undefined;
  if (worker?.flinkConfiguration !== undefined) {
    const text = Object.entries(worker.flinkConfiguration as Raw).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n');
    const config = parseFlinkConfiguration(text, undefined);
    const setup = config.ok ? taskManagerSetup(config.value, version) : config;
    if (!setup.ok) {
      for (const d of setup.diagnostics) r.out.push({ ...d, location: { pointer: `${at}/defaultWorker/flinkConfiguration` } });
      return undefined;
    }
    return { total: setup.value.resources.totalResourceProfile, slots: setup.value.resources.numberOfTaskSlots };
  }
  if (worker?.totalResources !== undefined) {
    const total = r.table.resolveSpecified(worker.totalResources, `${at}/defaultWorker/totalResources`, 'the default worker');
    return total === undefined ? undefined : { total: total as SpecifiedProfile, slots: Number(worker.numberOfTaskSlots ?? 1) };
  }
  const first = ((cluster.taskManagers ?? []) as Raw[])[0];
  if (first?.totalResources !== undefined) {
    const total = r.table.resolveSpecified(first.totalResources, `${at}/taskManagers/0/totalResources`, 'a TaskManager total');
    if (total !== undefined) return { total: total as SpecifiedProfile, slots: Number(first.numberOfTaskSlots ?? worker?.numberOfTaskSlots ?? 1) };
  }
  r.out.push(error('scenario/default-worker', 'the cluster needs defaultWorker (totalResources, or flinkConfiguration) unless its first TaskManager gives totalResources: the SlotManager sizes workers and default slots from it', at === '' ? '' : at));
  return undefined;
}

function slotManagerConfig(r: Reader, cluster: Raw, at: string, worker: { total: SpecifiedProfile; slots: number }): SlotManagerConfig {
  const o = (cluster.options ?? {}) as Raw;
  const p = `${at}/options`;
  const maxMemory = r.memory(o.maxTotalMemory, `${p}/maxTotalMemory`);
  const minSlots = o.minSlots === undefined ? 0 : Number(o.minSlots);
  const minCpu = o.minTotalCpu !== undefined ? Number(o.minTotalCpu) : decimalToNumber(worker.total.cpuCores) * (minSlots / worker.slots);
  return {
    defaultWorker: worker.total,
    slotsPerWorker: worker.slots,
    resourceAllocation: cluster.resourceAllocation === 'active' ? 'active' : 'standalone',
    evenlySpread: o.loadBalanceMode === 'SLOTS' || o.evenlySpreadOutSlots === true || o.slotMatchingStrategy === 'LEAST_UTILIZATION',
    redundantTaskManagers: Number(o.redundantTaskManagers ?? 0),
    minTotalCpu: decimalFromNumber(minCpu),
    minTotalMemory: r.memory(o.minTotalMemory, `${p}/minTotalMemory`) ?? 0n,
    ...(o.maxTotalCpu !== undefined ? { maxTotalCpu: decimalFromNumber(Number(o.maxTotalCpu)) } : {}),
    ...(maxMemory !== undefined ? { maxTotalMemory: maxMemory } : {}),
    ...(o.maxSlots !== undefined ? { maxSlots: Number(o.maxSlots) } : {}),
    taskManagerTimeout: r.duration(o.taskManagerTimeout, `${p}/taskManagerTimeout`, DEFAULTS.taskManagerTimeout),
    requirementCheckDelay: r.duration(o.requirementCheckDelay, `${p}/requirementCheckDelay`, DEFAULTS.requirementCheckDelay),
    declareNeededResourceDelay: r.duration(o.declareNeededResourceDelay, `${p}/declareNeededResourceDelay`, DEFAULTS.declareNeededResourceDelay),
  };
}

function taskManagers(r: Reader, cluster: Raw, at: string, kind: SlotManagerKind, worker: { total: SpecifiedProfile; slots: number }): TaskManagerDefinition[] {
  const seen = new Set<string>();
  const workerSlot = divideIntoSlots(worker.total, worker.slots);
  return ((cluster.taskManagers ?? []) as Raw[]).flatMap((tm, i) => {
    const p = `${at}/taskManagers/${i}`;
    const count = tm.count === undefined ? undefined : Number(tm.count);
    const base = tm.id === undefined ? 'tm' : String(tm.id);
    const ids = count === undefined ? [tm.id === undefined ? `tm-${i + 1}` : base] : Array.from({ length: count }, (_, k) => `${base}-${k + 1}`);
    const registration = kind === 'declarative' ? staticTaskManager(r, tm, p, workerSlot, worker.slots) : dynamicTaskManager(r, tm, p, worker);
    if (registration === undefined) return [];
    const registerAt = tm.registerAt === undefined ? 0 : r.duration(tm.registerAt, `${p}/registerAt`, 0);
    return ids.flatMap((id) => {
      if (seen.has(id)) {
        r.out.push(error('scenario/duplicate-task-manager', `TaskManager id '${id}' is used twice`, `${p}/id`));
        return [];
      }
      seen.add(id);
      return [{ registration: { ...registration, id }, registerAt, pointer: p }];
    });
  });
}

function allocatedSlots(r: Reader, tm: Raw, p: string): { job: string; profile: ResourceProfile }[] {
  return ((tm.initialAllocatedSlots ?? []) as Raw[]).flatMap((a, j) => {
    const profile = a.profile === undefined ? { kind: 'UNKNOWN' as const } : r.table.resolve(a.profile, `${p}/initialAllocatedSlots/${j}/profile`);
    return profile === undefined ? [] : [{ job: String(a.job), profile }];
  });
}

function staticTaskManager(r: Reader, tm: Raw, p: string, workerSlot: SpecifiedProfile, workerSlots: number): TaskManagerRegistration | undefined {
  const slotValue = tm.slotProfile ?? tm.defaultSlotResources;
  const slot = slotValue === undefined ? workerSlot : r.table.resolveSpecified(slotValue, `${p}/${tm.slotProfile !== undefined ? 'slotProfile' : 'defaultSlotResources'}`, 'slot profile');
  if (slot === undefined) return undefined;
  const n = Number(tm.numberOfTaskSlots ?? workerSlots);
  if (n === 0) r.out.push(error('scenario/impossible-task-manager', 'a TaskManager with static slots needs numberOfTaskSlots ≥ 1', `${p}/numberOfTaskSlots`));
  const allocated = allocatedSlots(r, tm, p);
  if (allocated.length > n) r.out.push(error('scenario/impossible-task-manager', `${allocated.length} allocated slots on a TaskManager with ${n} slots`, `${p}/initialAllocatedSlots`));
  return { id: '', total: isSpecified(slot) ? multiply(slot, n) : ANY, defaultSlot: slot, numberOfSlots: n, blocked: tm.blocked === true, allocatedSlots: allocated };
}

function dynamicTaskManager(r: Reader, tm: Raw, p: string, worker: { total: SpecifiedProfile; slots: number }): TaskManagerRegistration | undefined {
  const slotsGiven = tm.numberOfTaskSlots === undefined ? undefined : Number(tm.numberOfTaskSlots);
  let total: ResourceProfile | undefined = worker.total;
  if (tm.totalResources !== undefined) total = r.table.resolveSpecified(tm.totalResources, `${p}/totalResources`, 'a TaskManager total');
  else if (tm.slotProfile !== undefined) {
    const slot = r.table.resolveSpecified(tm.slotProfile, `${p}/slotProfile`, 'a slot profile');
    total = slot === undefined || !isSpecified(slot) ? undefined : multiply(slot, slotsGiven ?? 1);
  }
  if (total === undefined || !isSpecified(total)) return undefined;
  const defaultSlot =
    tm.defaultSlotResources !== undefined
      ? r.table.resolveSpecified(tm.defaultSlotResources, `${p}/defaultSlotResources`, 'a default slot')
      : tm.slotProfile !== undefined
        ? r.table.resolve(tm.slotProfile, `${p}/slotProfile`)
        : divideIntoSlots(total, slotsGiven ?? (tm.totalResources === undefined ? worker.slots : 1));
  if (defaultSlot === undefined || !isSpecified(defaultSlot)) return undefined;
  if (calculateDefaultNumSlots(total, defaultSlot) === 0) {
    r.out.push(error('scenario/impossible-task-manager', 'the default slot does not fit into the TaskManager total: it could never offer a slot', `${p}/defaultSlotResources`));
    return undefined;
  }
  return { id: '', total, defaultSlot, numberOfSlots: 0, blocked: tm.blocked === true, allocatedSlots: allocatedSlots(r, tm, p) };
}

function pendingTaskManagers(r: Reader, cluster: Raw, at: string): PendingDefinition[] {
  return ((cluster.pendingTaskManagers ?? []) as Raw[]).flatMap((pt, i) => {
    const p = `${at}/pendingTaskManagers/${i}`;
    const total = r.table.resolveSpecified(pt.totalResources, `${p}/totalResources`, 'a pending TaskManager total');
    if (total === undefined) return [];
    const allocations = new Map<string, ProfileCount[]>();
    for (const [job, counts] of Object.entries((pt.pendingAllocations ?? {}) as Raw)) {
      allocations.set(job, Object.entries(counts as Raw).flatMap(([name, n]) => {
        const profile = r.table.resolve(name, `${p}/pendingAllocations/${job}`);
        return profile === undefined ? [] : [{ profile, count: Number(n) }];
      }));
    }
    return [{ id: String(pt.id), total: total as SpecifiedProfile, numberOfSlots: Number(pt.numberOfTaskSlots ?? 1), allocations }];
  });
}

function strategyStub(r: Reader, cluster: Raw, at: string): StrategyStub | undefined {
  const stub = cluster.strategyResult as Raw | undefined;
  if (stub === undefined) return undefined;
  const onPending = new Map<string, Map<string, ProfileCount[]>>();
  for (const [job, perTm] of Object.entries((stub.allocationsOnPendingResources ?? {}) as Raw)) {
    const byTm = new Map<string, ProfileCount[]>();
    for (const [tm, counts] of Object.entries(perTm as Raw)) {
      byTm.set(tm, Object.entries(counts as Raw).flatMap(([name, n]) => {
        const profile = r.table.resolve(name, `${at}/strategyResult/allocationsOnPendingResources/${job}/${tm}`);
        return profile === undefined ? [] : [{ profile, count: Number(n) }];
      }));
    }
    onPending.set(job, byTm);
  }
  return { newPendingTaskManagers: Number(stub.pendingTaskManagersToAllocate ?? 0), onPending };
}

export function readCluster(r: Reader, cluster: Raw, at: string, version: FlinkVersion): ClusterModel | undefined {
  const kind = slotManagerKind(cluster, version);
  const worker = defaultWorker(r, cluster, at, version);
  if (worker === undefined) return undefined;
  const o = (cluster.options ?? {}) as Raw;
  const config = slotManagerConfig(r, cluster, at, worker);
  if (config.taskManagerTimeout <= 0 && config.resourceAllocation === 'active') {
    r.out.push(error('scenario/options', 'taskManagerTimeout must be positive with an active ResourceManager: it is the period of the idle check', `${at}/options/taskManagerTimeout`));
  }
  const slotRequestTimeout = DEFAULTS.slotRequestTimeout;
  return {
    slotManager: kind,
    config,
    taskManagers: taskManagers(r, cluster, at, kind, worker),
    pendingTaskManagers: pendingTaskManagers(r, cluster, at),
    strategyResult: strategyStub(r, cluster, at),
    standaloneStartupTime: r.duration(o.standaloneStartupTime, `${at}/options/standaloneStartupTime`, slotRequestTimeout),
    slotIdleTimeout: r.duration(o.slotIdleTimeout, `${at}/options/slotIdleTimeout`, DEFAULTS.slotIdleTimeout),
    workerStartupLatency: r.duration(o.workerStartupLatency, `${at}/options/workerStartupLatency`, DEFAULTS.workerStartupLatency),
  };
}

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
    if (job.jobGraph !== undefined) {
      const planned = planJobGraph(String(job.jobGraph), `${p}/jobGraph`);
      if (!planned.ok) {
        r.out.push(...planned.diagnostics);
        return [];
      }
      requirements = [...planned.value.requirements];
      vertices = planned.value.vertices;
    } else if (job.requirements === undefined) {
      r.out.push(error('scenario/job', `job '${id}' needs requirements or a jobGraph`, p));
    }
    const submitAt = job.submitAt === undefined ? undefined : r.duration(job.submitAt, `${p}/submitAt`, 0);
    const finishAt = job.finishAt === undefined ? undefined : r.duration(job.finishAt, `${p}/finishAt`, 0);
    return [{ id, requirements, submitAt, finishAt, vertices, source: job.jobGraph === undefined ? undefined : String(job.jobGraph), pointer: p }];
  });
}

const VERBS = ['declare', 'clearRequirements', 'submitJob', 'finishJob', 'registerTaskManager', 'unregisterTaskManager', 'freeSlot', 'slotReport', 'setFailUnfulfillableRequest', 'advanceTime'];

function events(r: Reader, list: Raw[], at: string, cluster: ClusterModel, jobIds: ReadonlySet<string>): TimedEvent[] {
  const tms = new Set(cluster.taskManagers.map((t) => t.registration.id));
  const knownJobs = new Set(jobIds);
  for (const t of cluster.taskManagers) for (const s of t.registration.allocatedSlots ?? []) knownJobs.add(s.job);
  for (const e of list) for (const job of Object.keys((e.declare ?? {}) as Raw)) knownJobs.add(job);
  for (const e of list) for (const slots of Object.values((e.slotReport ?? {}) as Raw)) for (const s of slots as Raw[]) knownJobs.add(String(s.job));
  const checkTm = (id: string, pointer: string): boolean => {
    if (tms.has(id)) return true;
    r.out.push(error('scenario/unknown-task-manager', `no TaskManager '${id}' in the cluster${tms.size > 0 ? ` (TaskManagers: ${[...tms].slice(0, 8).join(', ')}${tms.size > 8 ? ', …' : ''})` : ''}`, pointer));
    return false;
  };
  const checkJob = (id: string, pointer: string): boolean => {
    if (knownJobs.has(id)) return true;
    r.out.push(error('scenario/unknown-job', `no job '${id}' in the scenario (jobs are declared in jobs, by a declare event, or by slots)`, pointer));
    return false;
  };
  let clock = 0;
  const out: TimedEvent[] = [];
  list.forEach((e, i) => {
    const p = `${at}/${i}`;
    const verbs = Object.keys(e).filter((k) => VERBS.includes(k));
    if (verbs.length !== 1) {
      r.out.push(error('scenario/event', `an event names exactly one of ${VERBS.join(', ')}${verbs.length > 1 ? ` (this one names ${verbs.join(' and ')})` : ''}`, p));
      return;
    }
    if (e.at !== undefined) {
      const t = r.duration(e.at, `${p}/at`, clock);
      if (t < clock) r.out.push(error('scenario/event-order', `event at ${t} ms comes before the previous event (${clock} ms): events are in time order`, `${p}/at`));
      clock = Math.max(clock, t);
    }
    const verb = verbs[0]!;
    const arg = e[verb];
    const push = (event: ScenarioEvent): void => void out.push({ time: clock, event, pointer: p });
    switch (verb) {
      case 'advanceTime':
        clock += r.duration(arg, `${p}/advanceTime`, 0);
        break;
      case 'declare':
        for (const [job, reqs] of Object.entries(arg as Raw)) push({ kind: 'declare', job, requirements: r.requirements(reqs, `${p}/declare/${job}`) });
        break;
      case 'clearRequirements':
      case 'submitJob':
      case 'finishJob':
        if (checkJob(String(arg), `${p}/${verb}`)) push({ kind: verb, job: String(arg) });
        if (verb !== 'clearRequirements' && !jobIds.has(String(arg)) && knownJobs.has(String(arg))) r.out.push(error('scenario/unknown-job', `${verb} names '${String(arg)}', which is not in jobs`, `${p}/${verb}`));
        break;
      case 'registerTaskManager':
        (Array.isArray(arg) ? arg : [arg]).forEach((id, k) => {
          if (checkTm(String(id), Array.isArray(arg) ? `${p}/registerTaskManager/${k}` : `${p}/registerTaskManager`)) push({ kind: 'registerTaskManager', taskManager: String(id) });
        });
        break;
      case 'unregisterTaskManager':
        if (checkTm(String(arg), `${p}/unregisterTaskManager`)) push({ kind: 'unregisterTaskManager', taskManager: String(arg) });
        break;
      case 'freeSlot':
        for (const [tm, job] of Object.entries(arg as Raw)) {
          if (checkTm(tm, `${p}/freeSlot/${tm}`) && checkJob(String(job), `${p}/freeSlot/${tm}`)) push({ kind: 'freeSlot', taskManager: tm, job: String(job) });
        }
        break;
      case 'slotReport':
        for (const [tm, slots] of Object.entries(arg as Raw)) {
          if (checkTm(tm, `${p}/slotReport/${tm}`)) push({ kind: 'slotReport', taskManager: tm, slots: (slots as Raw[]).map((s) => ({ slot: Number(s.slot), job: String(s.job) })) });
        }
        break;
      case 'setFailUnfulfillableRequest':
        push({ kind: 'setFailUnfulfillableRequest', fail: arg === true });
        break;
    }
  });
  return out;
}

export interface ReadOptions {
  /** Flink version when the file names none. */
  readonly flinkVersion: FlinkVersion;
  readonly planJobGraph: JobGraphPlanner;
  /** Jobs from the command line (`simulate --cluster C JOB...`), submitted at 0 in order. */
  readonly extraJobs?: readonly JobDefinition[];
}

/** A scenario file's data (or a cluster file's, with `isCluster`) → one scenario per variant. */
export function readScenario(data: Raw, isCluster: boolean, options: ReadOptions): Result<Scenario[]> {
  const clusterData = (isCluster ? data : data.cluster) as Raw;
  const at = isCluster ? '' : '/cluster';
  const out: Diagnostic[] = [];
  const versionText = data.flinkVersion ?? clusterData.flinkVersion;
  const version = selectVersion(versionText, data.flinkVersion !== undefined ? '/flinkVersion' : `${at}/flinkVersion`, out, options.flinkVersion);
  const table = new ProfileTable({ ...((data.profiles ?? {}) as Raw), ...(isCluster ? {} : ((clusterData.profiles ?? {}) as Raw)) }, '/profiles', out);
  const variants = (data.variants ?? [undefined]) as (Raw | undefined)[];
  const scenarios: Scenario[] = [];
  variants.forEach((variant, vi) => {
    const r = new Reader(table);
    const merged: Raw = variant === undefined ? clusterData : mergeVariant(clusterData, variant);
    const cluster = readCluster(r, merged, at, version);
    const jobList = isCluster ? [] : jobs(r, data, options.planJobGraph);
    const allJobs = [...jobList, ...(options.extraJobs ?? [])];
    const eventList = (variant?.events ?? data.events ?? []) as Raw[];
    const eventsAt = variant?.events !== undefined ? `/variants/${vi}/events` : '/events';
    const timed = cluster === undefined ? [] : events(r, eventList, eventsAt, cluster, new Set(allJobs.map((j) => j.id)));
    const until = data.until === undefined ? undefined : r.duration(data.until, '/until', 0);
    out.push(...r.out);
    if (cluster !== undefined) {
      const label = variant === undefined ? undefined : String(variant.name ?? `variant ${vi + 1}`);
      scenarios.push({ name: data.name === undefined ? undefined : String(data.name), flinkVersion: formatVersion(version), cluster, jobs: allJobs, events: timed, until, variant: label });
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
