/**
 * `size --emit flinkdeployment` on the user's FlinkDeployment (issue 25 §2): that document with
 * only the TaskManager sizing changed — `taskManager.resource(s)` memory and CPU,
 * `taskManager.replicas` in standalone mode, the slots and memory keys of `flinkConfiguration`,
 * and `job.parallelism` in native mode when every vertex runs at one parallelism — each written where and how the file writes it. Mode,
 * upgradeMode, serviceAccount, image, jobManager, podTemplate, the job and every other key and
 * comment stay as they are (text splices: yaml-edit.ts).
 *
 * Replicas only in standalone mode: with `taskManager.replicas` set the operator sets
 * parallelism.default to replicas × slots, ignoring job.parallelism (flink-kubernetes-operator/.../config/
 * FlinkConfigBuilder.java: getParallelism); in native mode Flink's ResourceManager starts the
 * TaskManagers the job's slots need.
 */
import { type Scalar, type YAMLMap, isMap, isScalar, parseAllDocuments } from 'yaml';
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { type FlinkDeployment, readFlinkDeployment } from '../memory/flink-deployment.js';
import { uniformParallelism, untouchedByDefault, verticesByParallelism } from './job-parallelism.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { printable } from '../util/printable.js';
import { CPU_CORES, PROCESS_SIZE, SLOTS, cpuChange, cpuInStyle, memoryBytesOf, memoryInStyle, sizingKeyChanges } from './sizing-changes.js';
import type { SizeDeployment } from './size-report.js';
import { type NewValue, type ValueChange, applyEdits, childMap, documentOf, pairOf, unifiedDiff } from './yaml-edit.js';
import { YamlPatch } from './yaml-patch.js';

/** A user's file with the answer written into it. */
export interface PatchedFile {
  readonly text: string;
  /** Each changed value by its JSON pointer in the document. */
  readonly changes: ValueChange[];
  /** The changes as a unified-style diff of the file's lines. */
  readonly diff: string;
  /** What the output does not say itself (how the operator counts TaskManagers). */
  readonly notes: string[];
}

interface Context {
  readonly patch: YamlPatch;
  readonly spec: YAMLMap;
  readonly deployment: FlinkDeployment;
  readonly answer: SizeDeployment;
}

export function patchFlinkDeployment(source: string, file: string, answer: SizeDeployment): Result<PatchedFile> {
  const documents = parseAllDocuments(source);
  const doc = Array.isArray(documents) ? documentOf(documents, 'FlinkDeployment') : undefined;
  const spec = doc === undefined || doc.errors.length > 0 || !isMap(doc.contents) ? undefined : childMap(doc.contents as YAMLMap, 'spec');
  if (doc === undefined || spec === undefined)
    return fail([error('size/emit-base', `${printable(file)} has no FlinkDeployment with a spec to write the answer into`, '')]);
  const read = readFlinkDeployment(doc.toJS() as Record<string, unknown>);
  // A --base that was not the sizing input is read here first: its problems located in it.
  if (!read.ok) return fail(locateDiagnostics(read.diagnostics, source, file));
  const c: Context = { patch: new YamlPatch(source), spec, deployment: read.value, answer };
  for (const change of sizingKeyChanges(answer, read.value.config)) {
    if (change.key === PROCESS_SIZE && change.value !== null) setMemory(c, BigInt(answer.processMemory));
    else setConfigurationKey(c, change.key, change.value === null ? null : { text: change.value, bare: false });
  }
  setCpu(c);
  const notes = [...setReplicas(c), ...setParallelism(c)];
  const edits = c.patch.allEdits();
  return ok({
    text: applyEdits(source, edits),
    changes: c.patch.changes,
    diff: unifiedDiff(source, edits, file, `${file} (patched)`),
    notes,
  });
}

/** A key of spec.flinkConfiguration, flat or nested as written; the map is added when there is none. */
function setConfigurationKey(c: Context, key: string, value: NewValue | null): void {
  const fc = childMap(c.spec, 'flinkConfiguration');
  if (fc !== undefined) c.patch.setFlatKey(fc, '/spec/flinkConfiguration', key, value);
  else if (value !== null) c.patch.set(c.spec, '/spec', ['flinkConfiguration', key], value);
}

/** Where the TaskManager's resources are written: `resources` (requests, limits) when used, else `resource`. */
function resourcesOf(c: Context): { map: YAMLMap; pointer: string; path: string[]; at: YAMLMap | undefined } {
  const tm = childMap(c.spec, 'taskManager');
  const resources = childMap(tm, 'resources');
  if (resources !== undefined)
    return { map: resources, pointer: '/spec/taskManager/resources', path: ['requests'], at: childMap(resources, 'requests') };
  if (tm !== undefined) return { map: tm, pointer: '/spec/taskManager', path: ['resource'], at: childMap(tm, 'resource') };
  return { map: c.spec, pointer: '/spec', path: ['taskManager', 'resource'], at: undefined };
}

const scalarText = (map: YAMLMap | undefined, key: string): string | undefined => {
  const value = map === undefined ? undefined : pairOf(map, key)?.value;
  return isScalar(value) && (value as Scalar).value !== null ? String((value as Scalar).value) : undefined;
};

