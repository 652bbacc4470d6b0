// Generated from schemas/cluster-fit.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { DiagnosticCode } from '../../errors/codes.js';
import type { SimulationJson } from './simulation.js';

/**
 * This interface was referenced by `ClusterFitJson`'s JSON-Schema
 * via the `definition` "answer".
 */
export type Answer =
  | {
      kind: 'fits-now';
    }
  | {
      kind: 'fits-if-jobs-stop';
      /**
       * @minItems 1
       */
      stop: string[];
    }
  | {
      kind: 'needs-task-managers';
      count: number;
      /**
       * The TaskManager to copy (the cluster's one with most slots).
       */
      like: string;
      slotsEach: number;
    }
  | {
      kind: 'does-not-fit';
      reason: string;
    };

/**
 * Whether new jobs fit on a running Flink cluster now, read from its JobManager's REST API, with the simulation that proves the answer.
 */
export interface ClusterFitJson {
  cluster: {
    /**
     * The REST address asked (scheme, host, port, path prefix).
     */
    url: string;
    /**
     * The release whose rules applied (major.minor).
     */
    flinkVersion: string;
    taskManagers: number;
    slotsTotal: number;
    /**
     * GET /overview's slots-available.
     */
    slotsAvailable: number;
    /**
     * Free slots once the running jobs' requirements are placed, before the new jobs.
     */
    slotsFreeSimulated: number;
  };
  runningJobs: {
    /**
     * The job's name in the simulation.
     */
    id: string;
    jobId: string;
    name: string;
    state: string;
    requiredSlots: number;
    /**
     * Slots the cluster lists as allocated to it (allocatedSlots).
     */
    allocatedSlots?: number;
  }[];
  newJobs: {
    id: string;
    source: string;
    requiredSlots: number;
    verdict: 'met' | 'partly-met' | 'failing' | 'not-met' | 'never-met';
  }[];
  /**
   * How the cluster is deployed, as GET /jobmanager/config says: who starts its TaskManagers.
   */
  deployment: {
    kind: 'native-kubernetes' | 'yarn' | 'standalone' | 'local';
    mode?: 'session' | 'application' | 'per-job';
    /**
     * The Kubernetes operator deployed it, in this mode.
     */
    operator?: 'native' | 'standalone';
    /**
     * kubernetes.cluster-id or yarn.application.id.
     */
    clusterId?: string;
    /**
     * TaskManagers of the operator's standalone mode.
     */
    replicas?: number;
    /**
     * The keys that told, as key: value.
     */
    evidence: string[];
    description: string;
  };
  /**
   * What to do when the new jobs do not fit now, in Flink's options and the Kubernetes operator's fields; empty when they fit.
   */
  advice: string[];
  answer: Answer;
  alternatives: Answer[];
  simulation: SimulationJson;
  /**
   * How the cluster was read (info and warning diagnostics).
   */
  notes: {
    code: DiagnosticCode;
    severity: 'error' | 'warning' | 'info';
    message: string;
    location?: {
      file?: string;
      pointer: string;
      line?: number;
      column?: number;
    };
  }[];
}
