/** Reading inputs for commands: a path, or `-` for standard input, never more than MAX_INPUT_BYTES. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { FlinkslotError, refusal } from '../../src/face/errors.js';

/**
 * The most flinkslot reads from one input. Flink's largest real answers (a 1,000-vertex SQL job's
 * plan, a 2,000-TaskManager GET /taskmanagers) are a few MiB; the bound keeps /dev/zero, an
 * endless pipe or a wrong multi-GiB file from filling memory before any check runs.
 */
export const MAX_INPUT_BYTES = 128 * 1024 * 1024;
const LIMIT_TEXT = '128 MiB';

/** `cannot read PATH: REASON` (input/unreadable or input/too-large); `detail` is the reason alone ("no such file"). */
function readFailure(path: string, reason: string, code: 'input/unreadable' | 'input/too-large' = 'input/unreadable'): FlinkslotError {
  return refusal(code, `cannot read ${path}: ${reason}`, path, { detail: reason });
}

/** An input that could not be read (readInputFile's failures), as opposed to any other error. */
export function isReadFailure(e: unknown): e is FlinkslotError {
  return e instanceof FlinkslotError && (e.code === 'input/unreadable' || e.code === 'input/too-large');
}

export async function readInput(path: string): Promise<{ text: string; file: string }> {
  if (path === '-') return { text: await readStdin(), file: '<stdin>' };
  return { text: readInputFile(path), file: path };
}

/**
 * A job graph file a scenario names: a relative path is read from the scenario's folder (the
 * working directory for a scenario on stdin); a failure is the reason, for the core to locate.
 */
export function readScenarioJobGraph(path: string, scenarioFile: string): { text: string; file: string } | { reason: string } {
  const base = scenarioFile === '<stdin>' ? process.cwd() : dirname(scenarioFile);
  const full = isAbsolute(path) ? path : join(base, path);
  try {
    return { text: readInputFile(full), file: full };
  } catch (e) {
    if (!isReadFailure(e)) throw e;
    return { reason: e.detail! };
  }
}

/** A file's text; a regular file's size is checked before reading, anything else (a device, a FIFO) while reading. */
export function readInputFile(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw unreadable(path, e);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw readFailure(path, 'it is a directory');
    if (stat.isFile() && stat.size > MAX_INPUT_BYTES) throw tooLarge(path);
    return readBounded(fd, path, stat.isFile() ? stat.size : 64 * 1024);
  } catch (e) {
    throw isReadFailure(e) ? e : unreadable(path, e);
  } finally {
    closeSync(fd);
  }
}

/**
 * One buffer, reused, for the small files nearly every input is (`validate` reads thousands of job
 * graphs of a few KiB): such a file is read into it and decoded from it, where a buffer per read
 * and a concatenation cost more than the reading. A file that outgrows it continues below.
 */
const SMALL_FILE_BYTES = 64 * 1024;
let scratch: Buffer | undefined;

function readBounded(fd: number, path: string, expected: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  if (expected < SMALL_FILE_BYTES) {
    scratch ??= Buffer.allocUnsafe(SMALL_FILE_BYTES);
    for (;;) {
      const n = readSync(fd, scratch, total, SMALL_FILE_BYTES - total, null);
      if (n === 0) return scratch.toString('utf8', 0, total);
      total += n;
      if (total === SMALL_FILE_BYTES) break;
    }
    chunks.push(Buffer.from(scratch));
  }
  for (;;) {
    const buffer = Buffer.allocUnsafe(Math.max(expected - total, 64 * 1024));
    const n = readSync(fd, buffer, 0, buffer.length, null);
    if (n === 0) break;
    total += n;
    if (total > MAX_INPUT_BYTES) throw tooLarge(path);
    chunks.push(n === buffer.length ? buffer : buffer.subarray(0, n));
  }
  // A regular file is one read: decoded as it is, not copied first (a 33 MB job graph, issue 29 §3).
  return (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)).toString('utf8');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    total += (chunk as Buffer).length;
    if (total > MAX_INPUT_BYTES) {
      process.stdin.destroy();
      throw tooLarge('<stdin>');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function tooLarge(path: string): FlinkslotError {
  return readFailure(path, `it is larger than ${LIMIT_TEXT}, the most flinkslot reads from one input`, 'input/too-large');
}

/** Node's error codes in words; anything else keeps Node's message. */
const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  ENAMETOOLONG: 'its name is too long',
  ENOTDIR: 'a part of its path is not a directory',
  ELOOP: 'its path has a loop of symbolic links',
};

function unreadable(path: string, e: unknown): FlinkslotError {
  const code = (e as NodeJS.ErrnoException).code;
  return readFailure(path, (code === undefined ? undefined : REASONS[code]) ?? (e as Error).message);
}
