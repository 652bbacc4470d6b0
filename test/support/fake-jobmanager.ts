/**
 * A JobManager's REST API for end-to-end tests: serves recorded answers from a folder on
 * 127.0.0.1 (an ephemeral port), GET /a/b → <folder>/a/b.json. Knobs for the failures a real
 * network gives: a required bearer token, a delay, fixed answers for paths (status and body).
 * Every request is recorded, so a test can check what the CLI asked and with which headers.
 */
import { readFile } from 'node:fs/promises';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface FakeJobManagerOptions {
  /** Folder of recorded answers; absent: every unlisted path is 404. */
  readonly folder?: string;
  /** Required `Authorization` header value; other requests get 401. */
  readonly authorization?: string;
  /** Milliseconds before answering each request. */
  readonly delayMs?: number;
  /** Fixed answers by path, before the folder. */
  readonly answers?: Readonly<Record<string, { status?: number; body: string; headers?: Record<string, string> }>>;
}

export interface FakeJobManager {
  readonly url: string;
  readonly requests: { path: string; authorization?: string }[];
  close(): Promise<void>;
}

export async function startFakeJobManager(options: FakeJobManagerOptions = {}): Promise<FakeJobManager> {
  const requests: { path: string; authorization?: string }[] = [];
  const server: Server = createServer((req, res) => {
    void answer(req, options, requests).then(({ status, body, headers }) => {
      const reply = () => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body);
      };
      if (options.delayMs) setTimeout(reply, options.delayMs).unref();
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(
  req: IncomingMessage,
  options: FakeJobManagerOptions,
  requests: { path: string; authorization?: string }[],
): Promise<{ status: number; body: string; headers?: Record<string, string> }> {
  const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
  requests.push({ path, ...(req.headers.authorization === undefined ? {} : { authorization: req.headers.authorization }) });
  if (options.authorization !== undefined && req.headers.authorization !== options.authorization)
    return { status: 401, body: JSON.stringify({ errors: ['Unauthorized'] }) };
  const fixed = options.answers?.[path];
  if (fixed !== undefined) return { status: fixed.status ?? 200, body: fixed.body, ...(fixed.headers ? { headers: fixed.headers } : {}) };
  if (options.folder !== undefined && !path.includes('..')) {
    // A recorded TaskManager id with characters unsafe in a file name is stored URL-encoded.
    const raw = (req.url ?? '/').split('?')[0]!;
    const segments = path.split('/');
    const encodedLast = [...segments.slice(0, -1), encodeURIComponent(segments.at(-1)!)].join('/');
    for (const candidate of [path, raw, encodedLast]) {
      const file = normalize(join(options.folder, `${candidate === '/' ? '/index' : candidate}.json`));
      const body = await readFile(file, 'utf8').catch(() => undefined);
      if (body !== undefined) return { status: 200, body };
    }
  }
  return { status: 404, body: JSON.stringify({ errors: ['Not found: ' + path] }) };
}
