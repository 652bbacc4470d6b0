/** Codes of validate's policies, size's answers, usage, output and the shell. */
import type { CodeEntry } from './entry.js';

export const SHELL_CODES = {
  'policy/max-slots': {
    severity: 'error',
    title: 'The job needs more slots than --max-slots allows.',
    meaning:
      "The job's minimum slots (the sum over its slot sharing groups of the widest vertex's parallelism) exceed the limit of --max-slots or the policy file's maxSlots.",
    fix: 'Lower the parallelism of the widest vertex of a slot sharing group, or merge slot sharing groups.',
    sarifHelp: true,
    example:
      'error jobs/etl.yaml:8:18 the job needs 12 slots, more than --max-slots 8 (per slot sharing group: default 12) (/vertices/1/parallelism) [policy/max-slots]',
  },
  'policy/max-parallelism': {
    severity: 'error',
    title: 'A vertex runs with more parallelism than --max-parallelism allows.',
    meaning: "A vertex's parallelism exceeds --max-parallelism or the policy file's maxParallelism.",
    fix: 'Lower the parallelism of the vertex, or raise the limit.',
    example:
      "error jobs/etl.yaml:8:18 vertex 'window' runs with parallelism 64, more than --max-parallelism 32 (/vertices/1/parallelism) [policy/max-parallelism]",
  },
  'policy/min-managed-memory': {
    severity: 'error',
    title: 'An operator that uses managed memory gets less than --min-managed-memory per subtask on the --tm-config TaskManagers.',
    meaning:
      "An operator's share of its slot's managed memory, on TaskManagers of the --tm-config, is below --min-managed-memory or the policy file's minManagedMemory.",
    fix: 'Give the TaskManagers more managed memory or fewer slots, give the operator a larger consumer weight, or lower the limit.',
    example:
      "error jobs/etl.yaml:12:9 operator 'sort' of vertex 'sort' gets 96 MiB of managed memory per subtask, less than --min-managed-memory 128 MiB (/vertices/0/operators/0) [policy/min-managed-memory]",
  },
  'policy/cluster-fit': {
    severity: 'error',
    title: "The job's resource requirements cannot be met on the --cluster (checked by the embedded SlotManager).",
    meaning:
      'The job alone on the --cluster (or the policy file’s cluster), simulated by the embedded SlotManager, does not get all its slots.',
    fix: 'Give the cluster more or larger TaskManagers, or lower the job’s parallelism or resources; `flinkslot simulate --cluster` explains the placement.',
    example:
      "error jobs/etl.yaml:1:1 the job's requirements are not met on the cluster clusters/prod.yaml: 4 slots missing (no TaskManager has a free slot of the requested profile) [policy/cluster-fit]",
  },
  'policy/group-profile': {
    severity: 'error',
    title: 'A slot sharing group has no resource profile (FLIP-156 fine-grained resources required by --require-group-profiles).',
    meaning:
      'With --require-group-profiles (or the policy file’s requireGroupProfiles), every slot sharing group must have a resource profile.',
    fix: 'Declare the group’s resources in slotSharingGroups, or resources on every operator of the group.',
    example:
      "error jobs/etl.yaml:5:5 slot sharing group 'default' has no resource profile (FLIP-156: declare its resources in slotSharingGroups, or resources on every operator) (/vertices/0) [policy/group-profile]",
  },
  'policy/path': {
    severity: 'info',
    title: 'Where a path of a policy file came from.',
    meaning:
      'Shown with a refusal to read a file the policy file names (tmConfig, cluster): a relative path is read from the policy file’s folder.',
    fix: 'Correct the path in the policy file.',
    example:
      "note policy.yaml:3:11 tmConfig in the policy file names it (a relative path is read from the policy file's folder) (/tmConfig) [policy/path]",
  },
  'usage/error': {
    severity: 'error',
    title: 'A command line flinkslot cannot run.',
    meaning: 'An unknown flag, a missing argument, a flag value oclif refuses, or arguments that do not go together.',
    fix: 'Read the message and `flinkslot COMMAND --help`; a misspelled flag gets a suggestion.',
    example: 'error OLD and NEW cannot both be read from stdin (-)',
  },
  'usage/shape': {
    severity: 'error',
    title: 'A TaskManager shape flag flinkslot cannot read.',
    meaning: 'size --tm-memory, --slot-range, --cpu-per-slot, --node or --cost is not in the form the flag takes.',
    fix: 'Write the flag as the message shows (e.g. --tm-memory 2g..8g, --slot-range 1..8, --node 16cpu,64g).',
    example: "error --slot-range '0..4': give 1 ≤ FROM ≤ TO, at most 64 values [usage/shape]",
  },
  'usage/slot-min': {
    severity: 'error',
    title: '--slot-min that is not NAME=AMOUNT pairs.',
    meaning: '--slot-min sets the floor of each slot: task-heap, managed, network, cpu and the other resource names, each with an amount.',
    fix: 'Write --slot-min task-heap=512m,managed=1g.',
    example:
      "error --slot-min 'heap': give NAME=AMOUNT pairs, as task-heap=512m,managed=1g (names: cpu, task-heap, task-off-heap, managed or network) [usage/slot-min]",
  },
  'usage/min-managed-memory': {
    severity: 'error',
    title: 'A managed-memory minimum without a TaskManager configuration.',
    meaning:
      "The managed memory of a slot comes from the TaskManagers' configuration: --min-managed-memory (or minManagedMemory) needs --tm-config (or tmConfig).",
    fix: 'Give --tm-config, or tmConfig in the policy file.',
    example:
      'error policy.yaml:2:19 minManagedMemory needs tmConfig in the policy file or --tm-config (the managed memory of a slot comes from it) (/minManagedMemory) [usage/min-managed-memory]',
  },
  'usage/report-inputs': {
    severity: 'error',
    title: 'report given a scenario together with a cluster.',
    meaning: 'A scenario has its own cluster and timeline; report takes either one scenario or --cluster with job graphs.',
    fix: 'Give one scenario, or --cluster with job graphs.',
    example:
      'error scenario.yaml is a scenario, with its own cluster and timeline: give either one scenario or --cluster, not also --cluster clusters/prod.yaml [usage/report-inputs]',
  },
  'size/never-met': {
    severity: 'error',
    title: 'No TaskManager shape runs the jobs.',
    meaning:
      'size found no number of TaskManagers of the shape (or, with --search, no shape tried) that meets the jobs’ requirements; each reason follows.',
    fix: 'Give larger TaskManagers (the message names the least each needs), widen --search’s ranges, or lower the floor.',
    example: 'error none of the 2 shapes tried can run the jobs [size/never-met]',
  },
  'size/below-default-floor': {
    severity: 'warning',
    title: "A given shape's slots are below flinkslot's default floor.",
    meaning:
      'A job that uses managed memory gets less per slot than flinkslot’s default floor; the shape is sized anyway because you gave it (--search rejects such shapes).',
    fix: 'Give larger slots, or set your own floor with --slot-min.',
    example:
      "warning each slot is below flinkslot's default floor for a job that uses managed memory: managed memory 128 MiB per slot, 384 MiB short of 512 MiB; sized anyway, as the shape is yours (--search rejects such shapes; --slot-min managed=… sets the floor) [size/below-default-floor]",
  },
  'size/below-floor': {
    severity: 'error',
    title: 'Nothing to emit: the slots hold less than the floor.',
    meaning:
      'size --emit writes a configuration for the answer; the slots of this shape hold less than the floor, so there is no answer to write.',
    fix: 'Give larger TaskManagers or fewer slots, or lower --slot-min.',
    example:
      'error the slots of this shape hold less than the floor, so there is nothing to emit: managed memory 128 MiB per slot, 128 MiB short of 256 MiB (--slot-min) [size/below-floor]',
  },
  'size/network-buffers': {
    severity: 'error',
    title: 'Nothing to emit: the TaskManagers cannot serve the network buffers their tasks require.',
    meaning:
      'size --emit writes a configuration for the answer; on this shape the tasks of a TaskManager require more network buffers than its pool holds, so Flink would fail them.',
    fix: 'Give the TaskManagers more network memory or fewer slots.',
    example:
      'error the TaskManagers of this shape cannot serve the network buffers their tasks require, so there is nothing to emit: job rebalance-then-keyby requires 4752 network buffers on TaskManager tm-1, whose pool has 4096 [size/network-buffers]',
  },
  'size/emit': {
    severity: 'error',
    title: 'A shape given as resources cannot be emitted as a configuration.',
    meaning: 'size --emit writes a Flink configuration; a shape given as defaultWorker.totalResources has none to write into.',
    fix: 'Give --tm-config a flink-conf.yaml, config.yaml or FlinkDeployment.',
    example:
      'error this shape is given as resources (defaultWorker.totalResources), not as a Flink configuration: give --tm-config a flink-conf.yaml, config.yaml or FlinkDeployment to emit one [size/emit]',
  },
  'size/emit-base': {
    severity: 'error',
    title: '--base is not the kind of file --emit writes into.',
    meaning:
      '--emit flinkdeployment writes into a FlinkDeployment, --emit flink-conf or config-yaml into a Flink configuration; --base is another kind of file.',
    fix: 'Give --base a file of the kind --emit writes.',
    example: 'error --base jobs/etl.yaml is a job graph: --emit flinkdeployment writes the answer into a FlinkDeployment [size/emit-base]',
  },
  'size/vertex': {
    severity: 'error',
    title: '--vertex names no vertex of the job.',
    meaning: 'size --max-parallelism-fit --vertex names the vertex to scale; the job has none by that id.',
    fix: 'Name one of the vertices the message lists.',
    example: "error no vertex 'windw' in the job (vertices: source, window, sink) [size/vertex]",
  },
  'output/unwritable': {
    severity: 'error',
    title: 'The output file cannot be written.',
    meaning: '-o FILE could not be written: its folder does not exist, or it is not writable.',
    fix: 'Check the path and its permissions.',
    example: "error cannot write out/report.html: ENOENT: no such file or directory, open 'out/report.html'",
  },
  internal: {
    severity: 'error',
    title: 'An internal error of flinkslot (a bug).',
    meaning: 'flinkslot met a case it does not handle: the command stops with exit code 70 and no stack trace.',
    fix: 'Report it with the input that caused it.',
    example: "flinkslot internal error (a bug; please report it with the input): Cannot read properties of undefined (reading 'id')",
  },
  unknown: {
    severity: 'error',
    title: 'A failure without a diagnostic (a bug).',
    meaning: 'A --json error report was asked for a failure that carried no diagnostic; it should not happen.',
    fix: 'Report it with the input that caused it.',
    example: '{ "error": { "code": "unknown", "severity": "error", "message": "failed" }, "diagnostics": [] }',
  },
} as const satisfies Record<string, CodeEntry>;
