/**
 * The subtask pairs of a POINTWISE or EXPLICIT input, visited one by one (O(s + t) for
 * pointwise). ALL_TO_ALL inputs are deliberately not supported: callers treat them as a whole.
 */
import type { ExecutionInput, ExecutionTopology } from './execution-topology.js';
import { pointwiseRange } from './pointwise.js';

export type PairVisitor = (producerSubtask: number, consumerSubtask: number) => void;

export function forEachPair(t: ExecutionTopology, v: number, input: ExecutionInput, visit: PairVisitor): void {
  if (input.pattern === 'ALL_TO_ALL') throw new Error('all-to-all inputs are handled as a whole, never pair by pair');
  const producerBase = t.offsets[input.producer]!;
  const consumerBase = t.offsets[v]!;
  const s = t.vertices[input.producer]!.parallelism;
  const n = t.vertices[v]!.parallelism;
  for (let i = 0; i < n; i++) {
    if (input.pattern === 'EXPLICIT') {
      for (const p of input.consumed[i] ?? []) visit(producerBase + p, consumerBase + i);
    } else {
      const { start, end } = pointwiseRange(s, n, i);
      for (let p = start; p < end; p++) visit(producerBase + p, consumerBase + i);
    }
  }
}
