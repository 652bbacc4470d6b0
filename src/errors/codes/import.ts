/** Notes of reading Flink's own JSON files (`flinkslot import`, and every command given such a file). */
import type { CodeEntry } from './entry.js';

export const IMPORT_CODES = {
  'import/format': {
    severity: 'info',
    title: "How one of Flink's own JSON files was read.",
    meaning:
      "flinkslot recognised one of Flink's JSON files (a StreamGraph or JobGraph plan, GET /jobs/:jobid, /jobs/:jobid/plan, /taskmanagers) and read it as that.",
    fix: 'Nothing; it says what the file was read as.',
    example: 'note job.json:1:1 read as the answer of GET /jobs/:jobid [import/format]',
  },
  'import/defaults': {
    severity: 'info',
    title: "Facts Flink's JSON does not carry; flinkslot used its defaults.",
    meaning:
      "Flink's JSON files leave out slot sharing group names, resources and managed-memory declarations; flinkslot uses Flink's defaults for them.",
    fix: 'If the job sets them, `flinkslot import FILE > job.yaml`, add them to job.yaml, and plan that.',
    example:
      'note job.json:1:1 not in the file, so flinkslot uses the defaults: slot sharing groups (streaming: one "default" group; batch: one per region), no resources (UNKNOWN profiles) [import/defaults]',
  },
  'import/assumed-streaming': {
    severity: 'info',
    title: 'A StreamGraph plan is read as a streaming job.',
    meaning: 'A StreamGraph execution plan comes from a DataStream program and states no job type; flinkslot reads it as a streaming job.',
    fix: 'For a BATCH job, import it and set executionMode: batch in the job graph.',
    example:
      'note plan.json:1:1 a StreamGraph plan comes from a DataStream program: the job is read as a streaming job [import/assumed-streaming]',
  },
  'import/operators-not-chained': {
    severity: 'info',
    title: 'A StreamGraph plan lists operators, each read as a vertex.',
    meaning:
      'A StreamGraph plan is before chaining: each operator becomes a vertex. Regions and minimum slots are the same as with Flink’s chains.',
    fix: 'Nothing for slots; for vertex-level figures give the JobGraph plan (GET /jobs/:jobid/plan) instead.',
    example:
      'note plan.json:1:1 a StreamGraph plan lists operators, not JobVertices: each operator becomes a vertex (Flink would chain some of them; regions and minimum slots are the same either way) [import/operators-not-chained]',
  },
  'import/no-exchange': {
    severity: 'info',
    title: 'An input without a known exchange type gets the default of the job mode.',
    meaning:
      "The file does not state an edge's exchange (result partition) type; flinkslot uses Flink's default: PIPELINED_BOUNDED for streaming, BLOCKING for batch.",
    fix: 'If the job sets another exchange (execution.batch-shuffle-mode), import it and set resultPartitionType on the edges.',
    example:
      'note plan.json:1:1 a StreamGraph plan states no exchange: every edge is PIPELINED_BOUNDED, as Flink makes it for a streaming job [import/no-exchange]',
  },
  'import/iteration': {
    severity: 'info',
    title: 'An iteration body is read as ordinary vertices.',
    meaning:
      'The plan has an iteration (step_function); its body is read as ordinary vertices and the feedback edge, which the file does not carry, is left out.',
    fix: 'Nothing; co-location of head and tail is not in the file either: add coLocationGroup to an imported job graph if it matters.',
    example:
      'note plan.json:1:1 the iteration body (step_function) is read as ordinary vertices; the feedback edge is not in the file [import/iteration]',
  },
  'import/job-type-not-stated': {
    severity: 'info',
    title: 'The plan states no job type; flinkslot decided it from the exchanges.',
    meaning:
      "Flink's plan JSON carries 'type' from 1.14 and GET /jobs/:jobid 'job-type' from 1.20; without it a job with a blocking or hybrid exchange is read as batch, otherwise as streaming.",
    fix: 'If that is wrong, import the file and set executionMode in the job graph.',
    example:
      "note job.json:1:1 the plan states no job type (Flink's plan JSON carries 'type' from 1.14, GET /jobs/:jobid its 'job-type' from 1.20): read as a streaming job, as every exchange is pipelined (/plan) [import/job-type-not-stated]",
  },
  'import/no-max-parallelism': {
    severity: 'info',
    title: 'A JobGraph plan states no max parallelism.',
    meaning: "flinkslot derives each vertex's max parallelism from its parallelism, as Flink does when none is set.",
    fix: 'If the job sets pipeline.max-parallelism, pass it with -D pipeline.max-parallelism=N or set maxParallelism in an imported job graph.',
    example:
      'note plan.json:1:1 a JobGraph plan states no max parallelism: flinkslot derives it from the parallelism as Flink does [import/no-max-parallelism]',
  },
  'import/parallelism-unset': {
    severity: 'info',
    title: 'Vertices without a parallelism in the file.',
    meaning:
      'The default scheduler runs a vertex without parallelism at 1; the AdaptiveBatchScheduler (batch jobs from Flink 1.17) decides it at run time.',
    fix: 'Set the parallelism in an imported job graph if the job runs with another one.',
    example:
      "note plan.json:1:1 no parallelism in the file for 'Source: orders', 'Sink: out': the default scheduler runs them at 1, the AdaptiveBatchScheduler (batch jobs from Flink 1.17) decides them at run time [import/parallelism-unset]",
  },
  'import/slot-sharing-groups': {
    severity: 'info',
    title: "Slot sharing groups read from the vertices' slotSharingGroupId.",
    meaning:
      'GET /jobs/:jobid gives each vertex a slot sharing group id, not a name: one id is the default group, several are named ssg- and the id’s first 8 hex digits.',
    fix: 'Nothing; rename the groups in an imported job graph if you want their real names.',
    example:
      "note job.json:1:1 2 slot sharing groups from the vertices' slotSharingGroupId (Flink gives ids, not names): ssg-a3f01c22, ssg-7be210d4 [import/slot-sharing-groups]",
  },
  'import/inferred-keyed': {
    severity: 'info',
    title: 'Keyed state inferred from a HASH input.',
    meaning:
      'A vertex reading a HASH (keyBy) input holds keyed state: flinkslot declares STATE_BACKEND managed memory for it, as Flink’s keyed operators do.',
    fix: 'Nothing, unless the operator keeps no keyed state; then import the file and drop the declaration.',
    example:
      "note job.json:1:1 inferred keyed state from the HASH input of 'Flat Map -> Sink: Print to Std. Out': each declares STATE_BACKEND [import/inferred-keyed]",
  },
  'import/inferred-operator-memory': {
    severity: 'info',
    title: 'Operator managed memory inferred from operator names.',
    meaning:
      'Operator names of SQL operators that use managed memory (batch sorts, hash aggregates and joins; streaming window TVFs) make flinkslot declare OPERATOR managed memory for them, as Flink’s planner does.',
    fix: 'Nothing, unless a name misled it; then import the file and correct the declaration.',
    example:
      "note job.json:1:1 inferred from the operator names of 'HashJoin(joinType=[InnerJoin])': batch SQL operators (sort, hash aggregate, joins) declare OPERATOR managed memory, weights in MiB of the table.exec.resource.* defaults as Flink 1.16+ declares them [import/inferred-operator-memory]",
  },
  'import/inferred-python': {
    severity: 'info',
    title: 'Python operators inferred from operator names.',
    meaning: 'Operators named as PyFlink operators declare PYTHON managed memory, as Flink’s Python operators do.',
    fix: 'Nothing, unless a name misled it.',
    example:
      "note job.json:1:1 inferred Python operators in 'PythonCalc(select=[f(a)])': each declares PYTHON managed memory [import/inferred-python]",
  },
  'import/flink-version': {
    severity: 'info',
    title: 'The Flink version of an imported job, from the cluster.',
    meaning: '`flinkslot import http://…` read the release the cluster runs (GET /overview) and wrote it as the job graph’s flinkVersion.',
    fix: 'Nothing.',
    example: 'note flinkVersion 1.18: the cluster runs Flink 1.18.1 (GET http://jobmanager:8081/overview) [import/flink-version]',
  },
  'import/exact-memory': {
    severity: 'info',
    title: 'TaskManager memory in exact bytes from memoryConfiguration.',
    meaning:
      "GET /taskmanagers states totalResource in whole MiB; where a TaskManager's memoryConfiguration agrees with it, flinkslot uses its exact bytes.",
    fix: 'Nothing.',
    example:
      'note taskmanagers.json:1:1 memory of 2 TaskManagers in exact bytes from memoryConfiguration (totalResource states whole MiB) [import/exact-memory]',
  },
  'import/mib-memory': {
    severity: 'info',
    title: "TaskManager memory from totalResource's whole MiB.",
    meaning:
      "Without a memoryConfiguration that agrees, a TaskManager's memory is totalResource's whole MiB, up to 1 MiB per component below the real size.",
    fix: 'Nothing, unless a slot fits only by a few bytes; then give the TaskManagers’ configuration (--tm-config).',
    example:
      "note taskmanagers.json:1:1 memory of 2 TaskManagers is totalResource's whole MiB × 1,048,576, up to 1 MiB per component less than the real size (no memoryConfiguration that agrees with it) [import/mib-memory]",
  },
  'import/no-total-resource': {
    severity: 'info',
    title: 'TaskManagers without a total resource are left out.',
    meaning:
      'Flink before 1.12 reports zeros as the total resource of standalone TaskManagers; flinkslot cannot size them and leaves them out.',
    fix: 'Describe the cluster in a cluster file (TaskManagers with their totalResources or flinkConfiguration).',
    example:
      'note taskmanagers.json:1:1 2 TaskManagers without a total resource (Flink before 1.12 reports zeros in standalone mode) left out: 10.0.0.5:42001-aa11bb, 10.0.0.6:42001-cc22dd [import/no-total-resource]',
  },
  'import/slots-in-use': {
    severity: 'info',
    title: 'Slots in use in the answer, without their jobs.',
    meaning: 'GET /taskmanagers counts busy slots but does not say which jobs hold them: the simulation starts with every slot free.',
    fix: 'Point flinkslot at the JobManager itself (http://HOST:PORT) to have the running jobs placed.',
    example:
      'note taskmanagers.json:1:1 6 of 8 slots are in use in the answer, which does not say by which jobs: the simulation starts with every slot free [import/slots-in-use]',
  },
  'import/standalone': {
    severity: 'info',
    title: 'The imported TaskManagers are a fixed set.',
    meaning: 'A cluster imported from GET /taskmanagers has resourceAllocation standalone: the simulation starts no TaskManagers.',
    fix: 'Add a defaultWorker and resourceAllocation active to the imported cluster to let the simulation start workers.',
    example:
      'note the TaskManagers are a fixed set: resourceAllocation standalone (add a defaultWorker and resourceAllocation active to let the simulation start workers) [import/standalone]',
  },
} as const satisfies Record<string, CodeEntry>;
