/**
 * The REST client: the only place that talks to a JobManager. Node's built-in fetch, one timeout
 * per request (FLINKSLOT_REST_TIMEOUT seconds, default 10), credentials from the environment
 * (FLINKSLOT_REST_TOKEN as a bearer token, else FLINKSLOT_REST_USER and FLINKSLOT_REST_PASSWORD as
 * basic auth; never printed), bodies bounded, redirects refused (the address given is the only one
 * asked). Every failure is a FlinkslotError (rest/unreachable) whose message names the URL and says what to do.
 */
import { FlinkslotError, refusal } from '../../src/face/errors.js';
import type * as CoreModule from '../../src/index.js';
import type { ClusterSnapshot, FirstRound, FirstRoundPath, RestTarget } from '../../src/index.js';

/** A JobManager that did not answer as asked: rest/unreachable (exit 2), the message naming the URL. */
function restError(message: string): FlinkslotError {
  return refusal('rest/unreachable', message);
}

/** Largest answer read: a /taskmanagers answer of thousands of TaskManagers stays far below it. */
const MAX_BODY = 64 * 1024 * 1024;
const PARALLEL_REQUESTS = 8;

function timeoutMs(): number {
  const text = process.env.FLINKSLOT_REST_TIMEOUT;
  const seconds = text === undefined ? 10 : Number(text);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : 10_000;
}

function authorization(): Record<string, string> {
  const token = process.env.FLINKSLOT_REST_TOKEN;
  if (token !== undefined && token !== '') return { authorization: `Bearer ${token}` };
  const user = process.env.FLINKSLOT_REST_USER;
  if (user !== undefined && user !== '') {
    const password = process.env.FLINKSLOT_REST_PASSWORD ?? '';
    return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  }
  return {};
}

/** GET url → its body as text, or a rest/unreachable FlinkslotError. */
export async function getText(url: string): Promise<string> {
  const ms = timeoutMs();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...authorization() },
      redirect: 'manual',
      signal: AbortSignal.timeout(ms),
    });
  } catch (e) {
    throw restError(`GET ${url}: ${unreachable(e, ms)}`);
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw restError(
      `GET ${url}: HTTP ${response.status}, a redirect; give the address it leads to (flinkslot asks only the address given)`,
    );
  }
  const body = await readBody(response, url, ms);
  if (!response.ok) throw restError(`GET ${url}: ${httpProblem(response.status, body)}`);
  return body;
}

async function readBody(response: Response, url: string, ms: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY) {
    await response.body?.cancel();
    throw restError(`GET ${url}: the answer is ${declared} bytes, more than flinkslot reads (${MAX_BODY})`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).byteLength;
      if (size > MAX_BODY) {
        await response.body?.cancel();
        throw restError(`GET ${url}: the answer is larger than flinkslot reads (${MAX_BODY} bytes)`);
      }
      chunks.push(chunk as Uint8Array);
    }
  } catch (e) {
    if (e instanceof FlinkslotError) throw e;
    throw restError(`GET ${url}: the answer broke off: ${unreachable(e, ms)}`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function unreachable(e: unknown, ms: number): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return `no answer within ${ms / 1000} s (FLINKSLOT_REST_TIMEOUT sets the seconds)`;
  const code = err.cause?.code;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused: is the JobManager running, and is this its REST port (rest.port, 8081 by default)?',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name cannot be resolved now',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'the host is unreachable',
    ETIMEDOUT: 'the connection timed out',
    UND_ERR_SOCKET: 'the connection closed before the answer was complete',
  };
  if (code !== undefined && known[code] !== undefined) return known[code];
  return `cannot reach it (${oneLine(err.cause?.message ?? err.message)})`;
}

