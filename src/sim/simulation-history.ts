/**
 * A run over time, for pictures: the slots each job held (from its timeline) and the moments that
 * explain the changes: submissions and finishes, the scenario's own events (TaskManagers lost or
 * registered, requirements raised) and the workers an active ResourceManager started, registered
 * and released. Built only when asked for; a report decides what to draw.
 */
import type { ScenarioRun } from './run-scenario.js';
import type { ScenarioEvent } from './scenario/scenario.js';
import { pushAll } from '../util/push-all.js';

export interface HistoryEvent {
  readonly time: number;
  /**
   * The scenario event's kind; `submitJob` / `finishJob` for a job's own submit and finish times;
   * `startWorker`, `registerTaskManager`, `releaseTaskManager` for an active ResourceManager's workers.
   */
  readonly kind: string;
  /** The job or TaskManager it concerns ('' when none). */
  readonly subject: string;
}

export interface SimulationHistory {
  /** Per job in report order: [time, slots held] at each change. */
  readonly slotsHeld: readonly { readonly job: string; readonly series: readonly (readonly [number, number])[] }[];
  /** In time order (stable: the scenario's order within an instant). */
  readonly events: readonly HistoryEvent[];
}

/** The TaskManager and the job an event concerns, as a label ('' when none). */
function subjectOf(event: ScenarioEvent): string {
  const tm = 'taskManager' in event ? event.taskManager : undefined;
  const job = 'job' in event ? event.job : undefined;
  if (tm !== undefined && job !== undefined) return `${tm} (job ${job})`;
  return tm ?? job ?? '';
}

/** Submissions, finishes and TaskManagers that register later, timed as runScenario times them. */
function ownTimes(run: ScenarioRun): HistoryEvent[] {
  const { scenario } = run;
  const out: HistoryEvent[] = [];
  // As runScenario does: a job or TaskManager an event names comes with that event, not on its own.
  const named = new Set(
    scenario.events.flatMap((e) =>
      e.event.kind === 'submitJob' ? [`job ${e.event.job}`] : e.event.kind === 'registerTaskManager' ? [`tm ${e.event.taskManager}`] : [],
    ),
  );
  for (const job of scenario.jobs) {
    if (!named.has(`job ${job.id}`)) out.push({ time: job.submitAt ?? 0, kind: 'submitJob', subject: job.id });
    if (job.finishAt !== undefined) out.push({ time: job.finishAt, kind: 'finishJob', subject: job.id });
  }
  for (const tm of scenario.cluster.taskManagers) {
    // TaskManagers there from the start are the cluster, not an event.
    if (tm.registerAt !== undefined && tm.registerAt > 0 && !named.has(`tm ${tm.registration.id}`))
      out.push({ time: tm.registerAt, kind: 'registerTaskManager', subject: tm.registration.id });
  }
  return out;
}

/** What happened, in time order: only what the run reached (a scenario's `until` ends it early). */
export function simulationHistory(run: ScenarioRun, jobs: readonly string[]): SimulationHistory {
  const all = ownTimes(run);
  for (const e of run.scenario.events) all.push({ time: e.time, kind: e.event.kind, subject: subjectOf(e.event) });
  pushAll(all, run.workerEvents);
  const seen = new Set<string>();
  const events = all
    .filter((e) => e.time <= run.endTime)
    .sort((a, b) => a.time - b.time)
    .filter((e) => {
      // A finishAt and a finishJob event at the same moment are one finish.
      const key = `${e.time}\u0000${e.kind}\u0000${e.subject}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const slotsHeld = jobs.map((job) => ({ job, series: run.timelines.get(job)?.held ?? [] }));
  return { slotsHeld, events };
}
