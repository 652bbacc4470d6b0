/**
 * Reading a scenario or cluster file's values (already schema-valid data): durations, memory sizes
 * and requirement lists, each problem a diagnostic at its JSON pointer, collected for the caller.
 */
import { type Diagnostic, error } from '../../errors/diagnostic.js';
import { parseDuration } from '../../model/duration.js';
import { memorySizeFromInput } from '../../model/memory-size.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { ProfileTable } from './profile-table.js';

export type Raw = Record<string, unknown>;

/** Flink's defaults of the options a cluster file may leave out (milliseconds). */
export const DEFAULTS = {
  taskManagerTimeout: 30_000,
  requirementCheckDelay: 50,
  declareNeededResourceDelay: 50,
  slotRequestTimeout: 300_000,
  slotIdleTimeout: 50_000,
  workerStartupLatency: 10_000,
};

export class Reader {
  /** Notes and warnings that do not stop the run (an option a standalone ResourceManager ignores). */
  readonly notes: Diagnostic[] = [];
  readonly out: Diagnostic[] = [];
  constructor(readonly table: ProfileTable) {}

  duration(value: unknown, pointer: string, fallback: number): number {
    if (value === undefined) return fallback;
    const ms = parseDuration(value as string | number);
    if (ms === undefined)
      this.out.push(
        error('scenario/duration', `'${String(value)}' is not a duration (milliseconds, or e.g. "50 ms", "30 s", "5 min")`, pointer),
      );
    return ms ?? fallback;
  }

  memory(value: unknown, pointer: string): bigint | undefined {
    if (value === undefined) return undefined;
    try {
      return memorySizeFromInput(value as string | number);
    } catch (e) {
      this.out.push(error('input/memory-size', `Could not parse memory size '${String(value)}': ${(e as Error).message}`, pointer));
      return undefined;
    }
  }

  requirements(list: unknown, pointer: string): ProfileCount[] {
    return ((list ?? []) as Raw[]).flatMap((r, i) => {
      const profile = this.table.resolve(r.profile, `${pointer}/${i}/profile`);
      return profile === undefined ? [] : [{ profile, count: Number(r.count) }];
    });
  }
}