/** The pod's memory: Total Process Memory in the file's unit; a memory limit keeps its factor. */
function setMemory(c: Context, bytes: bigint): void {
  const r = resourcesOf(c);
  const old = scalarText(r.at, 'memory');
  const text = memoryInStyle(bytes, old);
  c.patch.set(r.map, r.pointer, [...r.path, 'memory'], { text, bare: false });
  const limits = r.path[0] === 'requests' ? childMap(r.map, 'limits') : undefined;
  const limit = scalarText(limits, 'memory');
  const [was, limitBytes] = [old === undefined ? undefined : memoryBytesOf(old), limit === undefined ? undefined : memoryBytesOf(limit)];
  if (limits === undefined || limit === undefined || was === undefined || limitBytes === undefined || was === 0n) return;
  // limit-factor = limits / requests (flink-kubernetes-operator/.../ResourceConfigUtils.java): kept by scaling the limit.
  c.patch.set(limits, `${r.pointer}/limits`, ['memory'], { text: memoryInStyle((limitBytes * bytes) / was, limit), bare: false });
}

/**
 * The CPU, where the base derives another: the pod's request (`resource.cpu`, `resources.requests.cpu`),
 * and `taskmanager.cpu.cores` where it decides — standalone (else one core per slot) or when the file sets it.
 */
function setCpu(c: Context): void {
  const native = c.deployment.mode === 'native';
  const cpu = cpuChange(c.answer, c.deployment.config, native ? 'kubernetes' : 'standalone');
  if (cpu === undefined) return;
  const r = resourcesOf(c);
  const old = scalarText(r.at, 'cpu');
  // The pod's request follows in both modes: a standalone TaskManager's pod asks for it too.
  c.patch.set(r.map, r.pointer, [...r.path, 'cpu'], { text: cpuInStyle(cpu, old), bare: true });
  const fc = childMap(c.spec, 'flinkConfiguration');
  const hasCores = fc !== undefined && c.deployment.config.has(CPU_CORES);
  if (!native || hasCores) setConfigurationKey(c, CPU_CORES, { text: String(cpu), bare: false });
}

/** Standalone: exactly the proven count of TaskManagers; native: the ResourceManager's to start. */
function setReplicas(c: Context): string[] {
  const n = c.answer.replicas;
  const slots = Number(c.answer.flinkConfiguration[SLOTS] ?? 1);
  const tm = childMap(c.spec, 'taskManager');
  if (c.deployment.mode === 'native') {
    const given = scalarText(tm, 'replicas');
    return [
      `mode native: Flink's ResourceManager starts the ${n} TaskManager(s) the job's slots need; taskManager.replicas is not written${given === undefined ? '' : ` (the file's ${given} makes the operator set parallelism.default to ${given} × ${slots})`}`,
    ];
  }
  if (tm !== undefined) c.patch.set(tm, '/spec/taskManager', ['replicas'], { text: String(n), bare: true });
  else c.patch.set(c.spec, '/spec', ['taskManager', 'replicas'], { text: String(n), bare: true });
  const job = childMap(c.spec, 'job');
  const single = c.answer.jobs.length === 1 ? c.answer.jobs[0] : undefined;
  if (job === undefined) return [];
  // FlinkConfigBuilder.getParallelism: replicas × slots, job.parallelism ignored.
  const note = `mode standalone: with taskManager.replicas the operator sets parallelism.default to ${n} × ${slots} = ${n * slots}, not job.parallelism; it changes only the operators that set no parallelism of their own`;
  const mixed = single === undefined ? undefined : untouchedByDefault(single, c.deployment.parallelism ?? single.parallelism, n * slots);
  return [note, ...(mixed === undefined ? [] : [mixed])];
}

/**
 * Native mode: job.parallelism is Flink's parallelism.default, which sets only the operators with
 * no parallelism of their own (job-parallelism.ts). It is changed only when every vertex of the job
 * graph sized runs at one parallelism and the file gives another; else it is kept, and the notes say why.
 */
function setParallelism(c: Context): string[] {
  const job = childMap(c.spec, 'job');
  const single = c.answer.jobs.length === 1 ? c.answer.jobs[0] : undefined;
  if (c.deployment.mode !== 'native' || job === undefined || single === undefined || pairOf(job, 'parallelism') === undefined) return [];
  const given = c.deployment.parallelism;
  const uniform = uniformParallelism(single);
  if (uniform === given) return [];
  if (uniform === undefined)
    return [
      (single.vertices ?? []).length === 0
        ? `job.parallelism ${given} kept: the job gives slot requirements, not vertices with a parallelism`
        : `job.parallelism ${given} kept: it is Flink's parallelism.default, which sets only the operators without a parallelism of their own, and the job graph sized runs its vertices at different parallelisms (${verticesByParallelism(single)})`,
    ];
  c.patch.set(job, '/spec/job', ['parallelism'], { text: String(uniform), bare: true });
  return [`job.parallelism ${given} → ${uniform}: every vertex of the job graph sized runs at ${uniform}`];
}
