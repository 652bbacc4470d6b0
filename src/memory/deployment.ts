/**
 * How a Flink cluster is deployed, read from its configuration (a JobManager's GET
 * /jobmanager/config, or a configuration file): who starts its TaskManagers, and so in which terms
 * a person grows it. The keys that tell, strongest first:
 * - the Kubernetes operator's standalone mode writes `kubernetes.internal.taskmanager.replicas` /
 *   `kubernetes.internal.cluster-mode` (flink-kubernetes-operator, flink-kubernetes-standalone/.../
 *   StandaloneKubernetesConfigOptionsInternal.java): TaskManagers are a Deployment's replicas;
 * - `execution.target` (flink-core/.../configuration/DeploymentOptions.java; the client writes it and
 *   the cluster keeps it): `kubernetes-session` / `kubernetes-application` (native Kubernetes),
 *   `yarn-session` / `yarn-per-job` / `yarn-application`, `remote` (a standalone session), `local`;
 * - without a target, `kubernetes.internal.jobmanager.entrypoint.class` (native Kubernetes writes it:
 *   flink-kubernetes/.../KubernetesClusterDescriptor.java) and `yarn.application.id` (YARN);
 * - the operator (either mode) writes `$internal.flink.version` (flink-kubernetes-operator/.../
 *   config/FlinkConfigBuilder.java, FLINK_VERSION), so its fields (`spec.taskManager.resource`,
 *   `spec.job.parallelism`) are the ones to change.
 * Anything else is standalone (`bin/start-cluster.sh`, a Kubernetes Deployment of TaskManagers).
 */
import type { FlinkConfiguration } from './flink-configuration.js';

export type DeploymentKind = 'native-kubernetes' | 'yarn' | 'standalone' | 'local';

export interface Deployment {
  readonly kind: DeploymentKind;
  readonly mode?: 'session' | 'application' | 'per-job';
  /** The Kubernetes operator deployed it, in this mode. */
  readonly operator?: 'native' | 'standalone';
  /** `kubernetes.cluster-id` or `yarn.application.id`. */
  readonly clusterId?: string;
  /** TaskManagers the operator's standalone mode runs (`kubernetes.internal.taskmanager.replicas`). */
  readonly replicas?: number;
  /** The keys that told, as `key: value`. */
  readonly evidence: readonly string[];
}

const TARGETS: Readonly<Record<string, Pick<Deployment, 'kind' | 'mode'>>> = {
  'kubernetes-session': { kind: 'native-kubernetes', mode: 'session' },
  'kubernetes-application': { kind: 'native-kubernetes', mode: 'application' },
  'yarn-session': { kind: 'yarn', mode: 'session' },
  'yarn-per-job': { kind: 'yarn', mode: 'per-job' },
  'yarn-application': { kind: 'yarn', mode: 'application' },
  remote: { kind: 'standalone', mode: 'session' },
  local: { kind: 'local' },
};

const OPERATOR_STANDALONE_KEYS = ['kubernetes.internal.taskmanager.replicas', 'kubernetes.internal.cluster-mode'];
const OPERATOR_KEY = '$internal.flink.version';
const NATIVE_ENTRYPOINT_KEY = 'kubernetes.internal.jobmanager.entrypoint.class';

export function recogniseDeployment(config: FlinkConfiguration): Deployment {
  const value = (key: string): string | undefined => {
    const v = config.get(key)?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  const told = (key: string): string => `${key}: ${value(key)}`;
  const evidence: string[] = [];
  const k8sId = value('kubernetes.cluster-id');
  const standaloneKey = OPERATOR_STANDALONE_KEYS.find((k) => value(k) !== undefined);
  if (standaloneKey !== undefined) {
    const replicas = Number(value('kubernetes.internal.taskmanager.replicas'));
    const application = value('kubernetes.internal.cluster-mode')?.toUpperCase() === 'APPLICATION';
    return {
      kind: 'standalone',
      mode: application ? 'application' : 'session',
      operator: 'standalone',
      ...(k8sId === undefined ? {} : { clusterId: k8sId }),
      ...(Number.isInteger(replicas) && replicas > 0 ? { replicas } : {}),
      evidence: [told(standaloneKey)],
    };
  }
  const operator = value(OPERATOR_KEY) === undefined ? {} : { operator: 'native' as const };
  if (operator.operator !== undefined) evidence.push(told(OPERATOR_KEY));
  const target = value('execution.target');
  const byTarget = target === undefined ? undefined : TARGETS[target.toLowerCase()];
  if (byTarget !== undefined) {
    const kind = byTarget.kind;
    const id = kind === 'native-kubernetes' ? k8sId : kind === 'yarn' ? value('yarn.application.id') : undefined;
    return {
      ...byTarget,
      ...(kind === 'native-kubernetes' ? operator : {}),
      ...(id === undefined ? {} : { clusterId: id }),
      evidence: [told('execution.target'), ...(kind === 'native-kubernetes' ? evidence : [])],
    };
  }
  const entrypoint = value(NATIVE_ENTRYPOINT_KEY);
  if (entrypoint !== undefined) {
    const mode = /Application/.test(entrypoint) ? 'application' : /Session/.test(entrypoint) ? 'session' : undefined;
    return {
      kind: 'native-kubernetes',
      ...(mode === undefined ? {} : { mode }),
      ...operator,
      ...(k8sId === undefined ? {} : { clusterId: k8sId }),
      evidence: [told(NATIVE_ENTRYPOINT_KEY), ...evidence],
    };
  }
  const yarnId = value('yarn.application.id');
  if (yarnId !== undefined) return { kind: 'yarn', clusterId: yarnId, evidence: [told('yarn.application.id')] };
  return { kind: 'standalone', evidence: [] };
}

/** "native Kubernetes session cluster 'x' (Kubernetes operator)", "standalone cluster". */
export function describeDeployment(d: Deployment): string {
  const what: Record<DeploymentKind, string> = {
    'native-kubernetes': 'native Kubernetes',
    yarn: 'YARN',
    standalone: d.operator === 'standalone' ? 'standalone Kubernetes' : 'standalone',
    local: 'local (MiniCluster)',
  };
  const mode = d.mode === undefined ? '' : ` ${d.mode}`;
  const id = d.clusterId === undefined ? '' : ` '${d.clusterId}'`;
  const operator = d.operator === undefined ? '' : ` under the Kubernetes operator (mode ${d.operator})`;
  return `${what[d.kind]}${mode} cluster${id}${operator}`;
}

/** Flink's ResourceManager starts TaskManagers itself (an active deployment). */
export function startsTaskManagers(d: Deployment): boolean {
  return d.kind === 'native-kubernetes' || d.kind === 'yarn';
}
