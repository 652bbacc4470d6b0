/**
 * `size --search` on several threads (issue 16 §6): each worker plans the search from the same
 * inputs, then takes shapes from one shared counter and posts each one sized; this thread only
 * counts them for the progress bar and ranks them at the end, as the one-thread search does.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Result, SearchOptions, ShapeCandidate, ShapeSearchReport } from '../../src/index.js';

/** Fewer shapes than this are sized on this thread: starting a worker costs about 50 ms. */
export const THREADS_FROM = 32;

export interface SearchInputs {
  readonly base: { text: string; file: string } | undefined;
  readonly jobGraphs: readonly { text: string; file: string }[];
  readonly options: Omit<SearchOptions, 'onProgress'>;
}

export async function searchOnThreads(
  inputs: SearchInputs,
  threads: number | undefined,
  onProgress?: (done: number, total: number) => void,
): Promise<Result<ShapeSearchReport>> {
  const core = await import('../../src/face/size.js');
  // This thread ranks; the one-thread search below and the workers plan again, to size.
  const plan = core.planSearch(inputs.base, inputs.jobGraphs, inputs.options, false);
  if (!plan.ok) return plan;
  const total = plan.value.shapes.length;
  const n = Math.max(1, Math.min(threads ?? (total >= THREADS_FROM ? availableParallelism() : 1), total));
  if (n <= 1) return core.searchShapes(inputs.base, inputs.jobGraphs, { ...inputs.options, ...(onProgress ? { onProgress } : {}) });
  const candidates = new Array<ShapeCandidate>(total);
  let done = 0;
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const script = new URL('./size-worker.js', import.meta.url);
  await Promise.all(
    Array.from({ length: n }, () => {
      const w = new Worker(script, { workerData: { ...inputs, counter } });
      return new Promise<void>((resolve, reject) => {
        w.on('message', (m: { index: number; candidate: ShapeCandidate } | 'done') => {
          if (m === 'done') return resolve();
          candidates[m.index] = m.candidate;
          onProgress?.(++done, total);
        });
        w.once('error', reject);
        w.once('exit', (code) => {
          if (code !== 0) reject(new Error(`a size worker stopped with exit code ${code}`));
        });
      });
    }),
  );
  return { ok: true, value: core.rankShapes(plan.value, candidates), warnings: plan.warnings };
}
