/**
 * A cluster (of a cluster file, or a scenario's `cluster`) → the ClusterModel the SlotManager runs
 * on: which SlotManager, the default worker (given, or derived from a Flink configuration as
 * FLIP-49 does), the options, the TaskManagers with static or dynamic slots, pending TaskManagers.
 */
import { type Result, error } from '../../errors/diagnostic.js';
import { type FlinkVersion, resourceScale } from '../../model/flink-version.js';
import { type ResourceProfile, type SpecifiedProfile, ANY, divideIntoSlots, isSpecified, multiply } from '../../model/resource-profile.js';
import type { FlinkConfiguration } from '../../memory/flink-configuration.js';
import { type TaskManagerSetup, taskManagerSetup } from '../../memory/memory-from-configuration.js';
import { parseFlinkConfiguration } from '../../memory/parse-flink-configuration.js';
import { shuffleOptions } from '../../memory/task-manager-slot-size.js';
import { type DeploymentTarget, type TargetWays, targetOfConfiguration } from '../../memory/task-manager-cpu.js';
import { calculateDefaultNumSlots } from '../slotmanager/fine-grained-task-manager.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { TaskManagerRegistration } from '../slotmanager/slot-manager.js';
import { DEFAULTS, type Raw, type Reader } from './reader.js';
import { clusterOptions } from './cluster-options.js';
import { type DefaultWorker, declarativeByDefault, slotManagerConfig, slotManagerKind } from './slot-manager-config.js';
import type { ClusterModel, PendingDefinition, SlotManagerKind, StrategyStub, TaskManagerDefinition } from './scenario.js';

/**
 * The configuration's TaskManager on the cluster's deployment target (else its execution.target,
 * else standalone); `ways`: how the user names the target in what they gave (default: a cluster
 * file, whose deploymentTarget decides, and execution.target only when the file gives none).
 */
function workerSetup(cluster: Raw, config: FlinkConfiguration, version: FlinkVersion, ways?: TargetWays): Result<TaskManagerSetup> {
  const given = cluster.deploymentTarget as DeploymentTarget | undefined;
  const target = given ?? targetOfConfiguration(config) ?? 'standalone';
  return taskManagerSetup(config, version, target, ways ?? { clusterFile: true, executionTarget: given === undefined });
}

/** The default worker T: given, derived from a Flink configuration, or the first TaskManager's. */

function defaultWorker(r: Reader, cluster: Raw, at: string, version: FlinkVersion, ways?: TargetWays): DefaultWorker | undefined {
  const worker = cluster.defaultWorker as Raw | undefined;
  if (worker?.flinkConfiguration !== undefined) {
    const text = Object.entries(worker.flinkConfiguration as Raw)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join('\n');
    const config = parseFlinkConfiguration(text, undefined);
    const setup = config.ok ? workerSetup(cluster, config.value, version, ways) : config;
    if (!config.ok || !setup.ok) {
      // At the key a failure names (a memory or network option), as the notes below are.
      for (const d of setup.ok ? [] : setup.diagnostics)
        r.out.push({ ...d, location: { pointer: `${at}/defaultWorker/flinkConfiguration${d.location?.pointer ?? ''}` } });
      return undefined;
    }
    // How the configuration was read (legacy keys, another target's keys), at the worker's configuration.
    for (const w of setup.warnings)
      r.notes.push({ ...w, location: { pointer: `${at}/defaultWorker/flinkConfiguration${w.location?.pointer ?? ''}` } });
    const { resources } = setup.value;
    return { total: resources.totalResourceProfile, slots: resources.numberOfTaskSlots, config: config.value };
  }
  if (worker?.totalResources !== undefined) {
    const total = r.table.resolveSpecified(worker.totalResources, `${at}/defaultWorker/totalResources`, 'the default worker');
    return total === undefined ? undefined : { total: total as SpecifiedProfile, slots: Number(worker.numberOfTaskSlots ?? 1) };
  }
  const first = ((cluster.taskManagers ?? []) as Raw[])[0];
  if (first?.totalResources !== undefined) {
    const total = r.table.resolveSpecified(first.totalResources, `${at}/taskManagers/0/totalResources`, 'a TaskManager total');
    if (total !== undefined)
      return { total: total as SpecifiedProfile, slots: Number(first.numberOfTaskSlots ?? worker?.numberOfTaskSlots ?? 1) };
  }
  r.out.push(
    error(
      'scenario/default-worker',
      'the cluster needs defaultWorker (totalResources, or flinkConfiguration) unless its first TaskManager gives totalResources: the SlotManager sizes workers and default slots from it',
      at === '' ? '' : at,
    ),
  );
  return undefined;
}

function taskManagers(
  r: Reader,
  cluster: Raw,
  at: string,
  kind: SlotManagerKind,
  worker: { total: SpecifiedProfile; slots: number },
  scale: number,
): TaskManagerDefinition[] {
  const seen = new Set<string>();
  const workerSlot = divideIntoSlots(worker.total, worker.slots, scale);
  return ((cluster.taskManagers ?? []) as Raw[]).flatMap((tm, i) => {
    const p = `${at}/taskManagers/${i}`;
    const count = tm.count === undefined ? undefined : Number(tm.count);
    const base = tm.id === undefined ? 'tm' : String(tm.id);
    const ids =
      count === undefined ? [tm.id === undefined ? `tm-${i + 1}` : base] : Array.from({ length: count }, (_, k) => `${base}-${k + 1}`);
    const registration =
      kind === 'declarative' ? staticTaskManager(r, tm, p, workerSlot, worker) : dynamicTaskManager(r, tm, p, worker, scale);
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
    const profile =
      a.profile === undefined ? { kind: 'UNKNOWN' as const } : r.table.resolve(a.profile, `${p}/initialAllocatedSlots/${j}/profile`);
    return profile === undefined ? [] : [{ job: String(a.job), profile }];
  });
}

