/**
 * The three lines a graph node shows: the vertex name (or the first member's and how many more),
 * parallelism and pipelined region, and the slot sharing group. The layout sizes nodes by them.
 */
import type { JobGraph } from '../../model/job-graph.js';
import { maxOf } from '../../util/push-all.js';
import { shorten } from './markup.js';

export const LABEL_CHARS = 32;

export interface NodeFacts {
  readonly vertices: readonly number[];
  readonly group: number;
  readonly region: number;
}

export function nodeLines(graph: JobGraph, groupNames: readonly string[], node: NodeFacts): [string, string, string] {
  const vs = node.vertices.map((v) => graph.vertices[v]!);
  const first = vs[0]!.name;
  const name = vs.length === 1 ? first : `${vs.length} vertices: ${first} …`;
  const low = vs.reduce((m, v) => Math.min(m, v.parallelism), Infinity);
  const high = maxOf(vs.map((v) => v.parallelism));
  const parallelism = low === high ? `p=${high}` : `p=${low}..${high}`;
  const region = node.region < 0 ? 'several regions' : `region ${node.region + 1}`;
  const group = node.group < 0 ? 'several groups' : `group ${groupNames[node.group] ?? '?'}`;
  return [shorten(name, LABEL_CHARS), `${parallelism} · ${region}`, shorten(group, LABEL_CHARS)];
}
