/**
 * The TaskManager memory breakdown as report data (`flinkslot memory --json`,
 * schemas/memory.schema.json): every component in bytes, the JVM options Flink starts the
 * TaskManager with, and the TaskManager's total and per-slot ResourceProfiles.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { TaskManagerResources } from '../memory/slot-resources.js';
import type { TaskExecutorMemory } from '../memory/task-executor-memory.js';
import { type FlinkVersion, formatVersion } from '../model/flink-version.js';
import { bytesToJson, profileToJson } from '../model/profile-json.js';
import type { MemoryJson } from '../model/json/memory.js';

/** The report's types are generated from schemas/memory.schema.json (src/model/json/memory.ts). */
export type MemoryReport = MemoryJson;
export type ExternalResourceJson = NonNullable<MemoryJson['externalResources']>[number];
export type ReportedMemoryCheck = NonNullable<MemoryJson['reportedByTaskManagers']>;
/** How one set of TaskManagers differs from the derived sizes. */
export type ReportedDifference = Omit<ReportedMemoryCheck['differing'][number], 'taskManagers'>;

/** The schema's components are exactly TaskExecutorMemory's fields (the cast below cannot see it): tsc checks. */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const COMPONENTS_MATCH_SCHEMA: SameKeys<TaskExecutorMemory, MemoryReport['components']> = true;

export function buildMemoryReport(
  memory: TaskExecutorMemory,
  resources: TaskManagerResources,
  how: { version: FlinkVersion; source: 'option' | 'file' | 'assumed'; warnings?: readonly Diagnostic[]; notes?: readonly string[] },
): MemoryReport {
  const warnings = how.warnings ?? [];
  const notes = how.notes ?? [];
  const components = Object.fromEntries(Object.entries(memory).map(([k, v]) => [k, bytesToJson(v)])) as MemoryReport['components'];
  return {
    reportVersion: 1,
    flinkVersion: formatVersion(how.version),
    flinkVersionSource: how.source,
    ...(warnings.length === 0 ? {} : { warnings: warnings.map((w) => w.message) }),
    ...(notes.length === 0 ? {} : { notes: [...notes] }),
    deploymentTarget: resources.deploymentTarget,
    cpu: {
      cores: resources.cpu.cores,
      source: resources.cpu.source,
      ...(resources.cpu.roundedUp === true ? { roundedUp: true as const } : {}),
    },
    components,
    jvmOptions: [
      `-Xmx${memory.jvmHeap}`,
      `-Xms${memory.jvmHeap}`,
      `-XX:MaxDirectMemorySize=${memory.jvmDirect}`,
      `-XX:MaxMetaspaceSize=${memory.jvmMetaspace}`,
    ],
    numberOfTaskSlots: resources.numberOfTaskSlots,
    taskManagerTotalResource: profileToJson(resources.totalResourceProfile),
    defaultSlotResourceProfile: profileToJson(resources.defaultSlotResourceProfile),
    ...externalResourcesJson(resources),
    ...(resources.kubernetesPod === undefined ? {} : { kubernetesPod: { ...resources.kubernetesPod } }),
  };
}

function externalResourcesJson(resources: TaskManagerResources): Pick<MemoryReport, 'externalResources'> {
  const { resources: list, inResourceProfile } = resources.externalResources;
  if (list.length === 0) return {};
  return { externalResources: list.map((r) => ({ ...r, amount: Number(r.amount), inResourceProfile })) };
}
