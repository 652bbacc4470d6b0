/**
 * What to do about a diagnosis, in the engineer's terms; `proven` only where a replay of the log's
 * cluster with the change meets the requirement (replay-fixes.ts). Where the log gives too little
 * for a replay the same fix is said with the arithmetic behind it, unproven.
 */
import { decimalToString, subtractDecimal } from '../../model/decimal.js';
import type { FlinkVersion } from '../../model/flink-version.js';
import { formatBytes } from '../../model/memory-size.js';
import { type SpecifiedProfile, isSpecified } from '../../model/resource-profile.js';
import { describeCause } from './diagnose-taskmanagers.js';
import type { DiagnosisFinding } from './diagnosis-inputs.js';
import type { Diagnosis } from './log-explanation.js';
import { networkFix } from './network-fix.js';
import type { RebuiltCluster, RebuiltTaskManager } from './rebuild-cluster.js';
import { defaultSlotOf } from './task-manager-slots.js';
import { atLeastBoth, fewestMoreTaskManagers, metAtParallelism, metWithBiggerTaskManager, metWithHigherMaximum } from './replay-fixes.js';
import type { ReplayModel, ReplayTaskManager } from './replay-model.js';
import type { ReplayResult } from './replay-run.js';

export type Fix = Diagnosis['fixes'][number];

