/**
 * Which of Flink's own JSON documents a parsed file is, by its top-level keys (they do not collide
 * with flinkslot's formats, whose schemas allow no unknown top-level keys):
 * - `taskmanagers` (lower case)            → the GET /taskmanagers answer;
 * - `plan` and `vertices`                  → the GET /jobs/:jobid answer (job details);
 * - `plan` alone                           → the GET /jobs/:jobid/plan answer;
 * - `nodes` with string ids or `jid`/`type`→ a JobGraph plan (JsonPlanGenerator);
 * - `nodes` with integer ids               → a StreamGraph execution plan (getExecutionPlan()).
 */
export type FlinkFormat =
  'streamgraph-json' | 'jobgraph-plan-json' | 'rest-job-plan-json' | 'rest-job-details-json' | 'rest-taskmanagers-json';

export const FORMAT_DESCRIPTIONS: Readonly<Record<FlinkFormat, string>> = {
  'streamgraph-json': 'a StreamGraph execution plan (StreamExecutionEnvironment#getExecutionPlan())',
  'jobgraph-plan-json': 'a JobGraph plan (JsonPlanGenerator)',
  'rest-job-plan-json': 'the answer of GET /jobs/:jobid/plan',
  'rest-job-details-json': 'the answer of GET /jobs/:jobid',
  'rest-taskmanagers-json': 'the answer of GET /taskmanagers',
};

export const JOB_FORMATS: readonly FlinkFormat[] = [
  'streamgraph-json',
  'jobgraph-plan-json',
  'rest-job-plan-json',
  'rest-job-details-json',
];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function detectFlinkFormat(data: unknown): FlinkFormat | undefined {
  if (!isObject(data)) return undefined;
  if ('taskmanagers' in data) return 'rest-taskmanagers-json';
  if ('plan' in data) return 'vertices' in data || 'jid' in data || 'state' in data ? 'rest-job-details-json' : 'rest-job-plan-json';
  if (!('nodes' in data) || 'vertices' in data) return undefined;
  const nodes = Array.isArray(data.nodes) ? data.nodes : [];
  const first = nodes.find(isObject);
  if (
    'jid' in data ||
    'type' in data ||
    typeof first?.id === 'string' ||
    (first !== undefined && ('inputs' in first || 'optimizer_properties' in first))
  )
    return 'jobgraph-plan-json';
  return 'streamgraph-json';
}

export function isJobFormat(format: FlinkFormat): boolean {
  return JOB_FORMATS.includes(format);
}
