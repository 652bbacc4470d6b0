/** A worker thread of `size --search`: plans the search, then sizes the shapes it claims from the shared counter. */
import { parentPort, workerData } from 'node:worker_threads';
import type { SearchInputs } from './size-search-threads.js';

const { base, jobGraphs, options, counter } = workerData as SearchInputs & { counter: Int32Array };
const core = await import('../../src/face/size.js');
const plan = core.planSearch(base, jobGraphs, options);
if (plan.ok)
  for (let i = Atomics.add(counter, 0, 1); i < plan.value.shapes.length; i = Atomics.add(counter, 0, 1))
    parentPort!.postMessage({ index: i, candidate: core.sizeShapeAt(plan.value, i) });
parentPort!.postMessage('done');
