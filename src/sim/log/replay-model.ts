/**
 * The cluster and jobs rebuilt from a log, as the embedded SlotManager's input: TaskManagers with a
 * slot count and profile, jobs with their declarations, in the log's order. Times are ranks (100 ms
 * apart, so the SlotManager's 50 ms requirement check runs between two log events), not the log's
 * clock: the verdict at the end depends on the order, and ranks keep a replay of a day-long log as
 * cheap as one of a second. `undefined` when the log lacks what a replay needs.
 */
import { decimalFromNumber } from '../../model/decimal.js';
import { type FlinkVersion, atLeast, resourceScale } from '../../model/flink-version.js';
import { type SpecifiedProfile, UNKNOWN, divideIntoSlots, isSpecified, multiply, specified } from '../../model/resource-profile.js';
import type { LogPoint, WorkerSpecFact } from '../../parse/log/log-facts.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { PointOrder } from './point-order.js';
import type { RebuiltCluster, RebuiltTaskManager } from './rebuild-cluster.js';
import { type RebuiltJob, slotRequestCount } from './rebuild-jobs.js';
import { slotsOf } from './task-manager-slots.js';

export const STEP_MS = 100;
/** Events a replay takes (registrations, declarations, losses); a longer log is not replayed. */
export const MAX_REPLAY_EVENTS = 20_000;

export interface ReplayTaskManager {
  readonly id: string;
  readonly slots: number;
  readonly total: SpecifiedProfile;
  readonly defaultSlot: SpecifiedProfile;
  readonly registerAt: number;
  readonly lostAt: number | undefined;
  /** Counted by the slot pool, never named by the log (`tm-N` is the replay's own name for it). */
  readonly unnamed?: boolean;
}

export interface ReplayJob {
  readonly id: string;
  /** The log shows the adaptive scheduler running it: slots short of its declaration are partly met, not missing. */
  readonly adaptive: boolean;
  readonly declarations: readonly { readonly at: number; readonly requirements: readonly ProfileCount[] }[];
  readonly finishAt: number | undefined;
}

export interface ReplayModel {
  readonly version: FlinkVersion;
  readonly slotManager: 'declarative' | 'fine-grained';
  readonly active: boolean;
  readonly worker: { readonly total: SpecifiedProfile; readonly slots: number };
  readonly maxSlots: number | undefined;
  readonly taskManagers: readonly ReplayTaskManager[];
  readonly jobs: readonly ReplayJob[];
  /** What the replay assumed where the log is silent (said in the comparison). */
  readonly assumptions: readonly string[];
}

const GIB = 1024n ** 3n;
/** A slot's profile where the log prints none: UNKNOWN requirements match any slot, so only the count matters. */
const SOME_SLOT = specified({ cpuCores: decimalFromNumber(1), taskHeapMemory: GIB });

/** The release a replay runs when the log names none: the newest of the era's releases. */
function eraVersion(era: RebuiltCluster['slotManager']): FlinkVersion {
  if (era === 'fine-grained') return { major: 2, minor: 2 };
  if (era === 'legacy') return { major: 1, minor: 12 };
  return { major: 1, minor: 17 };
}

export function workerProfile(spec: WorkerSpecFact | undefined): SpecifiedProfile | undefined {
  if (spec?.cpuCores === undefined && spec?.taskHeap === undefined) return undefined;
  return specified({
    cpuCores: decimalFromNumber(spec.cpuCores ?? 0),
    taskHeapMemory: spec.taskHeap ?? 0n,
    taskOffHeapMemory: spec.taskOffHeap ?? 0n,
    managedMemory: spec.managed ?? 0n,
    networkMemory: spec.network ?? 0n,
  });
}

/** The profile a static slot has: the TaskManager's total divided, else one requirement's own, else any. */
function slotProfile(
  tm: RebuiltTaskManager,
  slots: number,
  jobs: readonly RebuiltJob[],
  scale: number,
  notes: Set<string>,
): SpecifiedProfile {
  if (tm.total !== undefined && isSpecified(tm.total)) return divideIntoSlots(tm.total, slots, scale);
  if (tm.slotProfile !== undefined && isSpecified(tm.slotProfile)) return tm.slotProfile;
  const specifiedRequirement = jobs.flatMap((j) => j.requirements).find((r) => isSpecified(r.profile))?.profile;
  if (specifiedRequirement !== undefined && isSpecified(specifiedRequirement)) {
    notes.add('the log prints no slot profile: the replay gives each slot the profile the job requires');
    return specifiedRequirement;
  }
  return SOME_SLOT;
}

function taskManagersOf(
  cluster: RebuiltCluster,
  jobs: readonly RebuiltJob[],
  time: (p: LogPoint | undefined) => number,
  scale: number,
  notes: Set<string>,
): ReplayTaskManager[] {
  const out: ReplayTaskManager[] = [];
  for (const tm of cluster.taskManagers) {
    const slots = slotsOf(tm, cluster);
    if (slots === undefined || slots <= 0) continue;
    const slot = slotProfile(tm, slots, jobs, scale, notes);
    const total = tm.total !== undefined && isSpecified(tm.total) ? tm.total : (multiply(slot, slots) as SpecifiedProfile);
    out.push({
      id: tm.id,
      slots,
      total,
      defaultSlot: slot,
      registerAt: time(tm.registrations[0]),
      lostAt: tm.lost ? time(tm.lostAt) : undefined,
    });
  }
  // The slot pool counted TaskManagers the excerpt never shows registering: as many, registered first.
  const pool = cluster.slotPoolStatus;
  const unseen = (pool?.registeredTaskManagers ?? 0) - out.length;
  if (cluster.taskManagers.length === 0 && unseen > 0 && pool?.registeredSlots !== undefined && pool.registeredSlots % unseen === 0) {
    const slots = pool.registeredSlots / unseen;
    notes.add(
      `the log names no TaskManager: the replay registers the ${unseen} the slot pool counts, ${slots} slot${slots === 1 ? '' : 's'} each`,
    );
    for (let i = 1; i <= unseen; i++)
      out.push({
        id: `tm-${i}`,
        slots,
        total: multiply(SOME_SLOT, slots) as SpecifiedProfile,
        defaultSlot: SOME_SLOT,
        registerAt: 0,
        lostAt: undefined,
        unnamed: true,
      });
  }
  return out;
}