function staticTaskManager(
  r: Reader,
  tm: Raw,
  p: string,
  workerSlot: SpecifiedProfile,
  worker: { total: SpecifiedProfile; slots: number },
): TaskManagerRegistration | undefined {
  const workerSlots = worker.slots;
  const slotValue = tm.slotProfile ?? tm.defaultSlotResources;
  const slot =
    slotValue === undefined
      ? workerSlot
      : r.table.resolveSpecified(
          slotValue,
          `${p}/${tm.slotProfile !== undefined ? 'slotProfile' : 'defaultSlotResources'}`,
          'slot profile',
        );
  if (slot === undefined) return undefined;
  const n = Number(tm.numberOfTaskSlots ?? workerSlots);
  if (n === 0)
    r.out.push(
      error('scenario/impossible-task-manager', 'a TaskManager with static slots needs numberOfTaskSlots ≥ 1', `${p}/numberOfTaskSlots`),
    );
  const allocated = allocatedSlots(r, tm, p);
  if (allocated.length > n)
    r.out.push(
      error(
        'scenario/impossible-task-manager',
        `${allocated.length} allocated slots on a TaskManager with ${n} slots`,
        `${p}/initialAllocatedSlots`,
      ),
    );
  return {
    id: '',
    // A TaskManager of the default worker registers the worker's own total, remainders of the division
    // into slots included (TaskExecutorResourceUtils.generateTotalAvailableResourceProfile): the
    // ResourceManager counts it as a worker of that spec. Slots × n would differ by those remainders.
    total: slotValue === undefined && n === workerSlots ? worker.total : isSpecified(slot) ? multiply(slot, n) : ANY,
    defaultSlot: slot,
    numberOfSlots: n,
    blocked: tm.blocked === true,
    allocatedSlots: allocated,
  };
}

function dynamicTaskManager(
  r: Reader,
  tm: Raw,
  p: string,
  worker: { total: SpecifiedProfile; slots: number },
  scale: number,
): TaskManagerRegistration | undefined {
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
        : divideIntoSlots(total, slotsGiven ?? (tm.totalResources === undefined ? worker.slots : 1), scale);
  if (defaultSlot === undefined || !isSpecified(defaultSlot)) return undefined;
  if (calculateDefaultNumSlots(total, defaultSlot) === 0) {
    r.out.push(
      error(
        'scenario/impossible-task-manager',
        'the default slot does not fit into the TaskManager total: it could never offer a slot',
        `${p}/defaultSlotResources`,
      ),
    );
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
      allocations.set(
        job,
        Object.entries(counts as Raw).flatMap(([name, n]) => {
          const profile = r.table.resolve(name, `${p}/pendingAllocations/${job}`);
          return profile === undefined ? [] : [{ profile, count: Number(n) }];
        }),
      );
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
      byTm.set(
        tm,
        Object.entries(counts as Raw).flatMap(([name, n]) => {
          const profile = r.table.resolve(name, `${at}/strategyResult/allocationsOnPendingResources/${job}/${tm}`);
          return profile === undefined ? [] : [{ profile, count: Number(n) }];
        }),
      );
    }
    onPending.set(job, byTm);
  }
  return { newPendingTaskManagers: Number(stub.pendingTaskManagersToAllocate ?? 0), onPending };
}

export function readCluster(r: Reader, cluster: Raw, at: string, version: FlinkVersion, ways?: TargetWays): ClusterModel | undefined {
  const kind = slotManagerKind(cluster, version);
  const worker = defaultWorker(r, cluster, at, version, ways);
  if (worker === undefined) return undefined;
  const o = clusterOptions(
    (cluster.options ?? {}) as Raw,
    `${at}/options`,
    worker.config,
    `${at}/defaultWorker/flinkConfiguration`,
    version,
    r,
  );
  const config = slotManagerConfig(r, cluster, at, worker, version, o);
  if (config.taskManagerTimeout <= 0 && config.resourceAllocation === 'active') {
    r.out.push(
      error(
        'scenario/options',
        'taskManagerTimeout must be positive with an active ResourceManager: it is the period of the idle check',
        `${at}/options/taskManagerTimeout`,
      ),
    );
  }
  const slotRequestTimeout = DEFAULTS.slotRequestTimeout;
  return {
    slotManager: kind,
    ...(declarativeByDefault(cluster, version) ? { declarativeByDefault: version } : {}),
    config,
    taskManagers: taskManagers(r, cluster, at, kind, worker, resourceScale(version)),
    pendingTaskManagers: pendingTaskManagers(r, cluster, at),
    strategyResult: strategyStub(r, cluster, at),
    standaloneStartupTime: r.duration(o.standaloneStartupTime, `${at}/options/standaloneStartupTime`, slotRequestTimeout),
    slotIdleTimeout: r.duration(o.slotIdleTimeout, `${at}/options/slotIdleTimeout`, DEFAULTS.slotIdleTimeout),
    workerStartupLatency: r.duration(o.workerStartupLatency, `${at}/options/workerStartupLatency`, DEFAULTS.workerStartupLatency),
    ...(worker.config === undefined ? {} : { shuffleOptions: shuffleOptions(worker.config) }),
  };
}
