/**
 * Subtask-level levels: `pointwise`, `scc`, `scheduling-regions-util`, `execution-topology` and
 * `execution-slot-sharing`. Some cases state large expectations in words ("consumer i reads
 * [2i, 2i+1]", "one component containing all 100000 vertices"); those phrasings are parsed
 * exactly, and any other wording fails the case.
 */
import { analyzeJob } from '../../../src/plan/analyze-job.js';
import { mustBePipelinedConsumed } from '../../../src/plan/result-partition-type.js';
import { buildDigraph } from '../../../src/graph/digraph.js';
import { componentMembers, computeStronglyConnectedComponents } from '../../../src/graph/strongly-connected.js';
import { computeExecutionSlotSharing, analyzeExecution } from '../../../src/execution/analyze-execution.js';
import { type ExecutionTopology, subtaskName } from '../../../src/execution/execution-topology.js';
import { fromSubtaskGraph } from '../../../src/execution/from-subtask-graph.js';
import { pointwiseRange } from '../../../src/execution/pointwise.js';
import { computeRequestedSlotProfiles } from '../../../src/execution/slot-profiles.js';
import { computeSchedulingRegions } from '../../../src/execution/scheduling-regions.js';
import { DEFAULT_FLINK_VERSION } from '../../../src/model/flink-version.js';
import type { ResultPartitionType } from '../../../src/model/job-graph.js';
import { profilesEqual } from '../../../src/model/resource-profile.js';
import { jobGraphFromData } from '../../../src/parse/parse-job-graph.js';
import { CaseError, type ConformanceCase, accepted, checkKeys } from '../case-file.js';
import { sameMultiset, sameSets } from '../compare.js';
import { profileFromMap } from '../profiles.js';

// ---- pointwise ---------------------------------------------------------------------------------

function consumedPartitions(s: number, t: number): number[][] {
  return Array.from({ length: t }, (_, i) => {
    const { start, end } = pointwiseRange(s, t, i);
    return Array.from({ length: end - start }, (_, j) => start + j);
  });
}

/** "consumer i reads [2i, 2i+1]" for t consumers. */
function expandReadsFormula(text: string, t: number): number[][] {
  const match = /^consumer i reads \[(.+)\]$/.exec(text);
  if (match === null) throw new CaseError(`cannot read the expectation '${text}'`);
  const terms = match[1]!.split(',').map((term) => {
    const m = /^\s*(\d*)i(?:\s*\+\s*(\d+))?\s*$/.exec(term);
    if (m === null) throw new CaseError(`cannot read the term '${term}' in '${text}'`);
    return { k: m[1] === '' ? 1 : Number(m[1]), c: Number(m[2] ?? 0) };
  });
  return Array.from({ length: t }, (_, i) => terms.map(({ k, c }) => k * i + c));
}

