/**
 * Which lines lose a TaskManager beyond its own "Closing TaskExecutor connection" / heartbeat lines,
 * and one TaskManager the log names twice (issue 28 §2):
 * - an active ResourceManager's "Worker {id} is terminated. Diagnostics: …" is the loss of that
 *   TaskManager: ActiveResourceManager.onWorkerTerminated closes the TaskExecutor connection of the
 *   worker's ResourceID with the diagnostics as cause (flink-runtime/.../resourcemanager/active/
 *   ActiveResourceManager.java, 1.12+; YarnResourceManager / KubernetesResourceManager before). Not a
 *   loss: a worker terminated before it registered, or one the ResourceManager stopped itself
 *   ("Stopping worker …": idle, or its job ended).
 * - akka / pekko's "Association with remote system [akka.tcp://flink@host:port] has failed" names a
 *   TaskManager by its RPC endpoint only. Where no registration gives that endpoint to a TaskManager,
 *   it is the TaskManager the log loses by name within a heartbeat timeout of it, when that is the only
 *   one lost whose endpoint the log does not give (the association fails when the process dies; the
 *   ResourceManager learns it from the heartbeat or the container / pod).
 */
import type { LogPoint, TaskManagerLossCause } from '../../parse/log/log-facts.js';
import { pushAll } from '../../util/push-all.js';

/** What folding reads and writes of a rebuilt TaskManager (rebuild-cluster.ts's RebuiltTaskManager is one). */
interface LosableTaskManager {
  readonly id: string;
  endpoint: string | undefined;
  readonly registrations: readonly LogPoint[];
  lost: boolean;
  lostAt: LogPoint | undefined;
  lossPoints: LogPoint[];
  lossCause: TaskManagerLossCause | undefined;
  lossMessage: string | undefined;
}

/** The diagnostics texts of worker_lines.ts for a worker that never became a TaskManager, or was stopped. */
const NOT_A_LOSS = ['terminated before it registered', ' did not register in ', 'Stopping '];

/** Whether a worker's termination (as its diagnostics read) lost a TaskManager. */
export function isWorkerLoss(diagnostics: string | undefined, stoppedBefore: boolean): boolean {
  if (stoppedBefore) return false;
  return diagnostics === undefined || !NOT_A_LOSS.some((words) => diagnostics.includes(words));
}

/** heartbeat.timeout's default (50 s, HeartbeatManagerOptions) and a margin: how far apart two lines of one loss may be. */
const SAME_LOSS_MS = 60_000;

/** An id that is only an RPC endpoint (`host:port`): the association failure's name for a TaskManager. */
function isEndpointOnly(tm: LosableTaskManager): boolean {
  return tm.registrations.length === 0 && tm.endpoint === undefined && /^[^\s:/]+:\d+$/.test(tm.id);
}

function near(a: LogPoint | undefined, b: LogPoint | undefined): boolean {
  if (a?.time === undefined || b?.time === undefined) return a?.file === b?.file;
  return Math.abs(a.time - b.time) <= SAME_LOSS_MS;
}

/** The TaskManagers with each endpoint-only loss folded into the TaskManager it is (see the file's comment). */
export function foldEndpointLosses<T extends LosableTaskManager>(tms: readonly T[]): T[] {
  const byEndpoint = new Map(tms.flatMap((t) => (t.endpoint === undefined ? [] : [[t.endpoint, t] as const])));
  const unaddressed = tms.filter((t) => t.lost && t.endpoint === undefined && !isEndpointOnly(t));
  const folded = new Set<T>();
  for (const tm of tms) {
    if (!tm.lost || !isEndpointOnly(tm)) continue;
    const registered = byEndpoint.get(tm.id);
    const same = registered ?? (unaddressed.length === 1 && near(tm.lostAt, unaddressed[0]?.lostAt) ? unaddressed[0] : undefined);
    if (same === undefined || same === tm) continue;
    same.endpoint ??= tm.id;
    pushAll(same.lossPoints, tm.lossPoints);
    if (!same.lost) {
      same.lost = true;
      same.lostAt = tm.lostAt;
      same.lossCause = tm.lossCause;
      same.lossMessage = tm.lossMessage;
    }
    folded.add(tm);
  }
  return tms.filter((t) => !folded.has(t));
}
