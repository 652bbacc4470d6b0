/**
 * The answers of a JobManager's REST API that describe the cluster as it is now, checked before
 * use: a proxy's HTML page, a truncated body or another service's JSON is refused with the
 * endpoint's URL and the JSON pointer of what is missing, never read as an empty cluster.
 * Field names and versions: docs/research/keyed-state-and-rest.md §4.
 */
import { type Diagnostic, type Result, error, fail, ok, warning } from '../../errors/diagnostic.js';

type Raw = Record<string, unknown>;

export interface ClusterOverview {
  /** `flink-version` (every release since 1.10); "<unknown>" when the build has none. */
  readonly flinkVersion?: string;
  readonly taskManagers: number;
  readonly slotsTotal: number;
  readonly slotsAvailable: number;
  readonly jobsRunning: number;
}

export interface JobSummary {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly startTime?: number;
}

export interface AllocatedSlot {
  readonly jobId: string;
  /** ResourceProfileInfo as written: memory in whole MiB, −1 everywhere for an UNKNOWN profile. */
  readonly resource: Raw;
}

/** Job states whose jobs hold or are about to hold slots (JobStatus, not globally terminal, not suspended). */
const HOLDING_STATES = new Set(['INITIALIZING', 'CREATED', 'RUNNING', 'FAILING', 'CANCELLING', 'RESTARTING', 'RECONCILING']);

function notFlink(url: string, what: string, pointer: string): Diagnostic {
  const d = error('rest/answer', `GET ${url}: not the answer of a Flink JobManager: ${what}`, pointer);
  return { ...d, location: { file: url, pointer } };
}

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function readOverview(data: unknown, url: string): Result<ClusterOverview> {
  if (!isRecord(data)) return fail([notFlink(url, 'expected a JSON object with taskmanagers, slots-total, slots-available', '')]);
  for (const key of ['taskmanagers', 'slots-total', 'slots-available', 'jobs-running'])
    if (!isCount(data[key])) return fail([notFlink(url, `'${key}' is missing or not a count`, `/${key}`)]);
  const version = typeof data['flink-version'] === 'string' && data['flink-version'] !== '<unknown>' ? data['flink-version'] : undefined;
  return ok({
    ...(version === undefined ? {} : { flinkVersion: version }),
    taskManagers: data.taskmanagers as number,
    slotsTotal: data['slots-total'] as number,
    slotsAvailable: data['slots-available'] as number,
    jobsRunning: data['jobs-running'] as number,
  });
}

export function readJobsOverview(data: unknown, url: string): Result<JobSummary[]> {
  if (!isRecord(data) || !Array.isArray(data.jobs)) return fail([notFlink(url, "expected a JSON object with a 'jobs' list", '/jobs')]);
  const jobs: JobSummary[] = [];
  for (const [i, j] of (data.jobs as unknown[]).entries()) {
    if (!isRecord(j) || typeof j.jid !== 'string' || typeof j.state !== 'string')
      return fail([notFlink(url, `job ${i} has no 'jid' or 'state'`, `/jobs/${i}`)]);
    const start = j['start-time'];
    jobs.push({
      id: j.jid,
      name: typeof j.name === 'string' ? j.name : j.jid,
      state: j.state,
      ...(typeof start === 'number' ? { startTime: start } : {}),
    });
  }
  return ok(jobs);
}

/** The jobs that hold slots now, oldest first: the order in which they declared their requirements. */
export function jobsHoldingSlots(jobs: readonly JobSummary[]): JobSummary[] {
  return jobs.filter((j) => HOLDING_STATES.has(j.state)).sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0));
}

/**
 * GET /jobmanager/config (a list of {key, value}, all strings) as a flat flink-conf.yaml text, for
 * the readers of Flink configurations. Each value is written as a double-quoted string (JSON's
 * escapes are YAML's), so the text is YAML whatever the values hold (`-XX:+UseG1GC`, `{{ x }}`) and
 * every value stays the text Flink had (`1e3` is not the number 1000). Values Flink hides
 * ("******") stay hidden; a value spanning lines (none of the memory or slot options) is left out,
 * as one line per key is the file's form. Keys may start with `$` (`$internal.*`, Flink's and the
 * operator's internal options).
 */
export function jobManagerConfigText(data: unknown, url: string): Result<string> {
  if (!Array.isArray(data)) return fail([notFlink(url, 'expected a JSON list of {"key", "value"}', '')]);
  const lines: string[] = [];
  for (const [i, entry] of data.entries()) {
    if (!isRecord(entry) || typeof entry.key !== 'string' || typeof entry.value !== 'string')
      return fail([notFlink(url, `entry ${i} is not {"key": "...", "value": "..."}`, `/${i}`)]);
    if (/[\r\n]/.test(entry.key) || /[\r\n]/.test(entry.value) || !/^[A-Za-z0-9_.$-]+$/.test(entry.key)) continue;
    lines.push(`${entry.key}: ${JSON.stringify(entry.value)}`);
  }
  return ok(lines.join('\n') + '\n');
}

/** GET /jobmanager/config read as the TaskManagers' configuration failed to size one: plan without it. */
export function unusableConfiguration(problems: readonly Diagnostic[]): Diagnostic {
  return warning(
    'rest/configuration-unusable',
    `the JobManager's configuration does not size a TaskManager, so managed memory is shown as fractions only: ${problems[0]?.message ?? ''}`,
    '',
  );
}

/** The TaskManager ids of GET /taskmanagers, to ask each one's details. */
export function taskManagerIds(data: unknown): string[] {
  if (!isRecord(data) || !Array.isArray(data.taskmanagers)) return [];
  return (data.taskmanagers as unknown[]).flatMap((tm) => (isRecord(tm) && typeof tm.id === 'string' ? [tm.id] : []));
}

/** GET /taskmanagers/:id: its allocated slots (1.13+; filled by the fine-grained SlotManager only), or undefined when not stated. */
export function readAllocatedSlots(data: unknown, url: string): Result<AllocatedSlot[] | undefined> {
  if (!isRecord(data) || typeof data.id !== 'string') return fail([notFlink(url, "expected a TaskManager's details with an 'id'", '/id')]);
  if (data.allocatedSlots === undefined) return ok(undefined);
  if (!Array.isArray(data.allocatedSlots)) return fail([notFlink(url, "'allocatedSlots' is not a list", '/allocatedSlots')]);
  const slots: AllocatedSlot[] = [];
  for (const [i, s] of (data.allocatedSlots as unknown[]).entries()) {
    if (!isRecord(s) || typeof s.jobId !== 'string' || !isRecord(s.resource))
      return fail([notFlink(url, `allocated slot ${i} has no 'jobId' or 'resource'`, `/allocatedSlots/${i}`)]);
    slots.push({ jobId: s.jobId, resource: s.resource });
  }
  return ok(slots);
}