/** Flink's REST errors come as {"errors": ["..."]}; show the first line of the first. */
function httpProblem(status: number, body: string): string {
  let detail = '';
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    if (Array.isArray(errors) && typeof errors[0] === 'string') detail = `: ${oneLine(errors[0].split('\n')[0]!)}`;
  } catch {
    detail = '';
  }
  if (status === 401 || status === 403)
    return `HTTP ${status}, refused${detail}; set FLINKSLOT_REST_TOKEN (bearer) or FLINKSLOT_REST_USER and FLINKSLOT_REST_PASSWORD (basic)`;
  if (status === 404) return `HTTP 404, not found${detail}; is this a Flink JobManager's REST address, and the job id one it knows?`;
  return `HTTP ${status}${detail}`;
}

/** Control characters escaped, at most 200 characters: text from the other side is hostile. */
function oneLine(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > 200 ? `${escaped.slice(0, 200)}…` : escaped;
}

async function answer(base: string, path: string): Promise<{ text: string; file: string }> {
  const url = `${base}${path}`;
  return { text: await getText(url), file: url };
}

/** Runs the requests at most PARALLEL_REQUESTS at a time, keeping their order. */
async function all<T>(paths: readonly string[], get: (path: string) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(paths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const i = next++;
      out[i] = await get(paths[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, paths.length) }, worker));
  return out;
}

/** The answer a file argument stands for: a job's details, or the cluster's TaskManagers. */
export async function readAddress(target: RestTarget): Promise<{ text: string; file: string }> {
  return answer(target.base, target.jobId === undefined ? '/taskmanagers' : `/jobs/${target.jobId}`);
}

/** A running job's details, with the cluster's release and configuration when they answer. */
export async function fetchJobAnswers(target: RestTarget & { jobId: string }) {
  const job = await answer(target.base, `/jobs/${target.jobId}`);
  const optional = (path: string) => answer(target.base, path).catch(() => undefined);
  const [overview, jobManagerConfig] = await Promise.all([optional('/overview'), optional('/jobmanager/config')]);
  return { job, ...(overview ? { overview } : {}), ...(jobManagerConfig ? { jobManagerConfig } : {}) };
}

/** What a REST address stands for (a job's details, or the cluster's TaskManagers), with the release when /overview answers. */
export async function fetchImportAnswers(target: RestTarget) {
  const [main, overview] = await Promise.all([readAddress(target), answer(target.base, '/overview').catch(() => undefined)]);
  return { answer: main, ...(overview ? { overview } : {}) };
}

/** A cluster's memory: its configuration (required), its release and its TaskManagers' own report when they answer. */
export async function fetchMemoryAnswers(target: RestTarget) {
  const optional = (path: string) => answer(target.base, path).catch(() => undefined);
  const [jobManagerConfig, overview, taskManagers] = await Promise.all([
    answer(target.base, '/jobmanager/config'),
    optional('/overview'),
    optional('/taskmanagers'),
  ]);
  return { jobManagerConfig, ...(overview ? { overview } : {}), ...(taskManagers ? { taskManagers } : {}) };
}

/** The core's part this needs (src/face/live-cluster.ts, also re-exported by src/index.ts). */
type Core = Pick<typeof CoreModule, 'FIRST_ROUND' | 'checkFirstRound'>;

/** The whole cluster, in the two rounds the core asks for; a bad first round is the core's diagnostics. */
export async function fetchClusterSnapshot(core: Core, base: string) {
  const texts = await Promise.all(core.FIRST_ROUND.map((path) => answer(base, path)));
  const answers = Object.fromEntries(core.FIRST_ROUND.map((path, i) => [path, texts[i]!])) as Record<
    FirstRoundPath,
    { text: string; file: string }
  >;
  const firstRound: FirstRound = { base, answers };
  const checked = core.checkFirstRound(firstRound);
  if (!checked.ok) return checked;
  const jobDetails = await all(checked.value.next.jobs, (p) => answer(base, p));
  // A TaskManager can leave between the two rounds; its details are then missing, not an error.
  const details = await all(checked.value.next.taskManagers, (p) => answer(base, p).catch(() => undefined));
  const taskManagerDetails = details.filter((d) => d !== undefined);
  const snapshot: ClusterSnapshot = { base, firstRound, checked: checked.value, jobDetails, taskManagerDetails };
  return { ok: true as const, value: snapshot, warnings: [] };
}
