/**
 * Which kind of file a user gave, by its `$schema` and its content, so that a command given the
 * wrong kind says so in one line, with the command that reads it, instead of a list of schema
 * errors. The kinds are told apart by keys only one of them has at the top level.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { parseDocument, stripByteOrderMark } from './document.js';
import { FORMAT_DESCRIPTIONS, type FlinkFormat, detectFlinkFormat, isJobFormat } from './flink/flink-format.js';
import { isFlinkLogText, looksLikeFlinkLog } from './log/flink-log-text.js';

export type FileKind =
  | 'job-graph'
  | 'cluster'
  | 'scenario'
  | 'policy'
  | 'flink-configuration'
  | 'flink-deployment'
  | 'kubernetes-manifest'
  | 'flink-job-json'
  | 'flink-taskmanagers-json'
  | 'flink-job-vertex-json'
  /** A JobManager or TaskManager log (`flinkslot explain`, issue 28). */
  | 'flink-log';

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

const SCHEMA_KINDS: ReadonlyArray<[RegExp, FileKind]> = [
  [/job-graph\.schema\.json$/, 'job-graph'],
  [/cluster\.schema\.json$/, 'cluster'],
  [/scenario\.schema\.json$/, 'scenario'],
  [/policy\.schema\.json$/, 'policy'],
];

const POLICY_KEYS = ['maxSlots', 'maxParallelism', 'minManagedMemory', 'requireGroupProfiles', 'failLevel', 'strict', 'tmConfig'];
const CLUSTER_KEYS = ['taskManagers', 'defaultWorker', 'resourceAllocation', 'slotModel', 'slotManager'];
/** Top-level keys of a nested config.yaml (Flink 1.19+), and the prefixes of a flat flink-conf.yaml. */
const FLINK_OPTION_ROOTS =
  /^(taskmanager|jobmanager|state|execution|parallelism|cluster|slotmanager|rest|high-availability|kubernetes|yarn|env|pipeline|restart-strategy|metrics|web|blob|akka|pekko|security|fs|io|table|python|classloader|heartbeat|resourcemanager|external-resources?)(\.|$)/;

/**
 * A key as a Flink configuration writes one (no spaces, no `$schema`). Flink reads keys it does not
 * know (a connector's, `my.custom.key`, `s3.access-key`) and ignores them, so a configuration is told
 * by one key of Flink's own and keys of this form (flinkslot's own kinds are told apart before).
 */
const CONFIGURATION_KEY = /^(\$internal\.)?[A-Za-z0-9][A-Za-z0-9_.-]*$/;

function isFlinkConfiguration(keys: readonly string[]): boolean {
  return keys.some((k) => FLINK_OPTION_ROOTS.test(k)) && keys.every((k) => CONFIGURATION_KEY.test(k));
}

/** GET /jobmanager/config: a list of `{"key", "value"}` (a JobManager's configuration, as a file). */
export function isJobManagerConfigList(data: unknown): boolean {
  return Array.isArray(data) && data.length > 0 && data.every((e) => isRecord(e) && typeof e.key === 'string' && 'value' in e);
}

/** GET /jobs/:jobid/vertices/:vertexid (Flink's JobVertexDetailsInfo): one vertex and its subtasks. */
function isJobVertexDetails(data: Raw): boolean {
  return Array.isArray(data.subtasks) && typeof data.id === 'string' && 'parallelism' in data && !('vertices' in data);
}

/** A scenario's `cluster` map has flinkslot's camelCase keys; a nested config.yaml's `cluster:` has Flink's dashed ones. */
function isScenarioCluster(cluster: unknown): boolean {
  return isRecord(cluster) && Object.keys(cluster).some((k) => /[A-Z]/.test(k) || CLUSTER_KEYS.includes(k));
}

/** A kind as found: a Flink configuration may be a JobManager's REST answer, said so in messages. */
export interface FoundKind {
  readonly kind: FileKind;
  readonly flinkFormat?: FlinkFormat;
  readonly jobManagerConfig?: true;
}

/** The kind of a parsed document, or undefined when it is none of flinkslot's kinds. */
export function kindOfData(data: unknown): FoundKind | undefined {
  if (isJobManagerConfigList(data)) return { kind: 'flink-configuration', jobManagerConfig: true };
  if (!isRecord(data)) return undefined;
  const schema = typeof data.$schema === 'string' ? data.$schema : '';
  for (const [pattern, kind] of SCHEMA_KINDS) if (pattern.test(schema)) return { kind };
  if (typeof data.apiVersion === 'string' && typeof data.kind === 'string')
    return { kind: data.kind === 'FlinkDeployment' ? 'flink-deployment' : 'kubernetes-manifest' };
  const flinkFormat = detectFlinkFormat(data);
  if (flinkFormat !== undefined) return { kind: isJobFormat(flinkFormat) ? 'flink-job-json' : 'flink-taskmanagers-json', flinkFormat };
  const keys = Object.keys(data);
  if (Array.isArray(data.vertices)) return { kind: 'job-graph' };
  if (isJobVertexDetails(data)) return { kind: 'flink-job-vertex-json' };
  if ('jobs' in data || isScenarioCluster(data.cluster)) return { kind: 'scenario' };
  if (keys.some((k) => CLUSTER_KEYS.includes(k))) return { kind: 'cluster' };
  if (keys.some((k) => POLICY_KEYS.includes(k))) return { kind: 'policy' };
  if (isFlinkConfiguration(keys)) return { kind: 'flink-configuration' };
  return undefined;
}

