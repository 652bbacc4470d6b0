/** Codes of scenario and cluster files (`flinkslot simulate`, `size`, `report`). */
import type { CodeEntry } from './entry.js';

export const SCENARIO_CODES = {
  'scenario/job': {
    severity: 'error',
    title: 'A scenario job without requirements or a job graph.',
    meaning: 'Each job of a scenario states what it needs: requirements (slot profiles and counts) or a jobGraph file to plan.',
    fix: 'Give the job requirements or a jobGraph.',
    example: "error scenario.yaml:12:5 job 'etl' needs requirements or a jobGraph (/jobs/0) [scenario/job]",
  },
  'scenario/job-graph': {
    severity: 'error',
    title: "A scenario's job graph file cannot be read.",
    meaning:
      'A jobGraph path in the scenario could not be read, or a cluster file given to --cluster names job graph files (jobs on a cluster come as arguments).',
    fix: "Check the path (relative to the scenario's folder), or give the job graphs as arguments.",
    example:
      "error scenario.yaml:14:17 cannot read the job graph file 'jobs/etl.yaml': no such file (/jobs/0/jobGraph) [scenario/job-graph]",
  },
  'scenario/duplicate-job': {
    severity: 'error',
    title: 'Two scenario jobs share an id.',
    meaning: 'Events name jobs by id; two jobs with one id could not be told apart.',
    fix: 'Give each job its own id.',
    example: "error scenario.yaml:18:9 job id 'etl' is used twice (/jobs/1/id) [scenario/duplicate-job]",
  },
  'scenario/duplicate-task-manager': {
    severity: 'error',
    title: 'Two TaskManagers share an id.',
    meaning: 'Events name TaskManagers by id; two with one id could not be told apart.',
    fix: 'Give each TaskManager its own id.',
    example: "error cluster.yaml:9:9 TaskManager id 'tm-1' is used twice (/taskManagers/1/id) [scenario/duplicate-task-manager]",
  },
  'scenario/default-worker': {
    severity: 'error',
    title: 'A cluster without defaultWorker.',
    meaning: 'The SlotManager sizes workers and default slots from defaultWorker, unless the first TaskManager gives totalResources.',
    fix: 'Add defaultWorker with totalResources or flinkConfiguration.',
    example:
      'error cluster.yaml:1:1 the cluster needs defaultWorker (totalResources, or flinkConfiguration) unless its first TaskManager gives totalResources: the SlotManager sizes workers and default slots from it [scenario/default-worker]',
  },
  'scenario/impossible-task-manager': {
    severity: 'error',
    title: 'A TaskManager that could never offer a slot.',
    meaning:
      'A TaskManager with static slots and numberOfTaskSlots below 1, more allocated slots than it has, or a default slot larger than its total.',
    fix: 'Give the TaskManager at least one slot that fits in its total resources.',
    example:
      'error cluster.yaml:8:24 the default slot does not fit into the TaskManager total: it could never offer a slot (/defaultWorker/defaultSlotResources) [scenario/impossible-task-manager]',
  },
  'scenario/profile': {
    severity: 'error',
    title: 'A resource profile without resource amounts.',
    meaning: 'A TaskManager total or a default slot must give amounts (cpuCores, taskHeapMemory, …), not ANY or UNKNOWN.',
    fix: 'Give the resource amounts.',
    example:
      'error cluster.yaml:6:20 the default worker must give resource amounts, not UNKNOWN (/defaultWorker/totalResources) [scenario/profile]',
  },
  'scenario/unknown-profile': {
    severity: 'error',
    title: 'A reference to a profile the scenario does not define.',
    meaning: 'A profile is named that is not under profiles.',
    fix: 'Define the profile under profiles, or name one that is.',
    example:
      "error scenario.yaml:20:18 unknown profile 'large' (profiles: small, medium) (/jobs/0/requirements/0/profile) [scenario/unknown-profile]",
  },
  'scenario/unknown-job': {
    severity: 'error',
    title: 'An event names a job the scenario does not have.',
    meaning: 'Jobs are declared in jobs, by a declare event, or by slots; the event names none of them.',
    fix: 'Name a job of the scenario, or declare it first.',
    example:
      "error scenario.yaml:31:15 no job 'etl2' in the scenario (jobs are declared in jobs, by a declare event, or by slots) (/events/2/finishJob) [scenario/unknown-job]",
  },
  'scenario/unknown-task-manager': {
    severity: 'error',
    title: 'An event names a TaskManager the cluster does not have.',
    meaning: 'The TaskManager id is not one of the cluster’s.',
    fix: 'Name a TaskManager of the cluster.',
    example:
      "error scenario.yaml:33:26 no TaskManager 'tm-9' in the cluster (TaskManagers: tm-1, tm-2) (/events/3/unregisterTaskManager) [scenario/unknown-task-manager]",
  },
  'scenario/event': {
    severity: 'error',
    title: 'An event that does not name exactly one action.',
    meaning: 'Each event names one verb (declare, submitJob, finishJob, registerTaskManager, …).',
    fix: 'Split the event into one event per verb.',
    example:
      'error scenario.yaml:28:7 an event names exactly one of declare, clearRequirements, submitJob, finishJob, registerTaskManager, unregisterTaskManager, freeSlot, slotReport, setFailUnfulfillableRequest, advanceTime (this one names declare and finishJob) (/events/1) [scenario/event]',
  },
  'scenario/event-order': {
    severity: 'error',
    title: 'Events out of time order.',
    meaning: 'Events are in time order: an event comes before the previous one.',
    fix: 'Order the events by at.',
    example:
      'error scenario.yaml:30:11 event at 1000 ms comes before the previous event (5000 ms): events are in time order (/events/2/at) [scenario/event-order]',
  },
  'scenario/duration': {
    severity: 'error',
    title: 'A value that is not a duration.',
    meaning: 'Durations are milliseconds, or a number with a unit ("50 ms", "30 s", "5 min").',
    fix: 'Write the duration as 30000 or "30 s".',
    example:
      'error scenario.yaml:4:10 \'soon\' is not a duration (milliseconds, or e.g. "50 ms", "30 s", "5 min") (/until) [scenario/duration]',
  },
  'scenario/options': {
    severity: 'error',
    title: 'A SlotManager option the active ResourceManager cannot run with.',
    meaning: 'taskManagerTimeout is the period of the idle check of an active ResourceManager; it must be positive.',
    fix: 'Give taskManagerTimeout above 0.',
    example:
      'error cluster.yaml:5:24 taskManagerTimeout must be positive with an active ResourceManager: it is the period of the idle check (/options/taskManagerTimeout) [scenario/options]',
  },
  'scenario/option-value': {
    severity: 'error',
    title: 'An option value Flink refuses, or more than flinkslot simulates.',
    meaning: 'A ResourceManager or SlotManager option has a value the release cannot parse, or one larger than flinkslot simulates.',
    fix: 'Give a value of the release within the bound the message names.',
    example:
      "error cluster.yaml:5:22 Could not parse value 'TASKS' for key 'taskmanager.load-balance.mode': Flink 1.20 knows NONE, SLOTS (TASKS is new in 2.2) (/options/loadBalanceMode) [scenario/option-value]",
  },
  'scenario/option-not-in-version': {
    severity: 'warning',
    title: 'An option the cluster’s Flink release does not have.',
    meaning: 'The option came later (or went earlier) than the release the cluster runs; Flink ignores it, and so does the simulation.',
    fix: 'Drop the option, or run the release that has it.',
    example:
      'warning cluster.yaml:6:28 options.redundantTaskManagers (slotmanager.redundant-taskmanager-num) is ignored: the fine-grained SlotManager keeps redundant TaskManagers from Flink 1.18 and the cluster runs Flink 1.17 (/options/redundantTaskManagers) [scenario/option-not-in-version]',
  },
  'scenario/ignored-in-standalone': {
    severity: 'warning',
    title: 'An option a standalone ResourceManager ignores.',
    meaning: 'A standalone ResourceManager starts no TaskManagers and removes the options of starting them, as Flink logs.',
    fix: 'Drop the option, or make the cluster active (resourceAllocation: active).',
    example:
      'warning cluster.yaml:6:24 options.maxTotalCpu (slotmanager.max-total-resource.cpu) is ignored: a standalone ResourceManager removes it, as Flink logs "Config option slotmanager.max-total-resource.cpu will be ignored in standalone mode." (/options/maxTotalCpu) [scenario/ignored-in-standalone]',
  },
  'scenario/flink-version-assumed': {
    severity: 'info',
    title: 'No Flink version given: the newest release’s rules apply.',
    meaning: 'Neither the cluster, the jobs nor --flink-version names a release; the rules of the newest release flinkslot knows apply.',
    fix: 'Set flinkVersion in the cluster file or pass --flink-version.',
    example:
      'note no Flink version given: the rules of Flink 2.2 (the newest flinkslot knows) apply; set flinkVersion in the file or pass --flink-version [scenario/flink-version-assumed]',
  },
  'scenario/flink-version-from-jobs': {
    severity: 'info',
    title: 'The cluster runs the Flink version its jobs name.',
    meaning: 'The cluster names no release; the job graph files do, and the cluster runs theirs.',
    fix: 'Set flinkVersion in the cluster file or pass --flink-version to say it.',
    example:
      'note the cluster names no Flink version: it runs 1.20, the version its job graph files name (set flinkVersion in the cluster file or pass --flink-version) [scenario/flink-version-from-jobs]',
  },
  'scenario/flink-version-mismatch': {
    severity: 'warning',
    title: 'A job names another Flink release than the cluster runs.',
    meaning: "The SlotManager follows the cluster's release; the job's requirements were planned with its own release's rules.",
    fix: 'Make the job and the cluster name one release (or pass --flink-version).',
    example:
      "warning scenario.yaml:12:5 job 'etl' (jobs/etl.yaml) names Flink 1.18 but the cluster runs 1.20: the SlotManager follows 1.20, the job's requirements were planned with 1.18's rules (/jobs/0) [scenario/flink-version-mismatch]",
  },
} as const satisfies Record<string, CodeEntry>;
