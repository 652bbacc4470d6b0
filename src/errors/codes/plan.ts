/** Codes of analysing a job: regions, slot sharing, managed memory, resources, adaptive batch, subtasks. */
import type { CodeEntry } from './entry.js';

export const PLAN_CODES = {
  'slot-sharing/colocation-across-groups': {
    severity: 'error',
    title: 'A co-location group spans slot sharing groups.',
    meaning: 'Co-located vertices share slots, so Flink requires them in one slot sharing group (IllegalStateException).',
    fix: 'Put the co-located vertices in the same slot sharing group, or drop the co-location group.',
    example:
      "error jobs/iterate.yaml:10:22 Cannot co-locate operators from different slot sharing groups (co-location group 'loop': 'head' and 'tail') (/vertices/1/coLocationGroup) [slot-sharing/colocation-across-groups]",
  },
  'slot-sharing/colocation-across-regions': {
    severity: 'error',
    title: 'A co-location group spans pipelined regions.',
    meaning: 'Flink requires co-located tasks in one pipelined region; a blocking exchange between them splits it (IllegalStateException).',
    fix: 'Make the exchanges between the co-located vertices pipelined, or drop the co-location group.',
    example:
      "error jobs/iterate.yaml:14:22 co-located tasks must be in the same pipelined region (co-location group 'loop': 'head' and 'tail' are in different pipelined regions) (/vertices/2/coLocationGroup) [slot-sharing/colocation-across-regions]",
  },
  'slot-sharing/hybrid-with-named-group': {
    severity: 'error',
    title: 'Hybrid shuffle with a named slot sharing group.',
    meaning: 'Flink 1.16 and later refuse hybrid shuffle in a job that puts a vertex in a non-default slot sharing group.',
    fix: 'Leave every vertex in the default group, or use BLOCKING exchanges.',
    example:
      'error jobs/hybrid.yaml:8:23 hybrid shuffle mode currently does not support setting non-default slot sharing group. (/vertices/1/slotSharingGroup) [slot-sharing/hybrid-with-named-group]',
  },
  'regions/colocation-single-region': {
    severity: 'warning',
    title: 'Flink up to 1.12 makes a job with co-location one pipelined region.',
    meaning: 'With a co-location constraint, Flink 1.12 and older schedule the whole job as one region: every slot is needed at once.',
    fix: 'Nothing to fix in the job; a later Flink release schedules its regions apart.',
    example:
      'warning jobs/iterate.yaml:4:1 Flink <= 1.12 makes the whole job one pipelined region because it uses co-location constraints (/vertices) [regions/colocation-single-region]',
  },
  'resources/overflow': {
    severity: 'error',
    title: 'Resources that cannot be added up (more than 2^63-1 bytes).',
    meaning: "The resources of a slot sharing group's operators add up past a Java long, where Flink fails with an ArithmeticException.",
    fix: 'Give the operators realistic resources.',
    example:
      "error jobs/etl.yaml:6:5 the resources of slot sharing group 'default' cannot be added up: long overflow (more than 2^63-1 bytes) (/vertices/0) [resources/overflow]",
  },
  'managed-memory/consumer-weights': {
    severity: 'error',
    title: 'Managed-memory consumer weights Flink refuses.',
    meaning:
      'A consumer weight is negative, or every weight of the used consumers is 0, which Flink refuses (IllegalConfigurationException).',
    fix: 'Give each consumer a weight of at least 0, and at least one used consumer above 0.',
    example:
      'error jobs/etl.yaml:5:20 Managed memory weight should not be negative. Configured weight for OPERATOR is -5. (/managedMemoryConfig/consumerWeights) [managed-memory/consumer-weights]',
  },
  'managed-memory/unknown-consumer': {
    severity: 'warning',
    title: 'A managed-memory consumer Flink does not know.',
    meaning:
      'taskmanager.memory.managed.consumer-weights names a consumer this release does not have (DATAPROC was dropped in 2.0); Flink ignores it.',
    fix: 'Use the consumers the message lists.',
    example:
      "warning jobs/etl.yaml:5:20 Flink ignores the unknown managed-memory consumer 'DATAPROC' (Flink 2.0 dropped this legacy name: give OPERATOR and STATE_BACKEND) (known: OPERATOR, STATE_BACKEND, PYTHON) (/managedMemoryConfig/consumerWeights) [managed-memory/unknown-consumer]",
  },
  'managed-memory/weight-overflow': {
    severity: 'error',
    title: "A group's managed-memory weights overflow a Java int.",
    meaning: 'The weights of a slot sharing group add up past 2^31-1; Flink gets negative fractions and refuses them.',
    fix: 'Lower the operators’ weights.',
    example:
      "error jobs/etl.yaml:6:5 the OPERATOR managed-memory weights of slot sharing group 'default' add up past 2^31-1 (Java int overflow to -2147483548); Flink rejects the negative fractions: the fraction should be in range [0.0, 1.0] (/vertices/0) [managed-memory/weight-overflow]",
  },
  'managed-memory/weight-and-resources': {
    severity: 'error',
    title: 'An operator with both resources and a legacy managed-memory weight.',
    meaning: 'Flink before 1.11 refuses an operator that gives both resources and a managed memory weight (IllegalArgumentException).',
    fix: 'Give one of the two.',
    example:
      "error jobs/legacy.yaml:9:9 The resources and managed memory weight should not be specified at the same time. operator 'sort': resources and legacyWeight 2 (/vertices/0/operators/0) [managed-memory/weight-and-resources]",
  },
  'managed-memory/zero-fraction': {
    severity: 'warning',
    title: 'An operator uses managed memory but gets a fraction of 0.',
    meaning:
      'The consumer weight of its use case is 0 or missing; Flink fails at run time with "The fraction of memory to allocate should not be 0".',
    fix: 'Give the use case a weight above 0 in taskmanager.memory.managed.consumer-weights.',
    example:
      'warning jobs/etl.yaml:12:9 operator \'sort\' uses OPERATOR managed memory but its fraction of the slot is 0 (consumer weight 0 or missing); Flink fails at runtime with "The fraction of memory to allocate should not be 0" (/vertices/0/operators/0) [managed-memory/zero-fraction]',
  },
  'managed-memory/unused': {
    severity: 'warning',
    title: 'Slots whose managed memory no operator uses.',
    meaning:
      'No operator of the group uses managed memory (a heap state backend, no batch or Python operators): the managed memory of its slots stays unused.',
    fix: 'Lower taskmanager.memory.managed.fraction (or give the memory to the task heap), unless other jobs need it.',
    example:
      "warning jobs/etl.yaml:5:5 the slots of group 'default' leave their 512 MiB of managed memory unused: no operator there uses managed memory (state backend hashmap, which keeps state on the heap; no batch or Python operators); lower taskmanager.memory.managed.fraction (or give the memory to the task heap) unless other jobs need it (/vertices/0) [managed-memory/unused]",
  },
  'managed-memory/state-backend-unmanaged': {
    severity: 'warning',
    title: 'A STATE_BACKEND share reserved for a state backend that does not use it.',
    meaning:
      'A heap state backend keeps state on the heap, yet Flink reserves the STATE_BACKEND share of managed memory for keyed operators; it stays unused.',
    fix: 'Drop STATE_BACKEND from taskmanager.memory.managed.consumer-weights or lower taskmanager.memory.managed.fraction.',
    example:
      "warning jobs/etl.yaml:12:9 hashmap state backend: operator 'window' holds keyed state on the heap, yet Flink still reserves its STATE_BACKEND share, 256 MiB, which stays unused; drop STATE_BACKEND from taskmanager.memory.managed.consumer-weights or lower taskmanager.memory.managed.fraction (/vertices/1/operators/0) [managed-memory/state-backend-unmanaged]",
  },
  'plan/uneven-slot-profiles': {
    severity: 'warning',
    title: "A group's slots request less than the profile shown.",
    meaning:
      "In a group with specified resources, slots without a subtask of a narrower vertex request less than the group's profile (the sum over all its vertices).",
    fix: 'Nothing to fix; plan --execution gives every slot’s profile.',
    example:
      "warning jobs/etl.yaml:9:5 slot sharing group 'default' has vertices with specified resources and lower parallelism than 4: Flink's slots without their subtasks request less than the profile shown (the sum over all its vertices, the largest slot); plan --execution gives every slot's profile (/vertices/1) [plan/uneven-slot-profiles]",
  },
  'plan/adaptive-batch-parallelism': {
    severity: 'warning',
    title: 'The AdaptiveBatchScheduler decides the parallelism at run time.',
    meaning:
      'Vertices without a parallelism in a batch job on the AdaptiveBatchScheduler get one from data volumes at run time; flinkslot gives the range of slots, and uses each range’s maximum where one figure is needed.',
    fix: 'Nothing, or set the parallelism of the vertices to plan for one value.',
    example:
      "warning jobs/batch.yaml:7:5 the AdaptiveBatchScheduler decides the parallelism of 'join', 'agg' at run time: the job needs 1 to 128 slots; figures that need one parallelism use the maximum of each range (/vertices/2) [plan/adaptive-batch-parallelism]",
  },
  'plan/adaptive-batch-bounds': {
    severity: 'error',
    title: "The AdaptiveBatchScheduler's parallelism bounds are invalid.",
    meaning:
      'The minimum and maximum (and default source) parallelism of the adaptive batch scheduler are not positive or hold no power of 2 between them; Flink refuses them.',
    fix: 'Give execution.batch.adaptive.auto-parallelism min-parallelism ≤ max-parallelism, both positive.',
    example:
      'error jobs/batch.yaml:3:1 Maximum parallelism should be greater than or equal to the minimum parallelism. (/configuration) [plan/adaptive-batch-bounds]',
  },
  'plan/adaptive-batch-exchange': {
    severity: ['error', 'warning'],
    title: 'The AdaptiveBatchScheduler refuses a pipelined exchange.',
    meaning:
      'The AdaptiveBatchScheduler needs BLOCKING (or, from 1.17, hybrid) exchanges; a pipelined one makes Flink refuse the job when it creates the scheduler. A warning when the scheduler is chosen only for BATCH jobs reaching it through the DataStream or Table API.',
    fix: 'Make every exchange BLOCKING (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING), or run the job on the default scheduler.',
    example:
      "error jobs/batch.yaml:14:5 Flink 1.18 refuses this batch job when it creates the scheduler (jobmanager.scheduler: AdaptiveBatch): 'source' produces a PIPELINED_BOUNDED result read by 'map': … Fix: make every exchange BLOCKING or hybrid (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING), or run the job on the default scheduler (jobmanager.scheduler: Default) (/edges/0) [plan/adaptive-batch-exchange]",
  },
  'plan/adaptive-batch-network-memory': {
    severity: 'error',
    title: 'Network memory of a group with resources whose parallelism is decided at run time.',
    meaning:
      "Flink adds a group's network memory once the AdaptiveBatchScheduler has decided every parallelism of the group, from data volumes a plan cannot know.",
    fix: 'Give the group’s vertices (and their producers) a parallelism, or drop the group’s resources.',
    example:
      "error jobs/batch.yaml:7:5 slot sharing group 'heavy' declares resources, and its vertex 'join' has no parallelism: Flink adds the group's network memory once the AdaptiveBatchScheduler has decided every parallelism of the group, … (/vertices/2) [plan/adaptive-batch-network-memory]",
  },
  'plan/network-memory-unbounded': {
    severity: 'error',
    title: 'A group with resources produces a result with an unbounded buffer pool.',
    meaning:
      'A group that declares resources gets the network memory its tasks announce; a hybrid or PIPELINED result has no upper bound, and Flink refuses the job (IllegalArgumentException).',
    fix: "Drop the group's declared resources, or exchange through BLOCKING results (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING).",
    example:
      "error jobs/hybrid.yaml:17:5 Flink 1.16 refuses this job while building its execution graph: slot sharing group 'default' declares resources, so Flink adds the network memory its tasks announce, and 'source' produces a HYBRID_FULL result (read by 'sink') whose buffer pool has no upper bound: Illegal to announce network memory requirement as Integer.MAX_VALUE, partition type: HYBRID_FULL. Drop the group's declared resources, or exchange through BLOCKING results (execution.batch-shuffle-mode: ALL_EXCHANGES_BLOCKING) (/edges/0) [plan/network-memory-unbounded]",
  },
  'plan/network-buffers-not-counted': {
    severity: 'warning',
    title: 'Network buffers could not be counted.',
    meaning:
      'plan --execution --tm-config counts the network buffers of each TaskManager; something the count needs is missing (the reason says what).',
    fix: 'Give what the reason names (a TaskManager configuration that sizes the network memory).',
    example: 'warning network buffers not counted: the job has no parallelism for some vertices [plan/network-buffers-not-counted]',
  },
  'network/insufficient-buffers': {
    severity: 'error',
    title:
      'The tasks of a TaskManager require more network buffers than its pool holds (fully used TaskManagers of the --tm-config, or where the --cluster places the job): Flink fails them at deployment with "Insufficient number of network buffers".',
    meaning:
      'validate counts the network buffers the tasks of each TaskManager require (input channels and gates, output subpartitions, per Flink release) against the pool its network memory holds: on fully used TaskManagers of the --tm-config, or where the --cluster places the job. Flink fails such tasks at deployment.',
    fix: 'Give the TaskManagers more network memory (taskmanager.memory.network.min/max or fraction), fewer slots, or (up to 1.20) taskmanager.network.memory.buffers-per-channel: 1; the message names the values that fit.',
    sarifHelp: true,
    example:
      'error jobs/etl.yaml:1:1 on fully used TaskManagers of conf/config.yaml (4 slots, 2048 network buffers of 32768 bytes) its tasks require 4752 buffers, and Flink fails them at deployment: Insufficient number of network buffers: required 4752, but only 2048 available. … [network/insufficient-buffers]',
  },
  'execution/older-flink': {
    severity: 'warning',
    title: 'The subtask level follows Flink 1.12 rules.',
    meaning:
      'Pipelined-region scheduling and execution slot sharing groups as modelled came with Flink 1.12; an older release scheduled differently.',
    fix: 'Nothing; read the subtask level as Flink 1.12 would run the job.',
    example:
      "warning jobs/legacy.yaml:2:15 the subtask level follows Flink 1.12 rules (pipelined-region scheduling, execution slot sharing groups); Flink 1.11 scheduled differently (the slot profiles are 1.11's: every slot of a group requests the sum over all its vertices) (/flinkVersion) [execution/older-flink]",
  },
  'execution/region-cycle': {
    severity: 'warning',
    title: 'Pipelined regions that depend on each other through blocking edges.',
    meaning: 'Flink schedules regions per logical region and does not merge such regions, so they may wait for each other forever.',
    fix: 'Make one of the blocking exchanges between the regions pipelined.',
    example:
      'warning jobs/batch.yaml:5:5 pipelined regions {a, b} and {c} depend on each other through blocking edges; Flink schedules regions per logical region and does not merge them (SchedulingPipelinedRegionComputeUtil would), so they may wait for each other forever (/vertices/0) [execution/region-cycle]',
  },
  'execution/colocation-across-regions': {
    severity: 'error',
    title: 'Co-located subtasks in different scheduling regions.',
    meaning:
      'At the subtask level, subtask i of a co-located vertex is in another scheduling region than subtask i of the vertices before it; Flink refuses it (IllegalStateException).',
    fix: 'Make the exchanges between co-located vertices pipelined.',
    example:
      "error jobs/iterate.yaml:14:22 co-located tasks must be in the same pipelined region (co-location group 'loop': subtask tail#1 is in another scheduling region than subtask 1 of the vertices before it) (/vertices/2/coLocationGroup) [execution/colocation-across-regions]",
  },
  'execution/too-many-subtasks': {
    severity: 'error',
    title: 'Too many subtasks for the subtask-level analysis.',
    meaning: 'plan --execution analyses every subtask; the job has more than flinkslot analyses.',
    fix: 'Lower the parallelism, or drop --execution.',
    example:
      'error jobs/wide.yaml:4:1 the job has 12000000 subtasks; subtask-level analysis is limited to 10,000,000 (lower the parallelism, or drop --execution) (/vertices) [execution/too-many-subtasks]',
  },
  'execution/too-many-members': {
    severity: 'error',
    title: '--members would list too many subtasks.',
    meaning: '--members lists every subtask of every slot; the job has more than flinkslot lists.',
    fix: 'Use the text report with --limit, or leave out --members.',
    example:
      'error --members lists every subtask; this job has 2,500,000, more than 1,000,000 (use the text report with --limit, or leave out --members) [execution/too-many-members]',
  },
} as const satisfies Record<string, CodeEntry>;
