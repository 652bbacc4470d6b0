/**
 * A log's facts → each job's requirements over time and what the log says it got: its
 * declarations (1.13+), its legacy slot requests (≤ 1.12), its statuses, the SlotManager's
 * "could not fulfill" lines, the fine-grained SlotManager's missing resources, the slot pool's
 * status; and the failures the log shows without naming a job (timeouts, NoResourceAvailable).
 * One linear pass; nothing judged here.
 */
import type { JobStatusName, LogFact, LogPoint, RequirementFact, SlotTimeoutForm } from '../../parse/log/log-facts.js';
import { type PointOrder, pointOrder } from './point-order.js';

export interface JobStatusChange {
  readonly from: JobStatusName | undefined;
  readonly to: JobStatusName;
  readonly cause: string | undefined;
  readonly at: LogPoint;
}

export interface RebuiltJob {
  readonly id: string;
  name: string | undefined;
  /** The last non-empty declaration, and where. */
  requirements: readonly RequirementFact[];
  declaredAt: LogPoint | undefined;
  /** Declarations in order (each a point the requirement changed). */
  readonly declarations: { readonly requirements: readonly RequirementFact[]; readonly at: LogPoint }[];
  clearedAt: LogPoint | undefined;
  /** Legacy slot requests the SlotPool printed (distinct request ids). */
  readonly slotRequests: Set<string>;
  /** Legacy slot requests the ResourceManager printed (distinct allocation ids, or lines). */
  readonly resourceManagerRequests: Set<string>;
  firstSlotRequestAt: LogPoint | undefined;
  /** The first legacy slot request lines (at most MAX_REQUEST_POINTS), for evidence. */
  readonly slotRequestPoints: LogPoint[];
  readonly statuses: JobStatusChange[];
  notFulfilledAt: LogPoint | undefined;
  notFulfilledFreeSlots: number | undefined;
  /** The fine-grained SlotManager's last "Missing resources" for this job, and where. */
  missing: readonly RequirementFact[] | undefined;
  missingAt: LogPoint | undefined;
  /** The slot pool's last "Acquired: [...]" for this job (the bridge line names no job: the one job it can be). */
  acquired: number | undefined;
  acquiredAt: LogPoint | undefined;
  /** Slots given to it: allocations, activations, tasks deployed, the adaptive scheduler's resources met. */
  readonly slotsGiven: { readonly form: SlotGivenForm; readonly allocation: string | undefined; readonly at: LogPoint }[];
  /** Its tasks that failed, with their causes (a task failure names no job: the job it can be). */
  readonly taskFailures: { readonly cause: string | undefined; readonly at: LogPoint }[];
}

export type SlotGivenForm = Extract<LogFact, { kind: 'slotAllocated' }>['form'];

export interface LogFailurePoint {
  readonly kind: 'timeout' | 'no-resource';
  readonly form?: SlotTimeoutForm;
  readonly timeoutMs?: number;
  readonly message?: string;
  readonly at: LogPoint;
}

export interface RebuiltJobs {
  readonly jobs: readonly RebuiltJob[];
  /** Timeouts and NoResourceAvailable texts (they name no job). */
  readonly failures: readonly LogFailurePoint[];
  /** Slots given while the log names no job at all (a paste of the scheduler's states alone). */
  readonly joblessGiven: readonly LogPoint[];
}

const MAX_REQUEST_POINTS = 5;

/**
 * A legacy slot request, counted on the side that printed it: the SlotPool's lines name a request
 * id, the ResourceManager's an allocation id, and one request shows on both sides under different
 * ids, so each side is counted apart and the job required the larger count (slotRequestCount).
 */
function addRequest(job: RebuiltJob, fact: LogFact & { kind: 'slotRequested' }): void {
  if (fact.request !== undefined) job.slotRequests.add(`pool:${fact.request}`);
  else job.resourceManagerRequests.add(fact.allocation ?? `${fact.at.file}:${fact.at.line}`);
}

/** Slots a legacy job requested: the larger of the two sides' counts. */
export function slotRequestCount(job: RebuiltJob): number {
  return Math.max(job.slotRequests.size, job.resourceManagerRequests.size);
}

class JobsBuilder {
  readonly jobs = new Map<string, RebuiltJob>();
  readonly byName = new Map<string, string>();
  readonly failures: LogFailurePoint[] = [];
  /** The job the last job-naming fact was about (the slot pool's lines follow its own job's lines). */
  lastJob: string | undefined;
  readonly joblessGiven: LogPoint[] = [];
  /** Legacy slot requests before any job was named. */
  readonly jobless: (LogFact & { kind: 'slotRequested' })[] = [];

  /** Job-less slot requests belong to the only job the log names (they were read before its id). */
  finish(order: PointOrder): void {
    const only = this.onlyJob();
    if (only === undefined || this.jobless.length === 0) return;
    const job = this.job(only);
    for (const fact of this.jobless) addRequest(job, fact);
    const points = [...this.jobless.map((f) => f.at), ...job.slotRequestPoints].sort((a, b) => order(a) - order(b));
    job.slotRequestPoints.splice(0, job.slotRequestPoints.length, ...points.slice(0, MAX_REQUEST_POINTS));
    job.firstSlotRequestAt = points[0];
  }

