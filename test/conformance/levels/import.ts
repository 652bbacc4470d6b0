/**
 * Level `import`: one of Flink's own JSON files (a copy under fixtures/real-formats/) read as
 * flinkslot reads it. Job files: the facts (job, vertices, edges with their derived distribution
 * and result partition type), then the analysis of the imported JobGraph (sources, sinks, regions,
 * slot sharing groups, minimum slots), so a case also shows the import equals a flinkslot file.
 * /taskmanagers: the TaskManagers with their resources in bytes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type JobAnalysis, analyzeJob } from '../../../src/plan/analyze-job.js';
import { type ImportResult, importFlinkFile } from '../../../src/parse/flink/import-file.js';
import type { ImportedCluster, ProfileFacts } from '../../../src/parse/flink/import-cluster.js';
import type { ImportedJob } from '../../../src/parse/flink/imported-job.js';
import { jobGraphFromData } from '../../../src/parse/parse-job-graph.js';
import { type ConformanceCase, accepted, checkKeys } from '../case-file.js';
import { sameSets } from '../compare.js';

const REAL_FORMATS = 'fixtures/real-formats';
const INPUT_KEYS = ['file', 'format'];
const JOB_KEYS = [
  'jobId',
  'jobName',
  'jobState',
  'jobType',
  'numVertices',
  'vertices',
  'numEdges',
  'edges',
  'sourceVertices',
  'sinkVertices',
  'regions',
  'slotSharingGroups',
  'minimumSlots',
];
const VERTEX_KEYS = ['id', 'name', 'description', 'descriptionStartsWith', 'pact', 'parallelism', 'maxParallelism'];
const EDGE_KEYS = ['source', 'target', 'inputNum', 'shipStrategy', 'exchange', 'resultPartitionType', 'distribution'];
const CLUSTER_KEYS = ['numTaskManagers', 'totalSlots', 'freeSlots', 'taskManagers'];
const TASK_MANAGER_KEYS = [
  'id',
  'path',
  'slotsNumber',
  'freeSlots',
  'totalResourceMiB',
  'totalResource',
  'freeResource',
  'memoryConfiguration',
  'hardware',
];

type Raw = Record<string, unknown>;

export function runImport(c: ConformanceCase): string[] {
  checkKeys(c.input, INPUT_KEYS, 'input');
  const file = join(REAL_FORMATS, String(c.input.file));
  const value: ImportResult = accepted(importFlinkFile(readFileSync(file, 'utf8'), file));
  const failures: string[] = [];
  if (value.format !== c.input.format) failures.push(`format: expected ${String(c.input.format)}, detected ${value.format}`);
  if (value.kind === 'job') {
    checkKeys(c.expect, JOB_KEYS, 'expect');
    return [...failures, ...checkJob(c.expect, value.job)];
  }
  checkKeys(c.expect, CLUSTER_KEYS, 'expect');
  return [...failures, ...checkCluster(c.expect, value.cluster)];
}

/** Ids compare as text: a StreamGraph's ids are integers in the file and in the case, strings in flinkslot. */
const id = (v: unknown): string => String(v);