export interface FixInputs {
  readonly finding: DiagnosisFinding;
  readonly cluster: RebuiltCluster;
  readonly model: ReplayModel | undefined;
  readonly replay: ReplayResult | undefined;
  readonly version: FlinkVersion | undefined;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The model to prove fixes on: only a replay that reproduces the log's shortage (the job not met)
 * can show a change ends it; one that meets the requirement as it is proves nothing.
 */
function reproducing(i: FixInputs, job: string): ReplayModel | undefined {
  const replayed = i.replay?.jobs.find((r) => r.job === job);
  return replayed !== undefined && replayed.verdict !== 'met' ? i.model : undefined;
}

function notEnough(i: FixInputs): Fix[] {
  const job = i.finding.job;
  if (job === undefined) return [];
  const fixes: Fix[] = [];
  const model = reproducing(i, job.id);
  const template = model?.taskManagers.find((t) => t.lostAt === undefined) ?? model?.taskManagers[0];
  if (model !== undefined && template !== undefined) {
    if (model.maxSlots !== undefined) {
      const replayed = i.replay?.jobs.find((r) => r.job === job.id);
      const short = replayed === undefined ? 0 : replayed.required - replayed.acquired;
      if (short > 0 && metWithHigherMaximum(model, job.id, short))
        fixes.push({
          text: `raise slotmanager.number-of-slots.max (or slotmanager.max-total-resource.*) by ${plural(short, 'slot')} and the requirement is met`,
          proven: true,
        });
    }
    const k = fewestMoreTaskManagers(model, job.id, template);
    if (k !== undefined)
      fixes.push({
        text: `${k} more TaskManager${k === 1 ? '' : 's'} like ${likeTaskManager(template, model)} (${plural(template.slots, 'slot')} each) and the requirement is met`,
        proven: true,
      });
    const got = i.replay?.jobs.find((r) => r.job === job.id)?.acquired ?? 0;
    if (got > 0 && metAtParallelism(model, job.id, got))
      fixes.push({
        text: `lower the job's parallelism to ${got} (the slots the cluster gives it) and the requirement is met`,
        proven: true,
      });
    return fixes.length > 0 ? fixes : [MORE_SLOTS];
  }
  const required = job.requiredSlots;
  const acquired = job.acquiredSlots;
  if (required !== undefined && acquired !== undefined && required > acquired) {
    const tm = i.cluster.taskManagers.find((t) => t.slots !== undefined);
    const pool = i.cluster.slotPoolStatus;
    const average = pool?.registeredTaskManagers ? (pool.registeredSlots ?? 0) / pool.registeredTaskManagers : undefined;
    const perTm = tm?.slots ?? (average !== undefined && Number.isInteger(average) ? average : undefined);
    const short = required - acquired;
    if (perTm !== undefined && perTm > 0)
      fixes.push({
        text: `${Math.ceil(short / perTm)} more TaskManager(s) of ${plural(perTm, 'slot')} (${plural(short, 'slot')} short)`,
        proven: false,
      });
    else
      fixes.push({ text: `${plural(short, 'more slot')} (more TaskManagers, or more taskmanager.numberOfTaskSlots each)`, proven: false });
    if (acquired > 0) fixes.push({ text: `lower the job's parallelism to ${acquired} (the slots it holds)`, proven: false });
  }
  return fixes.length > 0 ? fixes : [MORE_SLOTS];
}

/** Where the log gives no count to compute one with, or the replay does not reproduce the shortage. */
const MORE_SLOTS: Fix = {
  text: "give the cluster more slots for the job (more TaskManagers, or more taskmanager.numberOfTaskSlots each), or lower the job's parallelism",
  proven: false,
};

/** Each dimension where `have` is short of `need`, and by how much. */
export function shortfalls(have: SpecifiedProfile, need: SpecifiedProfile): string[] {
  const out: string[] = [];
  const cpu = subtractDecimal(need.cpuCores, have.cpuCores);
  if (cpu.unscaled > 0n) out.push(`CPU short by ${decimalToString(cpu)}`);
  const memory: [string, bigint, bigint][] = [
    ['task heap', have.taskHeapMemory, need.taskHeapMemory],
    ['task off-heap', have.taskOffHeapMemory, need.taskOffHeapMemory],
    ['managed memory', have.managedMemory, need.managedMemory],
    ['network memory', have.networkMemory, need.networkMemory],
  ];
  for (const [name, h, n] of memory) if (n > h) out.push(`${name} short by ${formatBytes(n - h)}`);
  for (const [name, amount] of need.extendedResources) {
    const left = subtractDecimal(amount, have.extendedResources.get(name) ?? { unscaled: 0n, scale: 0 });
    if (left.unscaled > 0n) out.push(`${name} short by ${decimalToString(left)}`);
  }
  return out;
}

function tooSmall(i: FixInputs): Fix[] {
  const job = i.finding.job;
  const tm = i.cluster.taskManagers.find(
    (t): t is RebuiltTaskManager & { available: SpecifiedProfile } => !t.lost && t.available !== undefined && isSpecified(t.available),
  );
  // The slot it needs: its own profile, or for an UNKNOWN requirement the TaskManager's default slot.
  const need = job?.requirements.map((r) => r.profile).find(isSpecified) ?? (tm === undefined ? undefined : defaultSlotOf(tm, i.cluster));
  if (job === undefined || need === undefined)
    return [
      {
        text: "the job's slot profile does not fit the free slots: since Flink 1.13 the declarative SlotManager matches a requirement's profile exactly (an UNKNOWN one matches any slot); drop the operators' resource specs or size the TaskManagers' slots to them",
        proven: false,
      },
    ];
  const fixes: Fix[] = [];
  if (tm !== undefined) {
    const short = shortfalls(tm.available, need);
    if (short.length > 0) fixes.push({ text: `TaskManager ${tm.id} has ${short.join(', ')} for one slot of job ${job.id}`, proven: false });
  }
  const model = reproducing(i, job.id);
  const template = model?.taskManagers.find((t) => t.id === tm?.id) ?? model?.taskManagers[0];
  if (model !== undefined && template !== undefined) {
    const total = atLeastBoth(template.total, need);
    if (metWithBiggerTaskManager(model, job.id, template, total))
      fixes.push({
        text: `a TaskManager with at least ${describeProfile(total)} (one like ${likeTaskManager(template, model)}, grown where it is short) and the requirement is met`,
        proven: true,
      });
  }
  return fixes;
}

function describeProfile(p: SpecifiedProfile): string {
  return `${decimalToString(p.cpuCores)} CPU, task heap ${formatBytes(p.taskHeapMemory)}, managed ${formatBytes(p.managedMemory)}, network ${formatBytes(p.networkMemory)}`;
}

function lost(i: FixInputs): Fix[] {
  const fixes: Fix[] = [];
  const causes = new Set((i.finding.lost ?? []).map((t) => t.lossCause ?? 'other'));
  const first = i.finding.lost?.[0];
  if (first !== undefined)
    fixes.push({
      text: `TaskManager ${first.id}: ${describeCause(first)} — find why in its own log and its container's status`,
      proven: false,
    });
  if (causes.has('heartbeat-timeout') || causes.has('unreachable'))
    fixes.push({
      text: "check heartbeat.timeout (50 s by default) against the TaskManager's GC pauses and the network between JobManager and TaskManager; a process stalled by a long GC or killed for memory stops answering heartbeats",
      proven: false,
    });
  if (causes.has('killed') || causes.has('terminated'))
    fixes.push({
      text: "check the container's memory: taskmanager.memory.process.size must fit its limit (Kubernetes OOMKilled, YARN pmem/vmem checks kill it otherwise); an OOM in the TaskManager log points at heap or managed memory",
      proven: false,
    });
  if (i.cluster.resourceManager === 'active' && i.cluster.workersRequested > 0)
    fixes.push({
      text: `the ResourceManager requested ${plural(i.cluster.workersRequested, 'worker')} to replace it; the job gets its slots back when they register`,
      proven: false,
    });
  return fixes;
}

/** TaskManagers that share one address: they overwrite each other at the ResourceManager. */
function sharedHost(cluster: RebuiltCluster): Fix | undefined {
  const byEndpoint = new Map<string, Set<string>>();
  for (const tm of cluster.taskManagers) {
    if (tm.endpoint === undefined) continue;
    const set = byEndpoint.get(tm.endpoint) ?? new Set<string>();
    set.add(tm.id);
    byEndpoint.set(tm.endpoint, set);
  }
  const shared = [...byEndpoint].find(([, ids]) => ids.size > 1);
  if (shared !== undefined)
    return {
      text: `the TaskManagers share one taskmanager.host: ${plural(shared[1].size, 'TaskManager')} register at ${shared[0]}; give each TaskManager its own taskmanager.host (e.g. its pod IP)`,
      proven: false,
    };
  const host = cluster.configuration.get('taskmanager.host');
  if (host !== undefined)
    return {
      text: `the TaskManager's configuration fixes taskmanager.host to ${host.value}: with several TaskManagers from one configuration they share one address; give each TaskManager its own taskmanager.host`,
      proven: false,
    };
  return undefined;
}

function notRegistering(i: FixInputs): Fix[] {
  const events = new Set(i.cluster.registrationTrouble.map((t) => t.event));
  if (events.has('address-mismatch'))
    return [
      {
        text: 'give the JobManager one address for both sides: jobmanager.rpc.address (and jobmanager.bind-host) set to the name the TaskManagers use (its Service), or the TaskManagers pointed at the address it binds',
        proven: false,
      },
    ];
  if (events.has('disassociated') && i.cluster.registeredAtResourceManager.length > 0)
    return [
      {
        text: 'a TaskManager that registers and is cut off right after is often one of several sharing one taskmanager.host (and port): the ResourceManager reaches only one of them; give each TaskManager its own taskmanager.host (e.g. its pod IP)',
        proven: false,
      },
    ];
  if (events.has('unresolved') || events.has('timed-out'))
    return [
      {
        text: "check that the JobManager runs and that jobmanager.rpc.address and jobmanager.rpc.port in the TaskManagers' configuration reach it",
        proven: false,
      },
    ];
  if (i.cluster.resourceManager === 'active' && i.cluster.workersRequested > 0)
    return [
      {
        text: "find why the requested workers did not start or register: the pods' or containers' events (quota, image, scheduling) and the TaskManagers' logs",
        proven: false,
      },
    ];
  return [
    {
      text: 'start TaskManagers that reach the JobManager: their logs say why they do not register (jobmanager.rpc.address, its port, a firewall)',
      proven: false,
    },
  ];
}

export function logFixes(i: FixInputs): Fix[] {
  const fixes: Fix[] = (() => {
    switch (i.finding.code) {
      case 'slots/not-enough':
        return notEnough(i);
      case 'slots/too-small':
        return tooSmall(i);
      case 'network/insufficient-buffers': {
        const fix = networkFix(i.cluster, i.version);
        return fix === undefined ? [] : [{ text: fix.text, proven: false }];
      }
      case 'taskmanager/lost':
        return lost(i);
      case 'cluster/taskmanagers-not-registering':
        return notRegistering(i);
      case 'slots/timeout':
        return [
          {
            text: "the log shows only the timeout: give flinkslot the JobManager log from the job's submission on (requirements, TaskManagers) to tell too few slots from too small ones",
            proven: false,
          },
        ];
      case 'job/failed-other':
        return [{ text: `fix the job's own failure (its cause above); its slots were not the problem`, proven: false }];
      default:
        return [];
    }
  })();
  const shared = sharedHost(i.cluster);
  return shared === undefined || i.finding.code === 'ok' ? fixes : [...fixes, shared];
}

/** A TaskManager the log names by its id; those only the slot pool counts, by their number. */
function likeTaskManager(template: ReplayTaskManager, model: ReplayModel): string {
  if (template.unnamed !== true) return template.id;
  const n = model.taskManagers.length;
  return n === 1 ? 'the one registered' : `the ${n} registered`;
}
