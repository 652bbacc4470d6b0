/**
 * Reading a scenario or cluster file's values (already schema-valid data): durations, memory sizes
 * and requirement lists, each problem a diagnostic at its JSON pointer, collected for the caller.
 */
import { type Diagnostic, error } from '../../errors/diagnostic.js';
import { parseDuration } from '../../model/duration.js';
import { memorySizeFromInput } from '../../model/memory-size.js';
import type { ProfileCount } from '../slotmanager/resource-counter.js';
import type { ProfileTable } from './profile-table.js';
import { MAX_SIMULATED_TIME, timeTooLong } from './time-bounds.js';
import { groupThousands } from '../../util/plain-locale.js';

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
    // An integer or a text beyond the bound (1e15, "99999999999999999999 d") is too long, not "not a duration".
    if (typeof value === 'number' && Number.isInteger(value) && value > MAX_SIMULATED_TIME) return this.tooLong(value, pointer, fallback);
    const ms = parseDuration(value as string | number);
    if (ms !== undefined && !(ms <= MAX_SIMULATED_TIME)) return this.tooLong(value, pointer, fallback);
    if (ms === undefined)
      this.out.push(
        error('scenario/duration', `'${String(value)}' is not a duration (milliseconds, or e.g. "50 ms", "30 s", "5 min")`, pointer),
      );
    return ms ?? fallback;
  }

  private tooLong(value: unknown, pointer: string, fallback: number): number {
    this.out.push(timeTooLong(`'${String(value)}'`, Number.POSITIVE_INFINITY, pointer)!);
    return fallback;
  }

  /** A time the scenario reaches by adding (advanceTime): refused beyond the bound, as a time it names. */
  timeReached(ms: number, pointer: string): boolean {
    const tooLong = timeTooLong(`the time reached here (${groupThousands(ms)} ms)`, ms, pointer);
    if (tooLong !== undefined) this.out.push(tooLong);
    return tooLong === undefined;
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
