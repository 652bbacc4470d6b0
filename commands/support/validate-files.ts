/**
 * Checking many files: read each, run the core's validateFile, keep the input order. Large batches
 * are split over worker threads (one per core beyond the first); small ones run here, where
 * starting workers would cost more than it saves.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type * as ValidateFace from '../../src/face/validate.js';
import type { FileResult, ValidatePolicy } from '../../src/face/validate.js';
import { isReadFailure, readInputFile } from './io.js';
import { STDIN } from './paths.js';

/**
 * Below this many files one thread is faster. Measured on the project's 2-core machine: a worker
 * needs ~95 ms to start and load the core, each thread pays the JIT warm-up again (the first 500
 * files of a thread take ~2.3× the time of the next 500), and two threads together check only
 * ~1.25× the files of one (1,000 files: 0.7–1.0 s on one thread, 1.2–1.4 s on two; 4,000 files:
 * 1.5–2.2 s against 2.6–2.7 s). So threads start only for very large batches, or with -j.
 */
export const PARALLEL_FROM = 10_000;

export interface WirePolicy extends Omit<ValidatePolicy, 'minManagedMemory'> {
  readonly minManagedMemory?: string;
}

export function toWire(policy: ValidatePolicy): WirePolicy {
  const { minManagedMemory, ...rest } = policy;
  return { ...rest, ...(minManagedMemory === undefined ? {} : { minManagedMemory: minManagedMemory.toString() }) };
}

export function fromWire(policy: WirePolicy): ValidatePolicy {
  const { minManagedMemory, ...rest } = policy;
  return { ...rest, ...(minManagedMemory === undefined ? {} : { minManagedMemory: BigInt(minManagedMemory) }) };
}

type Core = typeof ValidateFace;
let loaded: Core | undefined;

/**
 * validate's part of the core, loaded on first use, not with the command list, so that the other
 * commands start without it; kept, so that a thousand files cost one dynamic import, not one each (an import()
 * goes through the module loader even when the module is cached).
 */
async function core(): Promise<Core> {
  return (loaded ??= await import('../../src/face/validate.js'));
}

/** One file: read and check; a file that cannot be read is a finding, not a crash. */
async function checkOne(file: string, policy: ValidatePolicy, stdin: () => Promise<string>): Promise<FileResult> {
  const c = await core();
  // Standard input that cannot be read ends the command (stdin refuses); a file that cannot is a finding.
  if (file === STDIN) return c.validateFile(await stdin(), '<stdin>', policy);
  return checkFile(c, file, policy);
}

/** One file on disk, with the core loaded: no promise per file. */
function checkFile({ FILE_START, located, validateFile }: Core, file: string, policy: ValidatePolicy): FileResult {
  let text: string;
  try {
    // Synchronous: for many small files the promise API's open/stat/read/close round trips cost more than the reading.
    text = readInputFile(file);
  } catch (e) {
    if (!isReadFailure(e)) throw e;
    return {
      file,
      valid: false,
      findings: [located({ code: e.code, severity: 'error', message: e.message }, file, '', FILE_START)],
    };
  }
  return validateFile(text, file, policy);
}

/** Files `from` to `to` (exclusive) of `files`, checked here; none is standard input. */
export async function checkRange(files: readonly string[], from: number, to: number, policy: ValidatePolicy): Promise<FileResult[]> {
  const c = await core();
  const out: FileResult[] = [];
  for (let i = from; i < to; i++) out.push(checkFile(c, files[i]!, policy));
  return out;
}

export async function checkAll(
  files: readonly string[],
  policy: ValidatePolicy,
  stdin: () => Promise<string>,
  jobs?: number,
): Promise<FileResult[]> {
  const threads = Math.max(
    1,
    Math.min(jobs ?? (files.length >= PARALLEL_FROM ? availableParallelism() : 1), Math.ceil(files.length / CHUNK)),
  );
  if (files.includes(STDIN)) {
    const out: FileResult[] = [];
    for (const f of files) out.push(await checkOne(f, policy, stdin));
    return out;
  }
  if (threads <= 1) return checkRange(files, 0, files.length, policy);
  return sharedWork(files, policy, threads);
}

/** Files per claim: small enough to balance the threads, large enough to keep messages few. */
const CHUNK = 25;

/**
 * This thread and `threads - 1` workers take chunks of files from one shared counter until none
 * is left: a thread that got quick files takes more, and this thread works while the workers start.
 */
async function sharedWork(files: readonly string[], policy: ValidatePolicy, threads: number): Promise<FileResult[]> {
  const results = new Array<FileResult>(files.length);
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const script = new URL('./validate-worker.js', import.meta.url);
  const workers = Array.from({ length: threads - 1 }, () => {
    const w = new Worker(script, { workerData: { files, policy: toWire(policy), counter, chunk: CHUNK } });
    return new Promise<void>((resolve, reject) => {
      w.on('message', (m: { start: number; results: FileResult[] } | 'done') => {
        if (m === 'done') resolve();
        else m.results.forEach((r, i) => (results[m.start + i] = r));
      });
      w.once('error', reject);
      w.once('exit', (code) => {
        if (code !== 0) reject(new Error(`a validate worker stopped with exit code ${code}`));
      });
    });
  });
  for (let start = claim(counter, CHUNK); start < files.length; start = claim(counter, CHUNK)) {
    const chunk = await checkRange(files, start, Math.min(start + CHUNK, files.length), policy);
    chunk.forEach((r, i) => (results[start + i] = r));
  }
  await Promise.all(workers);
  return results;
}

/** The first file of the next unclaimed chunk. */
export function claim(counter: Int32Array, chunk: number): number {
  return Atomics.add(counter, 0, 1) * chunk;
}
