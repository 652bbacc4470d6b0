// Generated from schemas/explain.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { ResourceProfile } from './plan.js';

/**
 * What a JobManager log (and the TaskManager logs beside it) says happened to the jobs' slots, replayed through the embedded SlotManager of that release, with one diagnosis, its evidence and what to do, as printed by `flinkslot explain LOG... --json`.
 */
export interface ExplainJson {
  /**
   * The version of this output format.
   */
  explainVersion: 1;
  /**
   * The log files read, in the order given (`<stdin>` for standard input).
   */
  files: string[];
  /**
   * Log records read (a record is a line with a layout prefix and the lines that continue it: a stack trace, a multi-line block).
   */
  records: number;
  /**
   * Records that gave at least one fact; the others were skipped as unknown.
   */
  recognisedRecords: number;
  /**
   * The Flink release ("major.minor") whose rules the replay applied; null when neither the log nor --flink-version says.
   */
  flinkVersion: string | null;
  /**
   * Where the release came from: the log (a `Version:` banner, a flink-dist jar), --flink-version, or the message forms of an era; null when unknown.
   */
  flinkVersionSource: 'log' | 'option' | 'message-forms' | null;
  /**
   * The SlotManager the log shows: legacy (SlotManagerImpl, up to 1.12), declarative (DeclarativeSlotManager, 1.13 to 1.17's default) or fine-grained (FineGrainedSlotManager, 1.18+'s default); null when the log does not show it.
   */
  slotManager: 'legacy' | 'declarative' | 'fine-grained' | null;
  /**
   * The ResourceManager: standalone (a fixed set of TaskManagers) or active (YARN, Kubernetes: it requests workers); null when the log does not show it.
   */
  resourceManager: 'standalone' | 'active' | null;
  /**
   * standalone, yarn, kubernetes or local when the log names it, else null.
   */
  deployment: string | null;
  /**
   * Each job the log shows, in the order first seen.
   */
  jobs: {
    /**
     * The job's id (32 hex digits as Flink prints it).
     */
    id: string;
    /**
     * The job's name, when the log gives it.
     */
    name?: string;
    /**
     * Slots the job required at its last requirement the log shows; null when the log never says.
     */
    requiredSlots: number | null;
    /**
     * Slots it held, as the log shows (or the replay, where the log only implies it); null when unknown.
     */
    acquiredSlots: number | null;
    /**
     * As `simulate` judges a job: met, partly-met (fewer slots than required, as the adaptive scheduler runs), never-met, not-met (met once, not at the end); unknown when the log says too little.
     */
    verdict: 'met' | 'partly-met' | 'never-met' | 'not-met' | 'unknown';
    /**
     * Its last status the log shows (Flink's JobStatus: RUNNING, FAILED, …).
     */
    status?: string;
    /**
     * Its last resource requirements: count slots of each profile (Flink's ResourceRequirement).
     */
    requirements: {
      /**
       * The slot profile required (UNKNOWN: any slot).
       */
      profile: ResourceProfile;
      /**
       * Slots of that profile.
       */
      count: number;
    }[];
    metAt?: LogPoint;
    failedAt?: LogPoint;
  }[];
  /**
   * Each TaskManager the log shows, in the order first seen.
   */
  taskManagers: {
    /**
     * The TaskManager's ResourceID as the log prints it.
     */
    id: string;
    /**
     * Its slots, when the log says (a slot report, the fine-grained block, its configuration); null otherwise.
     */
    slots: number | null;
    /**
     * Its total resource profile, when the log prints it.
     */
    total?: ResourceProfile;
    /**
     * Its host, when the log gives it.
     */
    host?: string;
    /**
     * The log shows it lost (heartbeat timeout, terminated, disconnected).
     */
    lost: boolean;
    /**
     * Why, as the log says it.
     */
    lossCause?: string;
    registeredAt?: LogPoint;
    lostAt?: LogPoint;
  }[];
  /**
   * Workers (YARN containers, Kubernetes pods) an active ResourceManager requested; 0 for a standalone one.
   */
  workersRequested: number;
  /**
   * Workers the active ResourceManager saw register.
   */
  workersRegistered: number;
  /**
   * Present when the log has "Insufficient number of network buffers": what a TaskManager had and needed.
   */
  network?: {
    /**
     * Network buffers required.
     */
    required: number;
    /**
     * Network buffers available.
     */
    available: number;
    /**
     * The total number of network buffers, when the message gives it.
     */
    total: number | null;
    /**
     * Bytes per buffer (taskmanager.memory.segment-size), when the message gives it.
     */
    segmentSize?: number;
  };
  /**
   * The one diagnosis, its evidence and what to do.
   */
  diagnosis: {
    /**
     * docs/commands/explain.md lists what each means. Every code but ok makes the exit code 1.
     */
    code:
      | 'ok'
      | 'slots/not-enough'
      | 'slots/too-small'
      | 'slots/timeout'
      | 'network/insufficient-buffers'
      | 'taskmanager/lost'
      | 'cluster/taskmanagers-not-registering'
      | 'job/failed-other'
      | 'unknown';
    /**
     * One or two sentences in the engineer's terms.
     */
    message: string;
    /**
     * What to do, first the fix flinkslot proved.
     */
    fixes: {
      /**
       * The fix.
       */
      text: string;
      /**
       * A replay with the fix applied met the requirements.
       */
      proven: boolean;
    }[];
    /**
     * The log lines that prove it.
     */
    evidence: LogPoint[];
  };
  /**
   * The replay of the rebuilt cluster and requirements through the embedded SlotManager, compared with the log.
   */
  replay: {
    /**
     * False when the log lacks what a replay needs (no TaskManager or no requirement seen).
     */
    replayed: boolean;
    /**
     * Per job, the replay's verdict.
     */
    verdicts: {
      /**
       * The job's id.
       */
      job: string;
      /**
       * The replay's verdict.
       */
      verdict: 'met' | 'partly-met' | 'never-met' | 'not-met' | 'unknown';
    }[];
    /**
     * Where the replay and the log disagree: a log flinkslot cannot explain (worth a bug report).
     */
    disagreements: string[];
    /**
     * What the replay assumed where the log is silent (a slot profile, TaskManagers only counted), and the SlotManager it replays with.
     */
    notes?: string[];
  };
  /**
   * What happened, in the order of the log: requirements, slots, workers, TaskManagers, job states, failures.
   */
  timeline: {
    at: LogPoint;
    /**
     * Milliseconds since the first timestamped record of the logs; null without a timestamp.
     */
    offset: number | null;
    /**
     * What the entry is.
     */
    kind:
      | 'requirements'
      | 'slots'
      | 'worker-requested'
      | 'worker-registered'
      | 'taskmanager-registered'
      | 'taskmanager-lost'
      | 'job-status'
      | 'not-fulfilled'
      | 'timeout'
      | 'network';
    /**
     * The job it concerns.
     */
    job?: string;
    /**
     * The TaskManager it concerns.
     */
    taskManager?: string;
    /**
     * Slots the job required after this entry, when it changes them.
     */
    requiredSlots?: number;
    /**
     * Slots the job held after this entry, when it changes them.
     */
    acquiredSlots?: number;
    /**
     * What happened, in words.
     */
    text: string;
  }[];
  /**
   * The slot pool's last "Current slot pool status" / "Could not acquire the minimum required resources" counts (1.14+), when the log shows them.
   */
  slotPool?: {
    /**
     * TaskManagers the JobMaster had registered; null when not printed.
     */
    registeredTaskManagers: number | null;
    /**
     * Slots offered to it; null when not printed.
     */
    registeredSlots: number | null;
    /**
     * Slots free in its pool; null when not printed.
     */
    freeSlots: number | null;
  };
  /**
   * Timeline entries left out beyond the bound flinkslot keeps (the first ones are kept); absent when none were.
   */
  timelineOmitted?: number;
  /**
   * When neither the log nor --flink-version names the release: the releases its message forms allow ("major.minor"). flinkVersion is that release when they allow one, else null, and the replay applies the latest (said in replay.notes).
   */
  flinkVersionRange?: {
    /**
     * The earliest release that prints every form seen.
     */
    earliest: string;
    /**
     * The latest release that prints every form seen.
     */
    latest: string;
  };
}
/**
 * A log record: its file, first line and text as printed.
 *
 * This interface was referenced by `ExplainJson`'s JSON-Schema
 * via the `definition` "logPoint".
 */
export interface LogPoint {
  /**
   * The file (`<stdin>` for standard input).
   */
  file: string;
  /**
   * Its first line, from 1.
   */
  line: number;
  /**
   * Its first line as printed (after a layout prefix is kept), cut to 1,000 characters with … when longer.
   */
  text: string;
  /**
   * Its log level, when the layout prints one.
   */
  level?: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'FATAL';
}
