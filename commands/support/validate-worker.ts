/** A worker thread of `validate`: checks its share of the files and posts the results back in order. */
import { parentPort, workerData } from 'node:worker_threads';
import { type WirePolicy, checkOne, fromWire } from './validate-files.js';

const { files, policy } = workerData as { files: string[]; policy: WirePolicy };
const results = [];
const resolved = fromWire(policy);
for (const file of files) results.push(await checkOne(file, resolved, async () => ''));
parentPort!.postMessage(results);
