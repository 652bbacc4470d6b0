/** Codes of reading a JobManager's REST API (a job, a running cluster). */
import type { CodeEntry } from './entry.js';

export const REST_CODES = {
  'rest/address': {
    severity: 'error',
    title: 'A REST address flinkslot cannot use.',
    meaning:
      'The argument looks like a JobManager address but is not one flinkslot can ask: not a URL, too long, with a query, or naming no job where a job is needed.',
    fix: 'Give http://HOST:PORT (the cluster) or http://HOST:PORT/jobs/JOBID (a job; GET /jobs/overview lists them).',
    example: "error the address has a query ('?x=1'): give the JobManager's address, e.g. http://HOST:8081",
  },
  'rest/unreachable': {
    severity: 'error',
    title: 'The JobManager could not be reached or did not answer.',
    meaning: 'The request failed: refused, unknown host, timed out, an HTTP error, or an answer larger than flinkslot reads or cut off.',
    fix: 'Check that the JobManager runs and that the address is its REST port (rest.port, 8081 by default); FLINKSLOT_REST_TIMEOUT sets the seconds to wait.',
    example:
      'error GET http://localhost:8081/overview: connection refused: is the JobManager running, and is this its REST port (rest.port, 8081 by default)?',
  },
  'rest/answer': {
    severity: 'error',
    title: 'An answer that is not what a Flink JobManager sends.',
    meaning:
      'The address answered, but not with what Flink’s REST API answers for that request (another service on the port, or a proxy page).',
    fix: "Give the JobManager's REST address, not a proxy or the web UI of another service.",
    example:
      'error http://localhost:8081/overview GET http://localhost:8081/overview: not the answer of a Flink JobManager: not JSON [rest/answer]',
  },
  'rest/flink-version': {
    severity: 'info',
    title: 'The Flink release the cluster runs, from GET /overview.',
    meaning: "The cluster's release decides the rules that apply to every job.",
    fix: 'Nothing.',
    example: 'note Flink 1.18.1, as GET http://localhost:8081/overview says; its rules apply to every job [rest/flink-version]',
  },
  'rest/configuration': {
    severity: 'info',
    title: "The TaskManagers' configuration is the JobManager's.",
    meaning: 'The REST API gives the JobManager’s configuration; TaskManagers started with other options size their slots differently.',
    fix: "Give --tm-config with the TaskManagers' own configuration if it differs.",
    example:
      "note the TaskManagers' configuration is the JobManager's (GET http://localhost:8081/jobmanager/config): TaskManagers started with other options size their slots differently [rest/configuration]",
  },
  'rest/configuration-unusable': {
    severity: 'warning',
    title: "The JobManager's configuration does not size a TaskManager.",
    meaning:
      'Managed memory is shown as fractions only, because the configuration the JobManager gives fails FLIP-49 sizing (the first problem is quoted).',
    fix: "Give --tm-config with the TaskManagers' configuration.",
    example:
      "warning the JobManager's configuration does not size a TaskManager, so managed memory is shown as fractions only: Either required fine-grained memory (taskmanager.memory.task.heap.size and taskmanager.memory.managed.size), or Total Flink Memory size (Key: 'taskmanager.memory.flink.size'), or Total Process Memory size (Key: 'taskmanager.memory.process.size') need to be configured explicitly. [rest/configuration-unusable]",
  },
  'rest/deployment': {
    severity: 'info',
    title: 'The deployment the JobManager’s configuration names.',
    meaning:
      'standalone, Kubernetes or YARN, from execution.target and the keys each deployment sets: it decides whether the simulation may start TaskManagers.',
    fix: 'Nothing.',
    example:
      'note a standalone cluster: no key of GET http://localhost:8081/jobmanager/config names another deployment (execution.target, kubernetes.internal.*, yarn.application.id) [rest/deployment]',
  },
  'rest/placement': {
    severity: 'info',
    title: 'Slots placed as the JobManager says.',
    meaning: 'The cluster’s slot placement options (from its configuration) are the simulation’s.',
    fix: 'Nothing.',
    example:
      'note slots are placed as GET http://localhost:8081/jobmanager/config says: cluster.evenly-spread-out-slots: true [rest/placement]',
  },
  'rest/task-manager-details': {
    severity: 'info',
    title: 'TaskManagers that did not answer GET /taskmanagers/:id.',
    meaning: 'Their allocated slots are unknown; the running jobs are placed as the SlotManager would place them.',
    fix: 'Nothing, or ask again when the TaskManagers answer.',
    example: 'note 2 of 8 TaskManagers did not answer GET /taskmanagers/:id [rest/task-manager-details]',
  },
  'rest/allocated-slots': {
    severity: 'info',
    title: 'The cluster does not list which job holds which slot.',
    meaning:
      "allocatedSlots is empty before Flink 1.13 and under the declarative SlotManager: the running jobs' slots are placed as the SlotManager would place their requirements.",
    fix: 'Nothing.',
    example:
      "note the cluster does not list which job holds which slot (allocatedSlots is empty before Flink 1.13 and under the declarative SlotManager): the running jobs' slots are placed as the SlotManager would place their requirements [rest/allocated-slots]",
  },
  'rest/held-slots': {
    severity: 'warning',
    title: 'A running job holds another number of slots than its plan asks for.',
    meaning: 'The adaptive scheduler runs with what it got, or a rescale is under way; the simulation places what the plan asks for.',
    fix: 'Nothing, or ask again when the job has settled.',
    example:
      "warning running job 'a3f0…' holds 4 slots on the cluster but its plan asks for 8 (the adaptive scheduler runs with what it got, or a rescale is under way); the simulation places 8 [rest/held-slots]",
  },
  'rest/running-jobs-unmet': {
    severity: 'warning',
    title: "The running jobs' requirements do not all fit in the simulation.",
    meaning: 'They run with fewer slots (adaptive scheduler) or are waiting for resources.',
    fix: 'Read the jobs the message lists: they are short of slots on the cluster as it is.',
    example:
      "warning the running jobs' requirements do not all fit on these TaskManagers in the simulation (etl): they run with fewer slots (adaptive scheduler) or are waiting for resources [rest/running-jobs-unmet]",
  },
  'rest/free-slots-differ': {
    severity: 'warning',
    title: 'The free slots the cluster reports differ from the simulation’s.',
    meaning:
      "Placing the running jobs' requirements leaves another number of free slots than GET /overview reports (slots of finished jobs not yet freed, or jobs flinkslot could not read).",
    fix: 'Ask again when the cluster has settled.',
    example:
      "warning GET http://localhost:8081/overview reports 4 free slots; placing the running jobs' requirements leaves 2 [rest/free-slots-differ]",
  },
} as const satisfies Record<string, CodeEntry>;
