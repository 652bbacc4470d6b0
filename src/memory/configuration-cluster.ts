/**
 * A plain Flink configuration given where a cluster is read (`simulate --cluster flink-conf.yaml`):
 * its TaskManagers are the cluster's default worker. Where they run is the configuration's
 * `execution.target`: on Kubernetes or YARN an active ResourceManager starts TaskManagers as the
 * jobs need slots; otherwise the cluster is standalone, and how many TaskManagers it has is not in
 * the configuration (the `conf/workers` file lists them): one, as Flink's default `conf/workers`
 * (`localhost`) starts with `start-cluster.sh`.
 */
import type { FlinkConfiguration } from './flink-configuration.js';
import { targetOfConfiguration } from './task-manager-cpu.js';

type Raw = Record<string, unknown>;

export function configurationCluster(config: FlinkConfiguration): { cluster: Raw; notes: string[] } {
  const target = targetOfConfiguration(config) ?? 'standalone';
  const cluster: Raw = { deploymentTarget: target, defaultWorker: { flinkConfiguration: Object.fromEntries(config) } };
  if (target !== 'standalone') {
    const where = target === 'kubernetes' ? "Flink's Kubernetes" : "Flink's YARN";
    return {
      cluster: { ...cluster, resourceAllocation: 'active' },
      notes: [
        `execution.target ${config.get('execution.target')}: ${where} ResourceManager starts TaskManagers of this configuration as the jobs need slots`,
      ],
    };
  }
  return {
    cluster: { ...cluster, resourceAllocation: 'standalone', taskManagers: [{ id: 'taskmanager', count: 1 }] },
    notes: [
      'a standalone cluster (no execution.target naming Kubernetes or YARN) runs the TaskManagers its conf/workers file lists, which a configuration does not say: simulated with one, as the default conf/workers (localhost) starts; give a cluster file with taskManagers[].count for more',
    ],
  };
}