export function runPointwise(c: ConformanceCase): string[] {
  checkKeys(c.input, ['pointwise', 'pointwiseCases'], 'input');
  checkKeys(c.expect, ['consumedPartitions'], 'expect');
  const cases = (c.input.pointwiseCases ?? [c.input.pointwise]) as Array<{ upstreamParallelism: number; downstreamParallelism: number }>;
  const expected = c.expect.consumedPartitions as unknown;
  const failures: string[] = [];
  for (const pc of cases) {
    checkKeys(pc as unknown as Record<string, unknown>, ['upstreamParallelism', 'downstreamParallelism'], 'a pointwise case');
    const [s, t] = [pc.upstreamParallelism, pc.downstreamParallelism];
    const key = `${s}->${t}`;
    const raw = Array.isArray(expected) ? expected : (expected as Record<string, unknown>)[key];
    if (raw === undefined) throw new CaseError(`no expectation for ${key}`);
    const want = typeof raw === 'string' ? expandReadsFormula(raw, t) : (raw as number[][]);
    const got = consumedPartitions(s, t);
    if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
  return failures;
}

// ---- scc ---------------------------------------------------------------------------------------

function outEdgesOf(spec: { numVertices: number; outEdges: unknown }): number[][] {
  if (Array.isArray(spec.outEdges)) return spec.outEdges as number[][];
  const ring = /^vertex i -> \(i\+1\) mod (\d+)$/.exec(String(spec.outEdges));
  if (ring && Number(ring[1]) === spec.numVertices) return Array.from({ length: spec.numVertices }, (_, i) => [(i + 1) % spec.numVertices]);
  throw new CaseError(`cannot read outEdges '${String(spec.outEdges)}'`);
}

function sccOf(spec: { numVertices: number; outEdges: unknown }): number[][] {
  const out = outEdgesOf(spec);
  const sources = out.flatMap((targets, v) => targets.map(() => v));
  return componentMembers(computeStronglyConnectedComponents(buildDigraph(spec.numVertices, sources, out.flat())));
}

function matchesComponents(got: number[][], want: unknown, n: number): boolean {
  if (typeof want === 'string') {
    const all = /^one component containing all (\d+) vertices$/.exec(want);
    if (all === null) throw new CaseError(`cannot read the expectation '${want}'`);
    return Number(all[1]) === n && got.length === 1 && got[0]!.length === n;
  }
  return sameSets(
    got.map((c) => c.map(String)),
    (want as number[][]).map((c) => c.map(String)),
  );
}

export function runScc(c: ConformanceCase): string[] {
  checkKeys(c.input, ['sccGraph', 'cases'], 'input');
  const cases =
    c.input.cases !== undefined
      ? Object.entries(c.input.cases as Record<string, { numVertices: number; outEdges: unknown }>)
      : [['', c.input.sccGraph] as const];
  checkKeys(c.expect, ['stronglyConnectedComponents', ...cases.map(([id]) => id)], 'expect');
  const failures: string[] = [];
  for (const [id, spec] of cases) {
    const s = spec as { numVertices: number; outEdges: unknown };
    const want = id === '' ? c.expect.stronglyConnectedComponents : c.expect[id];
    const got = sccOf(s);
    if (!matchesComponents(got, want, s.numVertices))
      failures.push(`${id || 'sccGraph'}: expected ${JSON.stringify(want)}, got ${got.length} components`);
  }
  return failures;
}

// ---- explicit subtask graphs -------------------------------------------------------------------

interface ExplicitInput {
  executionGraph: { vertices: string[]; edges: Array<{ source: string; target: string; resultPartitionType: ResultPartitionType }> };
  slotSharingGroups?: Record<string, string[]>;
  coLocationGroups?: Record<string, string[]>;
  slotSharingGroupResources?: Record<string, unknown>;
  topologicalOrder?: string[];
}

function explicitTopology(input: ExplicitInput): ExecutionTopology {
  const g = input.executionGraph;
  checkKeys(g as unknown as Record<string, unknown>, ['vertices', 'edges'], 'input.executionGraph');
  const profiles = Object.entries(input.slotSharingGroupResources ?? {}).map(
    ([name, p]) => [name, profileFromMap(p, `slotSharingGroupResources.${name}`)] as const,
  );
  return accepted(
    fromSubtaskGraph({
      subtasks: g.vertices,
      edges: g.edges,
      slotSharingGroups: new Map(Object.entries(input.slotSharingGroups ?? {})),
      slotSharingGroupProfiles: new Map(profiles),
      coLocationGroups: new Map(Object.entries(input.coLocationGroups ?? {})),
      ...(input.topologicalOrder ? { topologicalOrder: input.topologicalOrder } : {}),
    }),
  );
}

function regionNames(t: ExecutionTopology, regionOf: Int32Array, count: number): string[][] {
  const out: string[][] = Array.from({ length: count }, () => []);
  regionOf.forEach((r, x) => out[r]!.push(subtaskName(t, x)));
  return out;
}

const mustBePipelined = (type: ResultPartitionType): boolean => mustBePipelinedConsumed(type, DEFAULT_FLINK_VERSION);

/** The JobGraph with one vertex per job vertex of the subtask graph and one edge per wired pair of vertices. */
function logicalShape(input: ExplicitInput): string[][] {
  const t = explicitTopology(input);
  const vertices = t.vertices.map((v) => ({ id: v.id }));
  const edges = t.vertices.flatMap((v) =>
    v.inputs.map((i) => ({ source: t.vertices[i.producer]!.id, target: v.id, resultPartitionType: i.resultPartitionType })),
  );
  const graph = accepted(jobGraphFromData({ vertices, edges }));
  return accepted(analyzeJob(graph)).regions.regions.map((r) => r.map((v) => graph.vertices[v]!.id));
}

export function runSchedulingRegionsUtil(c: ConformanceCase): string[] {
  checkKeys(c.input, ['executionGraph'], 'input');
  checkKeys(c.expect, ['executionRegions', 'logicalRegionsOfSameShape'], 'expect');
  const input = c.input as unknown as ExplicitInput;
  const t = explicitTopology(input);
  const regions = computeSchedulingRegions(t, { perLogicalRegion: false, mustBePipelined });
  const got = regionNames(t, regions.regionOf, regions.count);
  const failures: string[] = [];
  if (c.expect.executionRegions !== undefined && !sameSets(got, c.expect.executionRegions as string[][])) {
    failures.push(`executionRegions: expected ${JSON.stringify(c.expect.executionRegions)}, got ${JSON.stringify(got)}`);
  }
  if (c.expect.logicalRegionsOfSameShape !== undefined) {
    const logical = logicalShape(input);
    if (!sameSets(logical, c.expect.logicalRegionsOfSameShape as string[][]))
      failures.push(`logicalRegionsOfSameShape: got ${JSON.stringify(logical)}`);
  }
  return failures;
}

// ---- execution topology (JobGraph → production scheduling regions) ------------------------------

/** "all subtasks of vertex1 (8), vertex2 (8)" or an explicit list of subtask names. */
function expandSummary(entry: unknown): string[] {
  if (Array.isArray(entry)) return entry as string[];
  const match = /^all subtasks of (.+)$/.exec(String(entry));
  if (match === null) throw new CaseError(`cannot read the region summary '${String(entry)}'`);
  return match[1]!.split(',').flatMap((part) => {
    const m = /^\s*(\S+) \((\d+)\)\s*$/.exec(part);
    if (m === null) throw new CaseError(`cannot read '${part}' in '${String(entry)}'`);
    return Array.from({ length: Number(m[2]) }, (_, i) => `${m[1]}#${i}`);
  });
}

export function runExecutionTopology(c: ConformanceCase, version: string): string[] {
  checkKeys(c.input, ['jobGraph'], 'input');
  checkKeys(
    c.expect,
    ['regions', 'executionRegions', 'numExecutionRegions', 'executionRegionSizes', 'executionRegionPattern', 'executionRegionsSummary'],
    'expect',
  );
  const data = structuredClone(c.input.jobGraph) as Record<string, unknown>;
  data.flinkVersion ??= version;
  const graph = accepted(jobGraphFromData(data));
  const a = accepted(analyzeJob(graph));
  const { topology: t, regions } = accepted(analyzeExecution(a, 'LOCAL_INPUT_PREFERRED'));
  const failures: string[] = [];
  const x = c.expect;
  if (x.regions !== undefined) {
    const logical = a.regions.regions.map((r) => r.map((v) => graph.vertices[v]!.id));
    if (!sameSets(logical, x.regions as string[][])) failures.push(`regions: got ${JSON.stringify(logical)}`);
  }
  if (x.numExecutionRegions !== undefined && regions.count !== x.numExecutionRegions)
    failures.push(`numExecutionRegions: got ${regions.count}`);
  if (x.executionRegionSizes !== undefined && !sameMultiset([...regions.sizes], x.executionRegionSizes as number[]))
    failures.push(`executionRegionSizes: got ${[...regions.sizes].join(',')}`);
  const names = (): string[][] => regionNames(t, regions.regionOf, regions.count);
  if (x.executionRegions !== undefined && !sameSets(names(), x.executionRegions as string[][]))
    failures.push(`executionRegions: got ${JSON.stringify(names())}`);
  if (x.executionRegionsSummary !== undefined && !sameSets(names(), (x.executionRegionsSummary as unknown[]).map(expandSummary)))
    failures.push('executionRegionsSummary differs');
  if (x.executionRegionPattern !== undefined) failures.push(...checkPattern(t, names(), x.executionRegionPattern as string[]));
  return failures;
}

/** ["v1#i", "v2#i"]: for every i below the vertices' parallelism, one region {v1#i, v2#i}. */
function checkPattern(t: ExecutionTopology, got: string[][], pattern: string[]): string[] {
  const vertices = pattern.map((p) => {
    const m = /^(.+)#i$/.exec(p);
    if (m === null) throw new CaseError(`cannot read the pattern '${p}'`);
    return m[1]!;
  });
  const n = t.vertices.find((v) => v.id === vertices[0])?.parallelism ?? 0;
  const want = Array.from({ length: n }, (_, i) => vertices.map((v) => `${v}#${i}`));
  return sameSets(got, want) ? [] : [`executionRegionPattern ${JSON.stringify(pattern)} does not hold (${got.length} regions)`];
}

// ---- execution slot sharing --------------------------------------------------------------------

export function runExecutionSlotSharing(c: ConformanceCase): string[] {
  checkKeys(
    c.input,
    ['slotSharingStrategy', 'executionGraph', 'slotSharingGroups', 'coLocationGroups', 'slotSharingGroupResources', 'topologicalOrder'],
    'input',
  );
  checkKeys(c.expect, ['numExecutionSlotSharingGroups', 'executionSlotSharingGroups', 'minimumSlots', 'requestedSlotProfiles'], 'expect');
  const strategies =
    c.input.slotSharingStrategy === undefined
      ? (['LOCAL_INPUT_PREFERRED', 'TASK_BALANCED'] as const)
      : [c.input.slotSharingStrategy as 'LOCAL_INPUT_PREFERRED' | 'TASK_BALANCED'];
  const t = explicitTopology(c.input as unknown as ExplicitInput);
  return strategies.flatMap((strategy) => checkSharing(c, t, strategy).map((f) => `[${strategy}] ${f}`));
}

function checkSharing(c: ConformanceCase, t: ExecutionTopology, strategy: 'LOCAL_INPUT_PREFERRED' | 'TASK_BALANCED'): string[] {
  const sharing = computeExecutionSlotSharing(t, strategy);
  const groups: string[][] = Array.from({ length: sharing.count }, () => []);
  sharing.groupOf.forEach((g, x) => groups[g]!.push(subtaskName(t, x)));
  const x = c.expect;
  const failures: string[] = [];
  for (const key of ['numExecutionSlotSharingGroups', 'minimumSlots'] as const) {
    if (x[key] !== undefined && x[key] !== sharing.count) failures.push(`${key}: expected ${String(x[key])}, got ${sharing.count}`);
  }
  if (x.executionSlotSharingGroups !== undefined && !sameSets(groups, x.executionSlotSharingGroups as string[][])) {
    failures.push(`executionSlotSharingGroups: expected ${JSON.stringify(x.executionSlotSharingGroups)}, got ${JSON.stringify(groups)}`);
  }
  if (x.requestedSlotProfiles !== undefined) {
    const profiles = computeRequestedSlotProfiles(t, sharing);
    for (const [subtask, want] of Object.entries(x.requestedSlotProfiles as Record<string, unknown>)) {
      const index = [...sharing.groupOf.keys()].find((k) => subtaskName(t, k) === subtask);
      if (index === undefined) throw new CaseError(`no subtask '${subtask}'`);
      if (!profilesEqual(profiles[sharing.groupOf[index]!]!, profileFromMap(want, `requestedSlotProfiles.${subtask}`)))
        failures.push(`requestedSlotProfiles.${subtask} differs`);
    }
  }
  return failures;
}