  job(id: string): RebuiltJob {
    let job = this.jobs.get(id);
    if (job === undefined) {
      job = {
        id,
        name: undefined,
        requirements: [],
        declaredAt: undefined,
        declarations: [],
        clearedAt: undefined,
        slotRequests: new Set(),
        resourceManagerRequests: new Set(),
        firstSlotRequestAt: undefined,
        slotRequestPoints: [],
        statuses: [],
        notFulfilledAt: undefined,
        notFulfilledFreeSlots: undefined,
        missing: undefined,
        missingAt: undefined,
        acquired: undefined,
        acquiredAt: undefined,
        slotsGiven: [],
        taskFailures: [],
      };
      this.jobs.set(id, job);
    }
    this.lastJob = id;
    return job;
  }

  add(fact: LogFact): void {
    switch (fact.kind) {
      case 'jobSubmitted': {
        const job = this.job(fact.job);
        job.name = fact.name ?? job.name;
        if (fact.name !== undefined) this.byName.set(fact.name, fact.job);
        break;
      }
      case 'jobStatus':
        this.status(fact);
        break;
      case 'requirementsDeclared': {
        const job = this.job(fact.job);
        job.declarations.push({ requirements: fact.requirements, at: fact.at });
        if (fact.requirements.length > 0) {
          job.requirements = fact.requirements;
          job.declaredAt = fact.at;
          job.clearedAt = undefined;
        } else job.clearedAt = fact.at;
        break;
      }
      case 'requirementsCleared': {
        const job = this.job(fact.job);
        job.declarations.push({ requirements: [], at: fact.at });
        job.clearedAt = fact.at;
        break;
      }
      case 'slotRequested':
        this.slotRequested(fact);
        break;
      case 'requirementsNotFulfilled': {
        const job = this.job(fact.job);
        job.notFulfilledAt = fact.at;
        job.notFulfilledFreeSlots = fact.freeSlots;
        break;
      }
      case 'resourcesMissing':
        for (const m of fact.missing) {
          const job = this.job(m.job);
          job.missing = m.requirements;
          job.missingAt = fact.at;
        }
        break;
      case 'minimumResourcesNotAcquired':
        this.slotPool(fact);
        break;
      case 'slotAllocated': {
        const id = fact.job ?? this.onlyJob() ?? this.lastJob;
        if (id !== undefined) this.job(id).slotsGiven.push({ form: fact.form, allocation: fact.allocation, at: fact.at });
        else if (this.joblessGiven.length < MAX_REQUEST_POINTS) this.joblessGiven.push(fact.at);
        break;
      }
      case 'taskFailed': {
        const id = this.onlyJob() ?? this.lastJob;
        if (id !== undefined) this.job(id).taskFailures.push({ cause: fact.cause, at: fact.at });
        break;
      }
      case 'slotRequestTimeout':
        this.failures.push({
          kind: 'timeout',
          form: fact.form,
          ...(fact.timeoutMs === undefined ? {} : { timeoutMs: fact.timeoutMs }),
          at: fact.at,
        });
        break;
      case 'noResourceAvailable':
        this.failures.push({ kind: 'no-resource', message: fact.message, at: fact.at });
        break;
      default:
        break;
    }
  }

  private status(fact: LogFact & { kind: 'jobStatus' }): void {
    const id = fact.job ?? (fact.name === undefined ? undefined : this.byName.get(fact.name)) ?? this.onlyJob();
    const key = id ?? `job '${fact.name ?? '?'}'`;
    const job = this.job(key);
    job.name = fact.name ?? job.name;
    job.statuses.push({ from: fact.from, to: fact.to, cause: fact.cause, at: fact.at });
  }

  private slotRequested(fact: LogFact & { kind: 'slotRequested' }): void {
    const id = fact.job ?? this.onlyJob();
    // The SlotPool's line names no job: kept aside, given to the job when the log has only one.
    if (id === undefined) {
      this.jobless.push(fact);
      return;
    }
    const job = this.job(id);
    addRequest(job, fact);
    job.firstSlotRequestAt ??= fact.at;
    if (job.slotRequestPoints.length < MAX_REQUEST_POINTS) job.slotRequestPoints.push(fact.at);
  }

  private slotPool(fact: LogFact & { kind: 'minimumResourcesNotAcquired' }): void {
    const id = this.lastJob ?? this.onlyJob();
    const acquired = fact.acquired === undefined ? fact.acquiredSlots : slotCount(fact.acquired);
    if (id === undefined || acquired === undefined) return;
    const job = this.job(id);
    job.acquired = acquired;
    job.acquiredAt = fact.at;
  }

  private onlyJob(): string | undefined {
    return this.jobs.size === 1 ? [...this.jobs.keys()][0] : undefined;
  }
}

export function rebuildJobs(facts: readonly LogFact[], order: PointOrder = pointOrder(facts)): RebuiltJobs {
  const b = new JobsBuilder();
  for (const fact of facts) b.add(fact);
  b.finish(order);
  return { jobs: [...b.jobs.values()], failures: b.failures, joblessGiven: b.joblessGiven };
}

/** Slots in a requirement list. */
export function slotCount(requirements: readonly RequirementFact[]): number {
  let n = 0;
  for (const r of requirements) n += r.count;
  return n;
}
