/**
 * A run over time, for pictures: the slots each job held (from its timeline) and the moments that
 * explain the changes: submissions and finishes, and the scenario's own events (TaskManagers lost
 * or registered, requirements raised). Built only when asked for; a report decides what to draw.
 */
import type { ScenarioRun } from './run-scenario.js';
import type { ScenarioEvent } from './scenario/scenario.js';

export interface HistoryEvent {
  readonly time: number;
  /** The scenario event's kind, or `submitJob` / `finishJob` for a job's own submit and finish times. */
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

function subjectOf(event: ScenarioEvent): string {
  if ('job' in event) return event.job;
  if ('taskManager' in event) return event.taskManager;
  return '';
}

export function simulationHistory(run: ScenarioRun, jobs: readonly string[]): SimulationHistory {
  const { scenario } = run;
  const events: HistoryEvent[] = [];
  // As runScenario does: a job or TaskManager an event names comes with that event, not on its own.
  const named = new Set(
    scenario.events.flatMap((e) =>
      e.event.kind === 'submitJob' || e.event.kind === 'registerTaskManager' ? [`${e.event.kind} ${subjectOf(e.event)}`] : [],
    ),
  );
  for (const job of scenario.jobs) {
    if (!named.has(`submitJob ${job.id}`)) events.push({ time: job.submitAt ?? 0, kind: 'submitJob', subject: job.id });
  }
  for (const tm of scenario.cluster.taskManagers) {
    // TaskManagers there from the start are the cluster, not an event.
    if (tm.registerAt !== undefined && tm.registerAt > 0 && !named.has(`registerTaskManager ${tm.registration.id}`))
      events.push({ time: tm.registerAt, kind: 'registerTaskManager', subject: tm.registration.id });
  }
  const finishEvents = new Set<string>();
  for (const e of scenario.events) {
    events.push({ time: e.time, kind: e.event.kind, subject: subjectOf(e.event) });
    if (e.event.kind === 'finishJob') finishEvents.add(`${e.time}\0${e.event.job}`);
  }
  // A job's finishAt is not among the events; a finishJob event is, once.
  for (const [job, time] of run.finishedAt) {
    if (!finishEvents.has(`${time}\0${job}`)) events.push({ time, kind: 'finishJob', subject: job });
  }
  events.sort((a, b) => a.time - b.time);
  const slotsHeld = jobs.map((job) => ({ job, series: run.timelines.get(job)?.held ?? [] }));
  return { slotsHeld, events };
}
