/**
 * The result of a simulation as plain JSON-ready data (schemas/simulation.schema.json): per job the
 * verdict, requirements, what it acquired and why anything is missing; per TaskManager its slots,
 * owners and free resources; the pending workers; optionally every decision in order.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { ProfileCount } from '../sim/slotmanager/resource-counter.js';
import type { ScenarioRun } from '../sim/run-scenario.js';
import { type Explanation, explainMissing } from '../sim/explain.js';
import { requirementsAreUnknown } from '../sim/scenario/scenario.js';
import { determineParallelism } from '../sim/scheduler/slot-sharing-slot-allocator.js';
import { type ResourceProfileJson, profileToJson } from './profile-json.js';

export type Verdict = 'met' | 'partly-met' | 'not-met';

export interface CountJson {
  readonly profile: ResourceProfileJson;
  readonly count: number;
}

export interface JobReport {
  readonly id: string;
  readonly source?: string;
  readonly verdict: Verdict;
  /** When the job finished (its slots were returned); its requirements are then those it had. */
  readonly finishedAt?: number;
  readonly requirements: CountJson[];
  readonly acquired: CountJson[];
  readonly missing: CountJson[];
  /** The parallelism the adaptive scheduler would run with the acquired slots (partly met). */
  readonly adaptiveParallelism?: Record<string, number>;
  readonly notEnoughResourcesNotifications: number;
  readonly explanations: { profile: ResourceProfileJson; count: number; reasons: Explanation[] }[];
}

export interface TaskManagerReport {
  readonly id: string;
  readonly total: ResourceProfileJson;
  readonly free: ResourceProfileJson;
  readonly registeredSlots: number;
  readonly freeSlots: number;
  readonly slots: { index?: number; job: string; profile: ResourceProfileJson }[];
  readonly released: boolean;
  readonly blocked: boolean;
}

export interface SimulationReport {
  readonly scenario?: string;
  readonly variant?: string;
  readonly flinkVersion: string;
  readonly slotManager: 'declarative' | 'fine-grained';
  readonly resourceAllocation: 'active' | 'standalone';
  readonly endTime: number;
  readonly verdict: Verdict;
  readonly jobs: JobReport[];
  readonly taskManagers: TaskManagerReport[];
  readonly pendingTaskManagers: { id: string; total: ResourceProfileJson; slots: number; allocations: Record<string, CountJson[]> }[];
  readonly workersStarted: number;
  readonly trace?: { time: number; kind: string; message: string; taskManager?: string; job?: string }[];
  /** How a cluster given as Flink's GET /taskmanagers answer was read (info notes). */
  readonly notes?: Diagnostic[];
}

function counts(list: readonly ProfileCount[]): CountJson[] {
  return list.map((c) => ({ profile: profileToJson(c.profile), count: c.count }));
}

function total(list: readonly ProfileCount[]): number {
  return list.reduce((n, c) => n + c.count, 0);
}

export function buildSimulationReport(run: ScenarioRun, withTrace: boolean): SimulationReport {
  const { scenario, sim, slotManager: sm } = run;
  const views = new Map(sm.jobs().map((j) => [j.job, j]));
  const ids = [...new Set([...scenario.jobs.map((j) => j.id), ...views.keys()])];
  const jobs = ids.map((id): JobReport => {
    const def = scenario.jobs.find((j) => j.id === id);
    const view = views.get(id);
    const finished = run.finishedAt.get(id);
    const requirements = view?.requirements ?? (finished !== undefined ? (def?.requirements ?? []) : []);
    const acquired = view?.acquired ?? [];
    const missing = view?.missing ?? [];
    let verdict: Verdict = missing.length === 0 ? 'met' : 'not-met';
    let adaptiveParallelism: Record<string, number> | undefined;
    if (missing.length > 0 && total(acquired) > 0 && requirementsAreUnknown(requirements)) {
      const parallelism = def?.vertices === undefined ? undefined : determineParallelism(def.vertices, total(acquired));
      if (def?.vertices === undefined || parallelism !== undefined) verdict = 'partly-met';
      if (parallelism !== undefined) adaptiveParallelism = Object.fromEntries(parallelism);
    }
    return {
      id,
      ...(def?.source === undefined ? {} : { source: def.source }),
      verdict,
      ...(finished === undefined ? {} : { finishedAt: finished }),
      requirements: counts(requirements),
      acquired: counts(acquired),
      missing: counts(missing),
      ...(adaptiveParallelism === undefined ? {} : { adaptiveParallelism }),
      notEnoughResourcesNotifications: sim.notificationCounts.get(id) ?? 0,
      explanations: missing.map((m) => ({ profile: profileToJson(m.profile), count: m.count, reasons: explainMissing(id, m.profile, sm, scenario.cluster) })),
    };
  });
  const verdict: Verdict = jobs.every((j) => j.verdict === 'met') ? 'met' : jobs.some((j) => j.verdict !== 'not-met') && jobs.every((j) => j.verdict !== 'not-met') ? 'partly-met' : 'not-met';
  return {
    ...(scenario.name === undefined ? {} : { scenario: scenario.name }),
    ...(scenario.variant === undefined ? {} : { variant: scenario.variant }),
    flinkVersion: scenario.flinkVersion,
    slotManager: scenario.cluster.slotManager,
    resourceAllocation: scenario.cluster.config.resourceAllocation,
    endTime: run.endTime,
    verdict,
    jobs,
    taskManagers: sm.taskManagers().map((tm) => ({
      id: tm.id,
      total: profileToJson(tm.total),
      free: profileToJson(tm.free),
      registeredSlots: tm.registeredSlots,
      freeSlots: tm.freeSlots,
      slots: tm.slots.flatMap((s) => (s.job === undefined ? [] : [{ ...(s.index >= 0 ? { index: s.index } : {}), job: s.job, profile: profileToJson(s.profile) }])),
      released: tm.unwanted,
      blocked: tm.blocked,
    })),
    pendingTaskManagers: sm.pendingTaskManagers().map((p) => ({
      id: p.id,
      total: profileToJson(p.total),
      slots: p.numberOfSlots,
      allocations: Object.fromEntries([...p.allocations].map(([job, list]) => [job, counts(list)])),
    })),
    workersStarted: run.workersStarted,
    ...(withTrace ? { trace: sim.trace.map((t) => ({ time: t.time, kind: t.kind, message: t.message, ...(t.taskManager === undefined ? {} : { taskManager: t.taskManager }), ...(t.job === undefined ? {} : { job: t.job }) })) } : {}),
  };
}
