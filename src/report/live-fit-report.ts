/**
 * "Will these jobs fit on my running cluster now?": the cluster as its REST API shows it, the jobs
 * holding its slots, and the answer — fits now, fits if these jobs stop, or needs N more
 * TaskManagers like one of its own — with the simulation that proves the answer.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { Deployment } from '../memory/deployment.js';
import type { SimulationReport } from './simulation-report.js';

export interface RunningJobReport {
  /** The job's name in the simulation (its name; with the id's first digits when names repeat). */
  readonly id: string;
  readonly jobId: string;
  readonly name: string;
  readonly state: string;
  /** Slots its requirements ask for, as flinkslot plans the job Flink runs. */
  readonly requiredSlots: number;
  /** Slots the cluster lists as allocated to it (GET /taskmanagers/:id allocatedSlots), when it lists them. */
  readonly allocatedSlots?: number;
}

export interface NewJobReport {
  readonly id: string;
  readonly source: string;
  readonly requiredSlots: number;
  readonly verdict: string;
}

export type LiveFitAnswer =
  | { readonly kind: 'fits-now' }
  | { readonly kind: 'fits-if-jobs-stop'; readonly stop: readonly string[] }
  | { readonly kind: 'needs-task-managers'; readonly count: number; readonly like: string; readonly slotsEach: number }
  | { readonly kind: 'does-not-fit'; readonly reason: string };

export interface LiveFitReport {
  readonly cluster: {
    readonly url: string;
    readonly flinkVersion: string;
    readonly taskManagers: number;
    readonly slotsTotal: number;
    /** GET /overview's slots-available: free before the new jobs. */
    readonly slotsAvailable: number;
    /** Free slots after placing the running jobs' requirements in the simulation (before the new jobs). */
    readonly slotsFreeSimulated: number;
  };
  readonly runningJobs: readonly RunningJobReport[];
  readonly newJobs: readonly NewJobReport[];
  readonly answer: LiveFitAnswer;
  /** Other answers found on the way: which jobs stopping would also do, how many TaskManagers would. */
  readonly alternatives: readonly LiveFitAnswer[];
  /** How the cluster is deployed, as GET /jobmanager/config says: who starts its TaskManagers. */
  readonly deployment: Deployment & { readonly description: string };
  /** What to do when the new jobs do not fit now, in Flink's options and the operator's fields; empty when they fit. */
  readonly advice: readonly string[];
  /** The simulation of now: the running jobs, then the new ones, on the TaskManagers as they are. */
  readonly simulation: SimulationReport;
  readonly notes: readonly Diagnostic[];
}
