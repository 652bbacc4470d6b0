/**
 * The running cluster as the simulation's cluster: the TaskManagers of GET /taskmanagers as a fixed
 * set (standalone: the live cluster starts no worker on flinkslot's behalf), on the cluster's
 * release, placing slots as the JobManager's configuration says (GET /jobmanager/config:
 * `taskmanager.load-balance.mode` 1.19+, `cluster.evenly-spread-out-slots` before 2.0). Only the
 * placement options are taken: the worker limits and timeouts act on workers a ResourceManager
 * starts or releases, which a fixed set of TaskManagers never is.
 */
import { type Diagnostic, type Result, fail, info, ok } from '../errors/diagnostic.js';
import { type Deployment, describeDeployment, recogniseDeployment } from '../memory/deployment.js';
import { parseFlinkConfiguration } from '../memory/parse-flink-configuration.js';
import { DEFAULT_FLINK_VERSION, type FlinkVersion, formatVersion } from '../model/flink-version.js';
import type { SourceText } from '../model/source-text.js';
import { importCluster } from '../parse/flink/import-cluster.js';
import type { ClusterSnapshot } from '../parse/rest/cluster-snapshot.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { clusterOptions, optionOfKey } from '../sim/scenario/cluster-options.js';
import { pushAll } from '../util/push-all.js';

/** The keys of /jobmanager/config that decide where the SlotManager puts a slot. */
const PLACEMENT_KEYS = ['taskmanager.load-balance.mode', 'cluster.evenly-spread-out-slots'];

/** The cluster data GET /taskmanagers imports to: the TaskManagers the search copies. */
export interface ClusterData {
  readonly taskManagers?: readonly { id: string; numberOfTaskSlots: number }[];
}

export interface LiveClusterSource {
  readonly data: ClusterData;
  readonly source: SourceText;
}

/** `jobManagerConfig`: GET /jobmanager/config as configuration text (the caller read it once, for the jobs too). */
export function clusterSource(
  snapshot: ClusterSnapshot,
  jobManagerConfig: SourceText | undefined,
  flinkVersion: FlinkVersion | undefined,
  notes: Diagnostic[],
): Result<LiveClusterSource> {
  const answer = snapshot.firstRound.answers['/taskmanagers'];
  const imported = importCluster(snapshot.checked.taskManagersData);
  if (!imported.ok) return fail(locateDiagnostics(imported.diagnostics, answer.text, answer.file));
  const keep = imported.value.notes.filter((n) => n.code !== 'import/slots-in-use' && n.code !== 'import/standalone');
  pushAll(
    notes,
    keep.map((n) => info(n.code, n.message, '')),
  );
  const options =
    jobManagerConfig === undefined ? ok({}) : placementOptions(jobManagerConfig, flinkVersion ?? DEFAULT_FLINK_VERSION, notes);
  if (!options.ok) return options;
  const data = {
    ...imported.value.cluster,
    ...(flinkVersion === undefined ? {} : { flinkVersion: formatVersion(flinkVersion) }),
    ...(Object.keys(options.value).length === 0 ? {} : { options: options.value }),
  };
  return ok({ data: data as ClusterData, source: { text: JSON.stringify(data), file: answer.file } });
}

function placementOptions(answer: SourceText, version: FlinkVersion, notes: Diagnostic[]): Result<Record<string, unknown>> {
  const config = parseFlinkConfiguration(answer.text, answer.file);
  if (!config.ok) return ok({});
  const placement = new Map([...config.value].filter(([key]) => PLACEMENT_KEYS.includes(key)));
  if (placement.size === 0) return ok({});
  const found: Diagnostic[] = [];
  const errors: Diagnostic[] = [];
  const options = clusterOptions({}, '/options', placement, '', version, { notes: found, out: errors });
  const at = (d: Diagnostic): Diagnostic => ({ ...d, location: { file: answer.file, pointer: '' } });
  if (errors.length > 0) return fail(errors.map(at));
  pushAll(notes, found.map(at));
  const used = [...placement].filter(([key]) => options[optionOfKey(key) ?? ''] !== undefined);
  if (used.length > 0)
    notes.push(info('rest/placement', `slots are placed as GET ${answer.file} says: ${used.map(([k, v]) => `${k}: ${v}`).join(', ')}`, ''));
  return ok(options);
}

/** How the running cluster is deployed, as GET /jobmanager/config says (memory/deployment.ts), with a note saying so. */
export function liveDeployment(jobManagerConfig: SourceText | undefined, notes: Diagnostic[]): Deployment {
  const config = jobManagerConfig === undefined ? undefined : parseFlinkConfiguration(jobManagerConfig.text, jobManagerConfig.file);
  const deployment = config?.ok === true ? recogniseDeployment(config.value) : { kind: 'standalone' as const, evidence: [] };
  const from = jobManagerConfig === undefined ? 'the JobManager gave no configuration' : `GET ${jobManagerConfig.file}`;
  notes.push(
    info(
      'rest/deployment',
      deployment.evidence.length > 0
        ? `a ${describeDeployment(deployment)}, as ${from} says (${deployment.evidence.join(', ')})`
        : `a standalone cluster: no key of ${from} names another deployment (execution.target, kubernetes.internal.*, yarn.application.id)`,
      '',
    ),
  );
  return deployment;
}
