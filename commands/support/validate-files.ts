/**
 * Checking many files: read each, run the core's validateFile, keep the input order. Large batches
 * are split over worker threads (one per core beyond the first); small ones run here, where
 * starting workers would cost more than it saves.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileResult } from '../../src/validate/finding.js';
import type { ValidatePolicy } from '../../src/validate/policy.js';
import { STDIN } from './paths.js';

/** Below this many files one thread is faster (a worker needs ~40 ms to load the core). */
export const PARALLEL_FROM = 200;

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

/** One file: read and check; a file that cannot be read is a finding, not a crash. */
export async function checkOne(file: string, policy: ValidatePolicy, stdin: () => Promise<string>): Promise<FileResult> {
  const { validateFile } = await import('../../src/validate/validate-file.js');
  let text: string;
  try {
    text = file === STDIN ? await stdin() : await readFile(file, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    return { file, valid: false, findings: [{ rule: 'input/unreadable', severity: 'error', message: `cannot read ${file}: ${reason}`, file, pointer: '', region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 } }] };
  }
  return validateFile(text, file === STDIN ? '<stdin>' : file, policy);
}

export async function checkAll(files: readonly string[], policy: ValidatePolicy, stdin: () => Promise<string>, jobs?: number): Promise<FileResult[]> {
  const threads = Math.min(jobs ?? availableParallelism(), Math.ceil(files.length / 50));
  if (files.length < PARALLEL_FROM || threads <= 1 || files.includes(STDIN)) {
    const out: FileResult[] = [];
    for (const f of files) out.push(await checkOne(f, policy, stdin));
    return out;
  }
  return inWorkers(files, policy, threads);
}

/** Interleaved chunks (file i goes to worker i mod n), so a run of big files does not land on one worker. */
async function inWorkers(files: readonly string[], policy: ValidatePolicy, threads: number): Promise<FileResult[]> {
  const worker = new URL('./validate-worker.js', import.meta.url);
  const parts = Array.from({ length: threads }, (_, w) => files.filter((_, i) => i % threads === w));
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<FileResult[]>((resolve, reject) => {
          const w = new Worker(worker, { workerData: { files: part, policy: toWire(policy) } });
          w.once('message', (m: FileResult[]) => resolve(m));
          w.once('error', reject);
          w.once('exit', (code) => {
            if (code !== 0) reject(new Error(`a validate worker stopped with exit code ${code}`));
          });
        }),
    ),
  );
  return files.map((_, i) => results[i % threads]![Math.floor(i / threads)]!);
}