export function kindOfText(source: string): FoundKind | undefined {
  const text = stripByteOrderMark(source);
  // Before parsing: a log's first lines say it, and a log of 64 MiB is not parsed as YAML.
  if (looksLikeFlinkLog(text)) return { kind: 'flink-log' };
  const doc = parseDocument(text);
  // A multi-document YAML (Kubernetes manifests) does not parse as one document: look at its first.
  if (!doc.ok && /^\s*apiVersion:/m.test(text) && /^\s*kind:/m.test(text)) return { kind: 'kubernetes-manifest' };
  const found = doc.ok ? kindOfData(doc.value.data) : undefined;
  if (found !== undefined) return found;
  // None of the documents: a log whose first lines did not say it (a custom layout, an excerpt, a stack trace).
  return isFlinkLogText(text) ? { kind: 'flink-log' } : undefined;
}

function describe(found: FoundKind): string {
  switch (found.kind) {
    case 'job-graph':
      return 'a flinkslot job graph';
    case 'cluster':
      return 'a flinkslot cluster file';
    case 'scenario':
      return 'a flinkslot scenario';
    case 'policy':
      return 'a validate policy';
    case 'flink-configuration':
      // flinkslot reads the REST answer wherever it reads a configuration file.
      return found.jobManagerConfig === true
        ? "the answer of GET /jobmanager/config (a JobManager's Flink configuration, which flinkslot reads as a configuration)"
        : 'a Flink configuration';
    case 'flink-deployment':
      return 'a FlinkDeployment';
    case 'kubernetes-manifest':
      return 'a Kubernetes manifest';
    case 'flink-job-vertex-json':
      return 'a vertex of a job (the answer of GET /jobs/:jobid/vertices/:vertexid)';
    case 'flink-log':
      return 'a Flink log';
    default:
      return `Flink's ${FORMAT_DESCRIPTIONS[found.flinkFormat!].replace(/^(a|the) /, '')}`;
  }
}

/**
 * The commands that read a kind, each in backticks. A job given where a scenario was expected
 * (`simulate JOB.yaml`) was meant for a cluster, a configuration as the cluster: that command first.
 */
function suggestion(found: FoundKind, file: string, what: string): string {
  const kind = found.kind;
  const f = /\s/.test(file) ? `'${file}'` : file;
  const plan = `flinkslot plan ${f}`;
  const cluster = `flinkslot simulate --cluster ${f} JOB...`;
  const memory = `flinkslot memory ${f}`;
  const commands: Record<FileKind, string[]> = {
    'job-graph': [plan],
    'flink-job-json': [plan],
    cluster: [cluster],
    'flink-taskmanagers-json': [cluster],
    scenario: [`flinkslot simulate ${f}`],
    policy: [`flinkslot validate --policy ${f} JOB...`],
    'flink-configuration':
      found.jobManagerConfig === true
        ? [memory, `flinkslot size JOB --tm-config ${f}`, cluster]
        : [memory, `flinkslot plan JOB --tm-config ${f}`],
    'flink-deployment': [memory, cluster],
    'kubernetes-manifest': [memory, cluster],
    'flink-job-vertex-json': [],
    'flink-log': [`flinkslot explain ${f}`],
  };
  // A Flink configuration given to simulate alone was meant as the cluster (simulate reads one there).
  const onCluster =
    what !== 'a scenario'
      ? []
      : kind === 'job-graph' || kind === 'flink-job-json'
        ? [`flinkslot simulate --cluster CLUSTER ${f}`]
        : kind === 'flink-configuration'
          ? [cluster]
          : [];
  return [...new Set([...onCluster, ...commands[kind]])].map((c) => `\`${c}\``).join(' or ');
}

/**
 * One diagnostic when the text is recognisably another kind than the command reads; undefined when
 * it is an accepted kind or not recognisable (then the reader's own errors say what is wrong).
 */
export function wrongKind(text: string, file: string | undefined, accepted: readonly FileKind[], what: string): Diagnostic | undefined {
  const found = kindOfText(text);
  if (found === undefined || accepted.includes(found.kind)) return undefined;
  // One vertex is not a job, nor anything else flinkslot reads: the job's own answers are.
  const next =
    found.kind === 'flink-job-vertex-json' ? 'give /jobs/:jobid or /jobs/:jobid/plan' : `try ${suggestion(found, file ?? 'FILE', what)}`;
  const d = error('input/wrong-kind', `this is ${describe(found)}, not ${what}; ${next}`, '');
  return { ...d, location: { ...(file === undefined ? {} : { file }), pointer: '', line: 1, column: 1 } };
}
