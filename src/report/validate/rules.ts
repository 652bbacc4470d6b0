/**
 * The rules `validate` can report, with a one-line description (SARIF `tool.driver.rules`, JUnit
 * and the text legend). Diagnostic codes not listed here still become findings; their rule entry
 * then says only which family they belong to.
 */
export interface RuleInfo {
  readonly id: string;
  readonly description: string;
  readonly help?: string;
}

const RULES: readonly RuleInfo[] = [
  { id: 'input/syntax', description: 'The file is not valid YAML or JSON.' },
  { id: 'input/empty', description: 'The file holds no document.' },
  { id: 'input/unreadable', description: 'The file could not be read.' },
  { id: 'input/schema', description: 'A value does not match the job graph schema (schemas/job-graph.schema.json).' },
  { id: 'input/unknown-key', description: 'A key the job graph format does not define (a warning; an error with --strict).' },
  { id: 'input/missing-key', description: 'A required key is missing.' },
  { id: 'input/duplicate-id', description: 'Two vertices, operators or groups share an id.' },
  { id: 'input/unknown-vertex', description: 'An edge names a vertex the job does not have.' },
  { id: 'input/cycle', description: 'The job graph has a cycle (Flink job graphs are acyclic).' },
  { id: 'input/parallelism', description: 'Parallelism, max parallelism or min parallelism is out of range, as Flink would reject it.' },
  { id: 'input/not-a-job-graph', description: 'The file is a cluster (GET /taskmanagers), not a job graph.' },
  { id: 'input/flink-version', description: 'The flinkVersion is not a Flink release flinkslot models.' },
  { id: 'import/format', description: "How one of Flink's own JSON files was read." },
  { id: 'import/defaults', description: "Facts Flink's JSON does not carry; flinkslot used its defaults." },
  {
    id: 'policy/max-slots',
    description: 'The job needs more slots than --max-slots allows.',
    help: 'Lower the parallelism of the widest vertex of a slot sharing group, or merge slot sharing groups.',
  },
  { id: 'policy/max-parallelism', description: 'A vertex runs with more parallelism than --max-parallelism allows.' },
  {
    id: 'policy/cluster-fit',
    description: "The job's resource requirements cannot be met on the --cluster (checked by the embedded SlotManager).",
  },
  {
    id: 'policy/min-managed-memory',
    description: 'An operator that uses managed memory gets less than --min-managed-memory per subtask on the --tm-config TaskManagers.',
  },
  {
    id: 'network/insufficient-buffers',
    description:
      'The tasks of a TaskManager require more network buffers than its pool holds (fully used TaskManagers of the --tm-config, or where the --cluster places the job): Flink fails them at deployment with "Insufficient number of network buffers".',
    help: 'Give the TaskManagers more network memory (taskmanager.memory.network.min/max or fraction), fewer slots, or (up to 1.20) taskmanager.network.memory.buffers-per-channel: 1; the message names the values that fit.',
  },
  {
    id: 'policy/group-profile',
    description: 'A slot sharing group has no resource profile (FLIP-156 fine-grained resources required by --require-group-profiles).',
  },
];

const BY_ID = new Map(RULES.map((r) => [r.id, r]));

export function ruleInfo(id: string): RuleInfo {
  const known = BY_ID.get(id);
  if (known !== undefined) return known;
  const family = id.split('/')[0];
  return { id, description: `A ${family} check of flinkslot plan (${id}).` };
}
