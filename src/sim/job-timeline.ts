/**
 * What happened to each job over a run, for verdicts over time: when it first declared, when it
 * first held every slot it required, when it stopped being fully met (a TaskManager lost, or its
 * requirements raised) and when it was again, how many slots it held before it was first fully met,
 * and whether it was fully met when it finished. A job that finished is judged at finishing time,
 * not by the empty requirements it leaves behind.
 */
import type { JobFulfilment } from './slotmanager/job-scoped-resource-tracker.js';
import type { JobResourceListener } from './slotmanager/resource-tracker.js';

export interface JobTimeline {
  readonly submittedAt: number | undefined;
  readonly firstFullyMetAt: number | undefined;
  readonly lostAt: readonly number[];
  readonly regainedAt: readonly number[];
  /** Most slots held before the job was first fully met (over the whole run when it never was). */
  readonly peakSlotsBeforeFullyMet: number;
  /** Whether it held every required slot when it finished; undefined while it runs. */
  readonly metAtFinish: boolean | undefined;
  /** Slots held over the run: [time, slots] at the end of each instant where the count changed. */
  readonly held: readonly (readonly [number, number])[];
}

interface Entry {
  /** The instant of the last change, and the slots held at its end: slots arrive one run at a time within an instant. */
  lastTime: number;
  lastAcquired: number;
  submittedAt: number | undefined;
  firstFullyMetAt: number | undefined;
  lostAt: number[];
  regainedAt: number[];
  peakSlotsBeforeFullyMet: number;
  metAtFinish: boolean | undefined;
  state: JobFulfilment;
  held: [number, number][];
}

export class JobTimelines {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  /** The tracker's listener: records the transitions between fully met and missing. */
  readonly listener: JobResourceListener = (job, fulfilment, acquired) => {
    const e = this.entryOf(job);
    const now = this.now();
    // Only what a job held at the end of an instant counts: not the runs of a check half-way done.
    if (now !== e.lastTime) {
      if (e.firstFullyMetAt === undefined) e.peakSlotsBeforeFullyMet = Math.max(e.peakSlotsBeforeFullyMet, e.lastAcquired);
      e.lastTime = now;
    }
    e.lastAcquired = acquired;
    recordHeld(e.held, now, acquired);
    if (fulfilment === e.state || fulfilment === 'none' || e.metAtFinish !== undefined) {
      e.state = fulfilment;
      return;
    }
    if (fulfilment === 'met') {
      if (e.firstFullyMetAt === undefined) e.firstFullyMetAt = now;
      else if (e.state === 'missing') e.regainedAt.push(now);
    } else if (e.state === 'met') {
      e.lostAt.push(now);
    }
    e.state = fulfilment;
  };

  /** A declaration (the first one is the job's submission). */
  declared(job: string): void {
    const e = this.entryOf(job);
    if (e.submittedAt === undefined) e.submittedAt = this.now();
    // Declaring again after finishing: the job runs again and is judged at the end or its next finish.
    e.metAtFinish = undefined;
  }

  /** Called before the job's requirements are cleared: it is judged as it stands now. */
  finishing(job: string): void {
    const e = this.entryOf(job);
    e.metAtFinish = e.state === 'met';
  }

  get(job: string): JobTimeline | undefined {
    const e = this.entries.get(job);
    if (e === undefined || e.firstFullyMetAt !== undefined) return e;
    // Never fully met: what it holds now (or held when it finished) counts too.
    return { ...e, peakSlotsBeforeFullyMet: Math.max(e.peakSlotsBeforeFullyMet, e.lastAcquired) };
  }

  private entryOf(job: string): Entry {
    let e = this.entries.get(job);
    if (e === undefined) {
      e = {
        lastTime: -1,
        lastAcquired: 0,
        submittedAt: undefined,
        firstFullyMetAt: undefined,
        lostAt: [],
        regainedAt: [],
        peakSlotsBeforeFullyMet: 0,
        metAtFinish: undefined,
        state: 'none',
        held: [],
      };
      this.entries.set(job, e);
    }
    return e;
  }
}

/**
 * Within an instant only the last count stands (slots arrive one run of a check at a time), and an
 * instant that ends where the one before ended adds nothing: the series stays as long as the changes.
 */
function recordHeld(held: [number, number][], now: number, slots: number): void {
  const last = held[held.length - 1];
  if (last !== undefined && last[0] === now) {
    last[1] = slots;
    if ((held[held.length - 2]?.[1] ?? 0) === slots) held.pop();
    return;
  }
  if ((last?.[1] ?? 0) !== slots) held.push([now, slots]);
}
