// Generated from schemas/memory.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).

/**
 * Bytes: a JSON integer up to 2^53, beyond that a decimal string (exact).
 *
 * This interface was referenced by `MemoryJson`'s JSON-Schema
 * via the `definition` "bytes".
 */
export type Bytes = number | string;

/**
 * The TaskManager memory breakdown derived from a Flink configuration, as printed by `flinkslot memory CONFIG --json`.
 */
export interface MemoryJson {
  reportVersion: 1;
  /**
   * The Flink release whose defaults and rules were applied.
   */
  flinkVersion: string;
  /**
   * option: --flink-version; file: a FlinkDeployment's spec.flinkVersion or a running cluster's GET /overview; assumed: none given, the newest release flinkslot knows.
   */
  flinkVersionSource: 'option' | 'file' | 'assumed';
  /**
   * E.g. a --flink-version newer than the newest release flinkslot knows.
   */
  warnings?: string[];
  /**
   * How the input was read (a FlinkDeployment: which spec values became which options).
   */
  notes?: string[];
  /**
   * Where the TaskManagers run: --target, else the configuration's execution.target, else standalone.
   */
  deploymentTarget: 'standalone' | 'kubernetes' | 'yarn';
  cpu: {
    cores: number;
    /**
     * taskmanager.cpu.cores, the target's option (kubernetes.taskmanager.cpu.amount, kubernetes.taskmanager.cpu, yarn.containers.vcores) or taskmanager.numberOfTaskSlots.
     */
    source: string;
    /**
     * YARN rounded a fractional value up to whole vcores.
     */
    roundedUp?: true;
  };
  /**
   * Every memory component in bytes.
   */
  components: {
    frameworkHeap: Bytes;
    taskHeap: Bytes;
    frameworkOffHeap: Bytes;
    taskOffHeap: Bytes;
    network: Bytes;
    managed: Bytes;
    jvmMetaspace: Bytes;
    jvmOverhead: Bytes;
    totalFlink: Bytes;
    totalProcess: Bytes;
    jvmHeap: Bytes;
    jvmDirect: Bytes;
  };
  jvmOptions: string[];
  numberOfTaskSlots: number;
  taskManagerTotalResource: ResourceProfile;
  defaultSlotResourceProfile: ResourceProfile;
  /**
   * external-resources with a positive external-resource.<name>.amount per TaskManager (ExternalResourceUtils.getExternalResourceAmountMap, Flink 1.11+); from Flink 1.13 extended resources of the total and default slot ResourceProfiles (the slot's share rounded down at the Resource scale). A Kubernetes pod requests and limits kubernetesConfigKey: amount, a YARN container yarnConfigKey.
   */
  externalResources?: {
    name: string;
    amount: number;
    inResourceProfile: boolean;
    driverFactoryClass?: string;
    kubernetesConfigKey?: string;
    yarnConfigKey?: string;
  }[];
  /**
   * On Kubernetes: the TaskManager pod Flink's ResourceManager creates (KubernetesUtils.getResourceRequirements): CPU and memory (whole MiB of the total process memory) requests, and limits × kubernetes.taskmanager.cpu|memory.limit-factor (Flink 1.15+).
   */
  kubernetesPod?: {
    cpuRequest: number;
    cpuLimit: number;
    memoryRequestMiB: number;
    memoryLimitMiB: number;
  };
  /**
   * From a running cluster (memory http://HOST:8081): what GET /taskmanagers says each TaskManager has (memoryConfiguration, exact bytes; slotsNumber) against the sizes derived from GET /jobmanager/config.
   */
  reportedByTaskManagers?: {
    url: string;
    taskManagers: number;
    /**
     * TaskManagers whose every reported component and slot count equals the derived one.
     */
    agreeing: number;
    /**
     * TaskManagers without memoryConfiguration.
     */
    notReporting: number;
    /**
     * TaskManagers that differ, grouped by how, the largest group first (at most 10 groups).
     */
    differing: {
      taskManagers: string[];
      /**
       * Their slotsNumber, when not the configured taskmanager.numberOfTaskSlots.
       */
      numberOfTaskSlots?: number;
      components: {
        component:
          | 'frameworkHeap'
          | 'taskHeap'
          | 'frameworkOffHeap'
          | 'taskOffHeap'
          | 'network'
          | 'managed'
          | 'jvmMetaspace'
          | 'jvmOverhead'
          | 'totalFlink'
          | 'totalProcess'
          | 'jvmHeap'
          | 'jvmDirect';
        reported: Bytes;
        derived: Bytes;
      }[];
    }[];
    /**
     * Groups left out of differing.
     */
    moreDifferences?: number;
  };
}
/**
 * This interface was referenced by `MemoryJson`'s JSON-Schema
 * via the `definition` "resourceProfile".
 */
export interface ResourceProfile {
  cpuCores: number;
  taskHeapMemory: Bytes;
  taskOffHeapMemory: Bytes;
  managedMemory: Bytes;
  networkMemory: Bytes;
  extendedResources: {
    [k: string]: number;
  };
}
