/**
 * What `flinkslot explain` concludes from a log's facts (issue 28 §2), as a value: the cluster and
 * the jobs rebuilt from the log, what the embedded SlotManager of that release did with them
 * (the replay), whether the two agree, and one diagnosis with its evidence and a fix proven by a
 * replay where the log gives enough. Reports and the `--json` output read this.
 */
import type { LogPoint, ResourceManagerKind, SlotManagerEra } from '../../parse/log/log-facts.js';
import type { FlinkVersion } from '../../model/flink-version.js';
import type { ExplainJson } from '../../model/json/explain.js';
import type { ResourceProfile } from '../../model/resource-profile.js';

/** The diagnoses the output schema lists (schemas/explain.schema.json is their one source). */
export type ExplainDiagnosisCode = ExplainJson['diagnosis']['code'];

/** As `simulate` judges a job; `unknown` when the log says too little to judge it. */
export type ExplainVerdict = 'met' | 'partly-met' | 'never-met' | 'not-met' | 'unknown';

export interface ExplainedJob {
  readonly id: string;
  readonly name?: string;
  /** Slots the job required at its last requirement the log shows; undefined when the log never says. */
  readonly requiredSlots: number | undefined;
  /** Slots it held, as the log shows (or the replay, where the log only implies it); undefined when unknown. */
  readonly acquiredSlots: number | undefined;
  readonly requirements: readonly { readonly profile: ResourceProfile; readonly count: number }[];
  readonly verdict: ExplainVerdict;
  /** When it was last met / when it gave up, as log points. */
  readonly metAt?: LogPoint;
  readonly failedAt?: LogPoint;
  /** Its last status the log shows (Flink's JobStatus). */
  readonly status?: string;
}

export interface ExplainedTaskManager {
  readonly id: string;
  readonly slots: number | undefined;
  readonly total?: ResourceProfile;
  readonly host?: string;
  readonly lost: boolean;
  readonly registeredAt?: LogPoint;
  readonly lostAt?: LogPoint;
  readonly lossCause?: string;
}

export interface ExplainNetwork {
  readonly required: number;
  readonly available: number;
  readonly total: number | undefined;
  /** Bytes per buffer when the message gives it. */
  readonly segmentSize?: number;
}

export interface Diagnosis {
  readonly code: ExplainDiagnosisCode;
  /** One or two sentences in the engineer's terms. */
  readonly message: string;
  /** What to do; each proven by a replay where `proven` says so. */
  readonly fixes: readonly { readonly text: string; readonly proven: boolean }[];
  /** The log lines that prove it. */
  readonly evidence: readonly LogPoint[];
}

/** One entry of the timeline (requirements, workers, slots, TaskManagers, the job's states). */
export interface TimelineEntry {
  readonly at: LogPoint;
  /** Milliseconds since the first timestamped record of the logs; undefined without a timestamp. */
  readonly offset: number | undefined;
  /** The kinds the output schema lists (schemas/explain.schema.json is their one source). */
  readonly kind: ExplainJson['timeline'][number]['kind'];
  readonly job?: string;
  readonly taskManager?: string;
  /** Slots the job required / held after this entry, when it changes them. */
  readonly requiredSlots?: number;
  readonly acquiredSlots?: number;
  readonly text: string;
}

/** The replay through the embedded SlotManager, compared with the log. */
export interface ReplayComparison {
  /** False when the log lacks what a replay needs (no TaskManager or no requirement seen). */
  readonly replayed: boolean;
  /** Per job, the replay's verdict. */
  readonly verdicts: readonly { readonly job: string; readonly verdict: ExplainVerdict }[];
  /** Where the replay and the log disagree (a finding: a log flinkslot cannot explain). */
  readonly disagreements: readonly string[];
  /** What the replay assumed where the log is silent (a slot profile, TaskManagers only counted), and the SlotManager it replays with. */
  readonly notes?: readonly string[];
}

export interface LogExplanation {
  readonly flinkVersion: FlinkVersion | undefined;
  readonly flinkVersionSource: 'log' | 'option' | 'message-forms' | undefined;
  readonly slotManager: SlotManagerEra | undefined;
  readonly resourceManager: ResourceManagerKind | undefined;
  readonly deployment: string | undefined;
  readonly jobs: readonly ExplainedJob[];
  readonly taskManagers: readonly ExplainedTaskManager[];
  readonly workersRequested: number;
  readonly workersRegistered: number;
  readonly network: ExplainNetwork | undefined;
  readonly diagnosis: Diagnosis;
  readonly replay: ReplayComparison;
  readonly timeline: readonly TimelineEntry[];
  /** The slot pool's last "Current slot pool status" (1.14+): TaskManagers and slots it counted, when the log shows it. */
  readonly slotPool?: {
    readonly registeredTaskManagers: number | undefined;
    readonly registeredSlots: number | undefined;
    readonly freeSlots: number | undefined;
  };
  /** Timeline entries left out beyond the bound (the first ones are kept). */
  readonly timelineOmitted?: number;
  /** Records read, and those that gave a fact. */
  readonly records: number;
  readonly recognisedRecords: number;
}