function jobsOf(jobs: readonly RebuiltJob[], time: (p: LogPoint | undefined) => number): ReplayJob[] {
  return jobs.flatMap((job): ReplayJob[] => {
    const declarations = job.declarations.map((d) => ({
      at: time(d.at),
      requirements: d.requirements.map((r) => ({ profile: r.profile, count: r.count })),
    }));
    const requested = slotRequestCount(job);
    // The fine-grained block of a job whose declaration the excerpt lacks: what it missed then.
    if (declarations.length === 0 && job.missing !== undefined && job.missing.length > 0)
      declarations.push({ at: time(job.missingAt), requirements: job.missing.map((r) => ({ profile: r.profile, count: r.count })) });
    if (declarations.length === 0 && requested > 0)
      declarations.push({ at: time(job.firstSlotRequestAt), requirements: [{ profile: UNKNOWN, count: requested }] });
    if (declarations.length === 0) return [];
    // A job that ended returns its slots when its requirements are cleared.
    const ended = job.statuses.some((s) => s.to === 'FINISHED' || s.to === 'CANCELED' || s.to === 'FAILED');
    const last = declarations.at(-1)!;
    const finishAt = ended && last.requirements.length === 0 ? last.at : undefined;
    const adaptive = job.slotsGiven.some((g) => g.form === 'executing' || g.form === 'resources-met');
    return [{ id: job.id, adaptive, declarations: finishAt === undefined ? declarations : declarations.slice(0, -1), finishAt }];
  });
}

/** Ranks of the points a replay uses, in reading order. */
function ranks(cluster: RebuiltCluster, jobs: readonly RebuiltJob[], order: PointOrder): (p: LogPoint | undefined) => number {
  const points: LogPoint[] = [];
  for (const tm of cluster.taskManagers) {
    if (tm.registrations[0] !== undefined) points.push(tm.registrations[0]);
    if (tm.lostAt !== undefined) points.push(tm.lostAt);
  }
  for (const job of jobs) {
    for (const d of job.declarations) points.push(d.at);
    if (job.firstSlotRequestAt !== undefined) points.push(job.firstSlotRequestAt);
    if (job.missingAt !== undefined) points.push(job.missingAt);
  }
  const sorted = [...new Set(points.map(order))].sort((a, b) => a - b);
  const rank = new Map(sorted.map((o, i) => [o, (i + 1) * STEP_MS]));
  return (p) => (p === undefined ? 0 : (rank.get(order(p)) ?? 0));
}

export function replayModel(
  cluster: RebuiltCluster,
  jobs: readonly RebuiltJob[],
  version: FlinkVersion | undefined,
  order: PointOrder,
  /** Why the replay applies `version` when the log does not name it (a range of releases), for its notes. */
  versionNote?: string,
): ReplayModel | undefined {
  const events = cluster.taskManagers.length * 2 + jobs.reduce((n, j) => n + j.declarations.length + 1, 0);
  if (events > MAX_REPLAY_EVENTS) return undefined;
  const notes = new Set<string>();
  if (versionNote !== undefined) notes.add(versionNote);
  const v = version ?? eraVersion(cluster.slotManager);
  const scale = resourceScale(v);
  const time = ranks(cluster, jobs, order);
  const taskManagers = taskManagersOf(cluster, jobs, time, scale, notes);
  const replayJobs = jobsOf(jobs, time);
  const active = cluster.resourceManager === 'active';
  const spec = workerProfile(cluster.workerSpec);
  const first = taskManagers[0];
  const workerSlots = cluster.workerSpec?.numSlots ?? first?.slots ?? 1;
  const worker =
    spec !== undefined ? { total: spec, slots: workerSlots } : first !== undefined ? { total: first.total, slots: first.slots } : undefined;
  if (replayJobs.length === 0 || worker === undefined || (taskManagers.length === 0 && !active)) return undefined;
  if (cluster.slotManager === 'legacy')
    notes.add('the legacy SlotManager (SlotManagerImpl, ≤ 1.12) is not embedded: the replay counts slots with the declarative SlotManager');
  const fineGrained = cluster.slotManager === 'fine-grained' || (cluster.slotManager === undefined && atLeast(v, 1, 18));
  const registeredSlots = taskManagers.reduce((n, t) => n + t.slots, 0);
  return {
    version: v,
    slotManager: fineGrained ? 'fine-grained' : 'declarative',
    active,
    worker,
    // The log says the ResourceManager reached its maximum: no worker beyond those it has.
    maxSlots: active && cluster.maxReached.length > 0 ? registeredSlots : undefined,
    taskManagers,
    jobs: replayJobs,
    assumptions: [...notes],
  };
}
