/**
 * The replay against the log: per job, the replay's verdict, and a sentence wherever the two
 * disagree — a log flinkslot cannot explain is a finding (a bug report to write), not a guess.
 */
import type { ExplainVerdict, ReplayComparison } from './log-explanation.js';
import type { JobFromLog } from './log-verdicts.js';
import type { ReplayModel } from './replay-model.js';
import type { ReplayResult } from './replay-run.js';

const HELD = new Set<ExplainVerdict>(['met', 'partly-met']);

/** Whether two verdicts say different things (unknown agrees with anything: the log did not say). */
function differ(log: ExplainVerdict, replay: ExplainVerdict): boolean {
  if (log === 'unknown' || replay === 'unknown') return false;
  return HELD.has(log) !== HELD.has(replay);
}

function jobSentences(job: JobFromLog, replayed: ReplayResult['jobs'][number] | undefined): string[] {
  if (replayed === undefined) return [];
  const out: string[] = [];
  if (differ(job.verdict, replayed.verdict)) {
    const log = HELD.has(job.verdict) ? 'got its slots' : 'did not get its slots';
    const replay = HELD.has(replayed.verdict)
      ? `the replay gives it all ${replayed.required}`
      : `the replay gives it ${replayed.acquired} of ${replayed.required}`;
    out.push(`job ${job.id}: the log says it ${log}, but ${replay} (${replayed.verdict}) with the TaskManagers the log shows`);
  } else if (job.acquiredSlots !== undefined && !HELD.has(job.verdict) && job.acquiredSlots !== replayed.acquired) {
    out.push(`job ${job.id}: the log shows ${job.acquiredSlots} slot(s) acquired, the replay ${replayed.acquired}`);
  }
  return out;
}

export function compareReplay(
  jobs: readonly JobFromLog[],
  model: ReplayModel | undefined,
  result: ReplayResult | undefined,
  workersRequested: number,
): ReplayComparison {
  if (model === undefined || result === undefined) return { replayed: false, verdicts: [], disagreements: [] };
  const byId = new Map(result.jobs.map((j) => [j.job, j]));
  const disagreements = jobs.flatMap((j) => jobSentences(j, byId.get(j.id)));
  // An active ResourceManager's workers: the replay starts the ones the SlotManager declares; the log shows what Flink asked for.
  if (model.active && workersRequested > 0 && result.workersStarted > workersRequested && model.taskManagers.length === 0)
    disagreements.push(`the log requests ${workersRequested} worker(s), the replay ${result.workersStarted}`);
  return {
    replayed: true,
    verdicts: result.jobs.map((j) => ({ job: j.job, verdict: j.verdict })),
    disagreements,
    notes: model.assumptions,
  };
}
