/** A worker thread of `validate`: takes chunks of files from the shared counter and posts each chunk's results back. */
import { parentPort, workerData } from 'node:worker_threads';
import { type WirePolicy, checkRange, claim, fromWire } from './validate-files.js';

const { files, policy, counter, chunk } = workerData as { files: string[]; policy: WirePolicy; counter: Int32Array; chunk: number };
const resolved = fromWire(policy);
for (let start = claim(counter, chunk); start < files.length; start = claim(counter, chunk)) {
  parentPort!.postMessage({ start, results: await checkRange(files, start, Math.min(start + chunk, files.length), resolved) });
}
parentPort!.postMessage('done');
