/**
 * What a diagnosis of a log reads (the rebuilt cluster, the jobs as the log shows them, the
 * failures that name no job, the replay) and gives (one code, a message, the lines that prove it),
 * and the small helpers its parts share.
 */
import type { LogPoint } from '../../parse/log/log-facts.js';
import type { ExplainDiagnosisCode } from './log-explanation.js';
import type { JobFromLog } from './log-verdicts.js';
import type { PointOrder } from './point-order.js';
import type { RebuiltCluster, RebuiltTaskManager } from './rebuild-cluster.js';
import type { LogFailurePoint } from './rebuild-jobs.js';
import type { ReplayResult } from './replay-run.js';

export interface DiagnosisFinding {
  readonly code: ExplainDiagnosisCode;
  readonly message: string;
  readonly evidence: readonly LogPoint[];
  /** The job the diagnosis is about, when it is one job's. */
  readonly job?: JobFromLog;
  /** The lost TaskManagers (taskmanager/lost). */
  readonly lost?: readonly RebuiltTaskManager[];
}

export interface DiagnosisInputs {
  readonly cluster: RebuiltCluster;
  readonly jobs: readonly JobFromLog[];
  readonly failures: readonly LogFailurePoint[];
  /** Slots given while the log names no job (the adaptive scheduler's states alone). */
  readonly joblessGiven: readonly LogPoint[];
  readonly replay: ReplayResult | undefined;
  readonly order: PointOrder;
}

export const SHORT = new Set(['never-met', 'not-met']);
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The points in reading order, each once. */
export function uniquePoints(points: readonly (LogPoint | undefined)[], order: PointOrder): LogPoint[] {
  const seen = new Map<number, LogPoint>();
  for (const p of points) if (p !== undefined && !seen.has(order(p))) seen.set(order(p), p);
  return [...seen.values()].sort((a, b) => order(a) - order(b));
}

/** A cause's first line, cut to 300 characters. */
export function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