function differs(failures: string[], what: string, actual: unknown, expected: unknown): void {
  if (expected === undefined) return;
  if (JSON.stringify(actual ?? null) !== JSON.stringify(expected))
    failures.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual ?? null)}`);
}

function checkJob(e: Raw, job: ImportedJob): string[] {
  const failures: string[] = [];
  differs(failures, 'jobId', job.jobId, e.jobId);
  differs(failures, 'jobName', job.jobName, e.jobName);
  differs(failures, 'jobState', job.jobState, e.jobState);
  // `jobType: null` asserts that the file states none.
  if ('jobType' in e) differs(failures, 'jobType', job.jobType, e.jobType);
  differs(failures, 'numVertices', job.vertices.length, e.numVertices);
  differs(failures, 'numEdges', job.edges.length, e.numEdges);
  for (const [i, want] of ((e.vertices ?? []) as Raw[]).entries()) {
    checkKeys(want, VERTEX_KEYS, `expect.vertices[${i}]`);
    const v = job.vertices.find((x) => x.id === id(want.id));
    if (v === undefined) {
      failures.push(`vertices: no vertex ${id(want.id)}`);
      continue;
    }
    for (const key of ['name', 'description', 'pact', 'parallelism', 'maxParallelism'] as const)
      differs(failures, `vertex ${v.id} ${key}`, v[key], want[key]);
    if (want.descriptionStartsWith !== undefined && !(v.description ?? '').startsWith(String(want.descriptionStartsWith)))
      failures.push(`vertex ${v.id} description does not start with ${JSON.stringify(want.descriptionStartsWith)}`);
  }
  for (const [i, want] of ((e.edges ?? []) as Raw[]).entries()) {
    checkKeys(want, EDGE_KEYS, `expect.edges[${i}]`);
    const edge = job.edges.find(
      (x) => x.source === id(want.source) && x.target === id(want.target) && (want.inputNum === undefined || x.inputNum === want.inputNum),
    );
    if (edge === undefined) {
      failures.push(`edges: no edge ${id(want.source)} -> ${id(want.target)}`);
      continue;
    }
    for (const key of ['inputNum', 'shipStrategy', 'exchange', 'resultPartitionType', 'distribution'] as const)
      differs(failures, `edge ${edge.source} -> ${edge.target} ${key}`, edge[key], want[key]);
  }
  const analysis = analyse(job);
  if (typeof analysis === 'string') return [...failures, analysis];
  const names = (indices: Iterable<number>): string[] => [...indices].map((i) => analysis.graph.vertices[i]!.id);
  const ids = (list: unknown): string[] => (list as unknown[]).map(id);
  if (e.sourceVertices !== undefined) sameOrFail(failures, 'sourceVertices', [names(sources(analysis))], [ids(e.sourceVertices)]);
  if (e.sinkVertices !== undefined) sameOrFail(failures, 'sinkVertices', [names(sinks(analysis))], [ids(e.sinkVertices)]);
  if (e.regions !== undefined)
    sameOrFail(
      failures,
      'regions',
      analysis.regions.regions.map((r) => names(r)),
      (e.regions as unknown[][]).map(ids),
    );
  if (e.slotSharingGroups !== undefined)
    sameOrFail(
      failures,
      'slotSharingGroups',
      analysis.slotSharing.groups.map((g) => names(g.vertices)),
      Object.values(e.slotSharingGroups as Record<string, unknown[]>).map(ids),
    );
  differs(failures, 'minimumSlots', analysis.minimumSlots, e.minimumSlots);
  return failures;
}

function sameOrFail(failures: string[], what: string, actual: string[][], expected: string[][]): void {
  if (!sameSets(actual, expected)) failures.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function analyse(job: ImportedJob): JobAnalysis | string {
  const graph = jobGraphFromData(job.jobGraph);
  if (!graph.ok) return `the imported JobGraph is invalid: ${graph.diagnostics.map((d) => d.message).join('; ')}`;
  const analysis = analyzeJob(graph.value);
  if (!analysis.ok) return `the imported JobGraph does not analyse: ${analysis.diagnostics.map((d) => d.message).join('; ')}`;
  return analysis.value;
}

function sources(a: JobAnalysis): number[] {
  const consumers = new Set(a.graph.edges.map((edge) => edge.target));
  return a.graph.vertices.filter((v) => !consumers.has(v.index)).map((v) => v.index);
}

function sinks(a: JobAnalysis): number[] {
  const producers = new Set(a.graph.edges.map((edge) => edge.source));
  return a.graph.vertices.filter((v) => !producers.has(v.index)).map((v) => v.index);
}

function checkCluster(e: Raw, cluster: ImportedCluster): string[] {
  const failures: string[] = [];
  differs(failures, 'numTaskManagers', cluster.taskManagers.length, e.numTaskManagers);
  differs(failures, 'totalSlots', cluster.totalSlots, e.totalSlots);
  differs(failures, 'freeSlots', cluster.freeSlots, e.freeSlots);
  for (const [i, want] of ((e.taskManagers ?? []) as Raw[]).entries()) {
    checkKeys(want, TASK_MANAGER_KEYS, `expect.taskManagers[${i}]`);
    const tm = cluster.taskManagers.find((t) => t.id === id(want.id));
    if (tm === undefined) {
      failures.push(`taskManagers: no TaskManager ${id(want.id)}`);
      continue;
    }
    for (const key of ['path', 'slotsNumber', 'freeSlots', 'totalResourceMiB', 'memoryConfiguration', 'hardware'] as const)
      differs(failures, `TaskManager ${tm.id} ${key}`, tm[key], want[key]);
    for (const key of ['totalResource', 'freeResource'] as const) {
      if (want[key] !== undefined) differs(failures, `TaskManager ${tm.id} ${key}`, factsJson(tm[key]), factsJson(want[key] as Raw));
    }
  }
  return failures;
}

/** Bytes as exact integers in text (bigint on our side, YAML numbers in the case). */
function factsJson(p: ProfileFacts | Raw | undefined): Raw | undefined {
  if (p === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(p).map(([k, v]) => [k, k === 'cpuCores' ? String(v) : typeof v === 'bigint' ? v.toString() : String(v)]),
  );
}
