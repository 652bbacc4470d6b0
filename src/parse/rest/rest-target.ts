/**
 * A JobManager's REST address given where a file is expected: `http(s)://HOST:PORT[/prefix]` (the
 * cluster) or the same with `/jobs/JOBID` (a job; `/jobs/JOBID/plan` and the web UI's
 * `#/job/JOBID/...` and `#/job/running/JOBID/...` links are read as the job too). A prefix is kept,
 * for REST endpoints behind a gateway path. Credentials inside the URL are refused: they would be
 * printed with the URL; they go in environment variables.
 */
import { type Result, error, fail, ok } from '../../errors/diagnostic.js';

export interface RestTarget {
  /** scheme://host:port plus any path prefix, without a trailing slash. */
  readonly base: string;
  /** The job the address names, as Flink writes job ids (32 lower-case hex digits). */
  readonly jobId?: string;
}

const JOB_ID = /^[0-9a-f]{32}$/i;
const MAX_URL = 2048;

export function isRestAddress(arg: string): boolean {
  return /^https?:\/\//i.test(arg);
}

export function parseRestTarget(arg: string): Result<RestTarget> {
  const bad = (why: string) => fail<RestTarget>([error('rest/address', `${why}`, '')]);
  if (arg.length > MAX_URL) return bad(`the address is longer than ${MAX_URL} characters`);
  let url: URL;
  try {
    url = new URL(arg);
  } catch {
    return bad(`'${arg}' is not a URL (expected http://HOST:PORT or http://HOST:PORT/jobs/JOBID)`);
  }
  if (url.username !== '' || url.password !== '')
    return bad(
      'the address carries a user name or password: give them in FLINKSLOT_REST_USER and FLINKSLOT_REST_PASSWORD (or a token in FLINKSLOT_REST_TOKEN), never in the URL',
    );
  if (url.search !== '') return bad(`the address has a query ('${url.search}'): give the JobManager's address, e.g. http://HOST:8081`);
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const hashJob = jobInUiHash(url.hash);
  const at = segments.lastIndexOf('jobs');
  const prefix = at >= 0 ? segments.slice(0, at) : segments;
  const base = `${url.protocol}//${url.host}${prefix.map((s) => `/${s}`).join('')}`;
  if (at >= 0) {
    const rest = segments.slice(at + 1);
    const id = rest[0];
    if (id === undefined || !JOB_ID.test(id) || rest.length > 2 || (rest.length === 2 && rest[1] !== 'plan'))
      return bad(`'${url.pathname}' does not name a job: expected /jobs/ followed by a 32-hex job id`);
    return ok({ base, jobId: id.toLowerCase() });
  }
  return ok(hashJob === undefined ? { base } : { base, jobId: hashJob });
}

/** The web UI links to a job as `#/job/<id>/overview` (1.x) or `#/job/running/<id>/overview` (2.x). */
function jobInUiHash(hash: string): string | undefined {
  const parts = hash.replace(/^#\/?/, '').split('/');
  if (parts[0] !== 'job') return undefined;
  const id = parts.find((p) => JOB_ID.test(p));
  return id?.toLowerCase();
}

/** The address of an endpoint under the target's base. */
export function endpointUrl(base: string, path: string): string {
  return `${base}${path}`;
}
