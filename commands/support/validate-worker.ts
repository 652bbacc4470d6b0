/** A worker thread of `validate`: takes chunks of files from the shared counter and posts each chunk's results back. */
import { parentPort, workerData } from 'node:worker_threads';
import { type WirePolicy, checkOne, claim, fromWire } from './validate-files.js';

const { files, policy, counter, chunk } = workerData as { files: string[]; policy: WirePolicy; counter: Int32Array; chunk: number };
const resolved = fromWire(policy);
for (let start = claim(counter, chunk); start < files.length; start = claim(counter, chunk)) {
  const results = [];
  for (let i = start; i < Math.min(start + chunk, files.length); i++) results.push(await checkOne(files[i]!, resolved, async () => ''));
  parentPort!.postMessage({ start, results });
}
parentPort!.postMessage('done');
