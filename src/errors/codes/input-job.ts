/** Codes of a job graph's content: ids, edges, parallelism, resources, managed memory, version-bound features. */
import type { CodeEntry } from './entry.js';

export const INPUT_JOB_CODES = {
  'input/duplicate-id': {
    severity: 'error',
    title: 'Two vertices, operators or groups share an id.',
    meaning: 'Ids name vertices, operators and slot sharing groups uniquely; an edge or a group could not tell which one is meant.',
    fix: 'Rename one of the two (the message says where the first was defined).',
    example: "error jobs/etl.yaml:7:9 duplicate vertex id 'map' (first defined at /vertices/1) (/vertices/2/id) [input/duplicate-id]",
  },
  'input/unknown-vertex': {
    severity: 'error',
    title: 'An edge names a vertex the job does not have.',
    meaning: 'The source or target of an edge is not the id of a vertex of the job.',
    fix: "Use a vertex's id (not its name) as the edge's source and target.",
    example: "error jobs/etl.yaml:8:13 edge target 'sinc' is not a vertex of the job (/edges/0/target) [input/unknown-vertex]",
  },
  'input/cycle': {
    severity: 'error',
    title: 'The job graph has a cycle (Flink job graphs are acyclic).',
    meaning: 'The edges form a cycle; Flink builds only acyclic job graphs (an iteration’s feedback is not an edge).',
    fix: 'Remove the edge that closes the cycle (the message lists the cycle and points at its last edge).',
    example: 'error jobs/etl.yaml:10:5 The job graph is cyclic: a -> b -> c -> a (/edges/2) [input/cycle]',
  },
  'input/parallelism': {
    severity: 'error',
    title: 'Parallelism, max parallelism or min parallelism is out of range, as Flink would reject it.',
    meaning:
      'A parallelism below 1 (or -1 where unset is allowed), a max parallelism outside 1..32768, a parallelism above the max parallelism, or a minParallelism outside 1..parallelism: Flink refuses the job with the message shown.',
    fix: 'Lower the parallelism or raise the max parallelism (per vertex or pipeline.max-parallelism), within Flink’s bounds.',
    example:
      "error jobs/etl.yaml:8:18 Vertex Window(Tumbling)'s parallelism (200) is higher than the max parallelism (128). Please lower the parallelism or increase the max parallelism. (/vertices/1/parallelism) [input/parallelism]",
  },
  'input/vertex-operator-fields': {
    severity: 'error',
    title: 'A vertex that lists operators gives an operator field on itself.',
    meaning:
      'A vertex with operators takes resources and managed memory from its operators; a value given on the vertex would be ambiguous.',
    fix: 'Move the field onto the operators of the vertex.',
    example:
      "error jobs/etl.yaml:9:7 vertex 'window' lists operators: give resources on its operators instead (/vertices/1/resources) [input/vertex-operator-fields]",
  },
  'input/memory-size': {
    severity: 'error',
    title: 'A memory size Flink cannot parse.',
    meaning:
      "A memory size is not a number with one of Flink's units (b, k/kb, m/mb, g/gb, t/tb, and their long names); Flink's MemorySize.parse refuses it.",
    fix: "Write the size as a whole number with one of Flink's units: 1536m rather than 1.5g, 4g rather than 4GiB.",
    example:
      "error jobs/etl.yaml:4:22 Could not parse value '4GiB' for key 'slotManagedMemory': Memory size unit 'gib' does not match any of the recognized units: (b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes) (/managedMemoryConfig/slotManagedMemory) [input/memory-size]",
  },
  'input/resources': {
    severity: 'error',
    title: 'A resource amount that is not a non-negative number.',
    meaning:
      'An operator’s resources give a CPU or extended-resource amount that is not a number, is negative, or give both managedMemory and managedMemoryBytes.',
    fix: 'Give each amount as a number of at least 0, and managed memory once.',
    example: 'error jobs/etl.yaml:9:16 Resource value must be no less than 0 (/vertices/0/resources/cpuCores) [input/resources]',
  },
  'input/slot-sharing-group-resources': {
    severity: 'error',
    title: 'The resources of a slot sharing group are incomplete or not positive (FLIP-156).',
    meaning: "Flink's SlotSharingGroup builder requires CPU cores and task heap memory, both positive, when a group declares resources.",
    fix: 'Give the group cpuCores and taskHeapMemory above 0, or declare no resources for it.',
    example:
      'error jobs/etl.yaml:7:7 The cpu cores and task heap memory are required when specifying the resource of a slot sharing group. You need to explicitly configure them with positive value. (/slotSharingGroups/0/resources) [input/slot-sharing-group-resources]',
  },
  'input/flip156-unsupported': {
    severity: 'warning',
    title: 'Slot sharing group resources need Flink 1.14.',
    meaning:
      'Fine-grained resources per slot sharing group (FLIP-156) came with Flink 1.14; an older release ignores them, and so does flinkslot.',
    fix: 'Set flinkVersion to 1.14 or later, or drop the group resources.',
    example:
      'warning jobs/etl.yaml:6:7 slot sharing group resources (FLIP-156) need Flink 1.14; ignored for flinkVersion 1.13 (/slotSharingGroups/0/resources) [input/flip156-unsupported]',
  },
  'input/unused-slot-sharing-group': {
    severity: 'warning',
    title: 'A declared slot sharing group has no vertex.',
    meaning: 'slotSharingGroups declares a group no vertex names: often a misspelled group name on a vertex.',
    fix: 'Name the group on its vertices (slotSharingGroup), or remove the declaration.',
    example:
      "warning jobs/etl.yaml:5:11 no vertex is in slot sharing group 'heavy' (/slotSharingGroups/0/name) [input/unused-slot-sharing-group]",
  },
  'input/slot-min-ignored': {
    severity: 'warning',
    title: 'slotMin is ignored for a group that declares resources.',
    meaning: 'A group with declared resources gets slots cut to them; slotMin is a floor for default slots only.',
    fix: 'Remove slotMin from the group, or its resources.',
    example:
      "warning jobs/etl.yaml:9:7 slot sharing group 'heavy' declares resources: its slots are cut to them, so slotMin (a floor for default slots) is ignored (/slotSharingGroups/0/slotMin) [input/slot-min-ignored]",
  },
  'input/consumer-weights': {
    severity: 'error',
    title: 'taskmanager.memory.managed.consumer-weights cannot be parsed.',
    meaning: "The consumer weights are not KEY:VALUE pairs with integer values, as Flink's configuration parser reads them.",
    fix: 'Write them as OPERATOR:70,STATE_BACKEND:70,PYTHON:30 (integers).',
    example:
      "error jobs/etl.yaml:5:20 Could not parse value 'OPERATOR:7x' for key 'taskmanager.memory.managed.consumer-weights': For input string: \"7x\" (/managedMemoryConfig/consumerWeights) [input/consumer-weights]",
  },
  'input/managed-memory-weight': {
    severity: 'error',
    title: 'An operator declares a managed-memory weight Flink refuses.',
    meaning:
      'An operator-scope weight is 0 or less, larger than a Java int, or conflicts with the weight a keyed operator in BATCH mode declares for its sorted inputs.',
    fix: 'Give a weight from 1 to 2147483647, and one weight per operator.',
    example:
      'error jobs/etl.yaml:12:15 Weights for operator scope use cases must be greater than 0. (/vertices/0/operators/0/managedMemory/operatorScope/OPERATOR) [input/managed-memory-weight]',
  },
  'input/result-partition-type': {
    severity: 'error',
    title: 'An exchange type the Flink version or the job mode does not have.',
    meaning: 'PIPELINED_APPROXIMATE needs Flink 1.12, hybrid shuffle (HYBRID_FULL, HYBRID_SELECTIVE) needs 1.16 and a BATCH job.',
    fix: 'Use an exchange type of that release, or set flinkVersion (and execution mode) to one that has it.',
    example:
      'error jobs/etl.yaml:9:57 hybrid shuffle mode only supports batch job, please set execution.runtime-mode to BATCH (/edges/0/resultPartitionType) [input/result-partition-type]',
  },
  'input/scheduler-option': {
    severity: 'error',
    title: 'A scheduler option Flink cannot parse.',
    meaning:
      'jobmanager.scheduler names no scheduler of this release (AdaptiveBatch needs 1.15), or an integer scheduler option is not an integer.',
    fix: 'Use a scheduler type of the release (Default, Adaptive, AdaptiveBatch) and integers where the option takes one.',
    example:
      "error jobs/etl.yaml:4:26 Could not parse value 'Adaptiv' for key 'jobmanager.scheduler' (scheduler types of this release: Ng, Default, Adaptive, AdaptiveBatch) (/configuration/jobmanager.scheduler) [input/scheduler-option]",
  },
  'input/load-balance-mode': {
    severity: 'error',
    title: 'taskmanager.load-balance.mode TASKS needs Flink 2.2.',
    meaning: 'The TASKS load-balance mode exists from Flink 2.2 on; older releases have NONE and SLOTS (and MIN_RESOURCES in 2.1).',
    fix: 'Set flinkVersion to 2.2 or later, or use a mode of the release.',
    example:
      'error jobs/etl.yaml:3:18 taskmanager.load-balance.mode TASKS exists from Flink 2.2 on (TaskManagerOptions.TaskManagerLoadBalanceMode is NONE, SLOTS before; MIN_RESOURCES in 2.1); flinkVersion is 1.20 (/loadBalanceMode) [input/load-balance-mode]',
  },
  'input/state-backend': {
    severity: 'error',
    title: 'The ForSt state backend needs Flink 2.0.',
    meaning: 'The job names the ForSt state backend, which exists from Flink 2.0 on.',
    fix: 'Set flinkVersion to 2.0 or later, or use hashmap or rocksdb.',
    example:
      'error jobs/etl.yaml:5:17 the ForSt state backend exists from Flink 2.0 on; flinkVersion is 1.20 (/managedMemoryConfig/stateBackend) [input/state-backend]',
  },
  'input/subtask-name': {
    severity: 'error',
    title: 'A subtask graph names a subtask that is not VERTEX#INDEX.',
    meaning: 'Only in hand-written subtask graphs of flinkslot’s own test harness; no command reads them.',
    fix: 'Name each subtask VERTEX#INDEX.',
    example: "error subtask 'map-1' is not named VERTEX#INDEX [input/subtask-name]",
  },
  'input/unknown-subtask': {
    severity: 'error',
    title: 'A subtask graph edge names an unknown subtask.',
    meaning: 'Only in hand-written subtask graphs of flinkslot’s own test harness; no command reads them.',
    fix: 'Name subtasks the subtask graph lists.',
    example: 'error edge map#0 -> sink#3 names an unknown subtask [input/unknown-subtask]',
  },
} as const satisfies Record<string, CodeEntry>;
