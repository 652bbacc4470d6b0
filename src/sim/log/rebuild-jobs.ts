/**
 * A log's facts → each job's requirements over time and what the log says it got: its
 * declarations (1.13+), its legacy slot requests (≤ 1.12), its statuses, the SlotManager's
 * "could not fulfill" lines, the fine-grained SlotManager's missing resources, the slot pool's
 * status; and the failures the log shows without naming a job (timeouts, NoResourceAvailable).
 * One linear pass; nothing judged here.
 */
import type { JobStatusName, LogFact, LogPoint, RequirementFact, SlotTimeoutForm } from '../../parse/log/log-facts.js';

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
  /** Legacy slot requests (distinct request ids, or lines when none is printed). */
  readonly slotRequests: Set<string>;
  firstSlotRequestAt: LogPoint | undefined;
  readonly statuses: JobStatusChange[];
  notFulfilledAt: LogPoint | undefined;
  notFulfilledFreeSlots: number | undefined;
  /** The fine-grained SlotManager's last "Missing resources" for this job, and where. */
  missing: readonly RequirementFact[] | undefined;
  missingAt: LogPoint | undefined;
  /** The slot pool's last "Acquired: [...]" for this job (the bridge line names no job: the one job it can be). */
  acquired: number | undefined;
  acquiredAt: LogPoint | undefined;
}

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
}

class JobsBuilder {
  readonly jobs = new Map<string, RebuiltJob>();
  readonly byName = new Map<string, string>();
  readonly failures: LogFailurePoint[] = [];
  /** The job the last job-naming fact was about (the slot pool's lines follow its own job's lines). */
  lastJob: string | undefined;

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
        firstSlotRequestAt: undefined,
        statuses: [],
        notFulfilledAt: undefined,
        notFulfilledFreeSlots: undefined,
        missing: undefined,
        missingAt: undefined,
        acquired: undefined,
        acquiredAt: undefined,
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
    const id = fact.job ?? this.onlyJob() ?? 'unknown job';
    const job = this.job(id);
    // The SlotPool's line and the ResourceManager's line of one request name the same request id.
    job.slotRequests.add(fact.request ?? fact.allocation ?? `${fact.at.file}:${fact.at.line}`);
    job.firstSlotRequestAt ??= fact.at;
  }

  private slotPool(fact: LogFact & { kind: 'minimumResourcesNotAcquired' }): void {
    const id = this.lastJob ?? this.onlyJob();
    if (id === undefined || fact.acquired === undefined) return;
    const job = this.job(id);
    job.acquired = fact.acquired.reduce((n, r) => n + r.count, 0);
    job.acquiredAt = fact.at;
  }

  private onlyJob(): string | undefined {
    return this.jobs.size === 1 ? [...this.jobs.keys()][0] : undefined;
  }
}

export function rebuildJobs(facts: readonly LogFact[]): RebuiltJobs {
  const b = new JobsBuilder();
  for (const fact of facts) b.add(fact);
  return { jobs: [...b.jobs.values()], failures: b.failures };
}

/** Slots in a requirement list. */
export function slotCount(requirements: readonly RequirementFact[]): number {
  let n = 0;
  for (const r of requirements) n += r.count;
  return n;
}
