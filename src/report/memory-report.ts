/**
 * The TaskManager memory breakdown as report data (`flinkslot memory --json`,
 * schemas/memory.schema.json): every component in bytes, the JVM options Flink starts the
 * TaskManager with, and the TaskManager's total and per-slot ResourceProfiles.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { TaskManagerResources } from '../memory/slot-resources.js';
import type { TaskExecutorMemory } from '../memory/task-executor-memory.js';
import { type FlinkVersion, formatVersion } from '../model/flink-version.js';
import { type BytesJson, type ResourceProfileJson, bytesToJson, profileToJson } from '../model/profile-json.js';

export interface MemoryReport {
  reportVersion: 1;
  flinkVersion: string;
  /** 'option': `--flink-version`; 'assumed': none given, the newest known release's rules apply. */
  flinkVersionSource: 'option' | 'file' | 'assumed';
  /** E.g. a version newer than the newest flinkslot knows. */
  warnings?: string[];
  /** How the input was read (a FlinkDeployment: which spec values became which options). */
  notes?: string[];
  /** Where the TaskManagers run (their CPU follows the target's option). */
  deploymentTarget: 'standalone' | 'kubernetes' | 'yarn';
  /** The TaskManager's CPU cores and the option they came from; YARN rounds up to whole vcores. */
  cpu: { cores: number; source: string; roundedUp?: true };
  components: Record<keyof TaskExecutorMemory, BytesJson>;
  jvmOptions: string[];
  numberOfTaskSlots: number;
  taskManagerTotalResource: ResourceProfileJson;
  defaultSlotResourceProfile: ResourceProfileJson;
  /**
   * `external-resources` with a positive amount per TaskManager (in the profiles above from Flink
   * 1.13), and the resource name a Kubernetes pod or YARN container asks for each.
   */
  externalResources?: ExternalResourceJson[];
  /** On Kubernetes: the TaskManager pod's CPU and memory (MiB) requests and limits. */
  kubernetesPod?: { cpuRequest: number; cpuLimit: number; memoryRequestMiB: number; memoryLimitMiB: number };
  /** From a running cluster: what its TaskManagers report of themselves, against the derived sizes. */
  reportedByTaskManagers?: ReportedMemoryCheck;
}

export interface ExternalResourceJson {
  name: string;
  amount: number;
  /** From Flink 1.13: part of the total and default slot ResourceProfiles. */
  inResourceProfile: boolean;
  driverFactoryClass?: string;
  kubernetesConfigKey?: string;
  yarnConfigKey?: string;
}

/** How one set of TaskManagers differs from the derived sizes. */
export interface ReportedDifference {
  /** Components whose reported bytes differ (memoryConfiguration), reported then derived. */
  components: Array<{ component: keyof MemoryReport['components']; reported: BytesJson; derived: BytesJson }>;
  /** Their slotsNumber, when it is not the configured numberOfTaskSlots. */
  numberOfTaskSlots?: number;
}

export interface ReportedMemoryCheck {
  /** GET /taskmanagers */
  url: string;
  taskManagers: number;
  /** TaskManagers whose every reported component and slot count equals the derived one. */
  agreeing: number;
  /** TaskManagers without memoryConfiguration (not reported by their release). */
  notReporting: number;
  /** The TaskManagers that differ, grouped by how; the largest group first. */
  differing: Array<ReportedDifference & { taskManagers: string[] }>;
  /** Groups left out of `differing`. */
  moreDifferences?: number;
}

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
