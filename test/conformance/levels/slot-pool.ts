/**
 * Level `slot-pool`: a sequence of DefaultDeclarativeSlotPool calls (requirement changes, slot
 * offers, reservations, idle release) with assertions after single events and at the end.
 */
import { FlinkException } from '../../../src/errors/flink-exception.js';
import { DeclarativeSlotPool, type OfferResult, type SlotOffer } from '../../../src/sim/jobmaster/declarative-slot-pool.js';
import { type ResourceProfile, profilesEqual } from '../../../src/model/resource-profile.js';
import { ResourceCounter } from '../../../src/sim/slotmanager/resource-counter.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { ProfileTable } from '../profiles.js';

type Raw = Record<string, unknown>;

const VERBS = [
  'increaseRequirements',
  'decreaseRequirements',
  'offerSlots',
  'offerSameSlotsAgain',
  'reserveFreeSlot',
  'freeReservedSlot',
  'releaseIdleSlots',
  'advanceTime',
];
const RESULT_KEYS = [
  'acceptedFirstOffer',
  'acceptedOnReoffer',
  'acceptedSecondOffer',
  'newSlotsNotifiedOnReoffer',
  'fulfilled',
  'requirements',
  'unfulfilledResources',
  'freedSlots',
  'slotsInPool',
];

const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  milli: 1,
  millis: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** Flink's duration syntax (`TimeUtils.parseDuration`): an integer and an optional unit; bare = ms. */
export function parseDuration(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const m = typeof value === 'string' ? /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value) : null;
  const factor = m ? (m[2] === '' ? 1 : DURATION_UNITS[m[2]!.toLowerCase()]) : undefined;
  if (!m || factor === undefined) throw new CaseError(`${where}: '${String(value)}' is not a duration`);
  return Number(m[1]) * factor;
}

/** One sub-case being run: the pool, the clock and what the events produced so far. */
class Run {
  readonly pool: DeclarativeSlotPool;
  now = 0;
  readonly offerResults: OfferResult[] = [];
  lastOffers: SlotOffer[] = [];
  reofferResult: OfferResult | undefined;
  firstAccepted: string | undefined;
  freedSlots = 0;
  private nextAllocation = 1;
  private nextTaskManager = 1;

  constructor(
    readonly table: ProfileTable,
    slotIdleTimeout: number | undefined,
  ) {
    this.pool = new DeclarativeSlotPool({ slotIdleTimeout });
  }

  counter(value: unknown, where: string): ResourceCounter {
    if (typeof value !== 'object' || value === null) throw new CaseError(`${where} is not a profile → count map`);
    return ResourceCounter.of(
      Object.entries(value).map(([name, n]) => ({ profile: this.table.resolve(name), count: count(n, `${where}.${name}`) })),
    );
  }

  /** `offerSlots: {P: n}`: one new TaskManager offers n new slots of each profile. */
  offer(value: unknown, where: string): void {
    const tm = `tm${this.nextTaskManager++}`;
    const offers: SlotOffer[] = [];
    for (const { profile, count: n } of this.counter(value, where).toList()) {
      for (let i = 0; i < n; i++) offers.push({ allocationId: `alloc${this.nextAllocation++}`, taskManager: tm, profile });
    }
    const result = this.pool.offerSlots(offers, this.now);
    this.firstAccepted ??= result.newSlots[0]?.allocationId;
    this.offerResults.push(result);
    this.lastOffers = offers;
  }

  reoffer(): void {
    if (this.lastOffers.length === 0) throw new CaseError('offerSameSlotsAgain before any offerSlots');
    this.reofferResult = this.pool.offerSlots(this.lastOffers, this.now);
  }

  /** `first`, or a profile name: the first pool slot of that profile that is free (or reserved). */
  slot(ref: unknown, free: boolean, where: string): string {
    if (ref === 'first') {
      if (this.firstAccepted === undefined) throw new CaseError(`${where}: no slot has been accepted yet`);
      return this.firstAccepted;
    }
    const profile = this.table.resolve(ref);
    const found = this.pool
      .getAllSlots()
      .find((s) => profilesEqual(s.profile, profile) && this.pool.containsFreeSlot(s.allocationId) === free);
    if (found === undefined) throw new CaseError(`${where}: no ${free ? 'free' : 'reserved'} pool slot of profile ${String(ref)}`);
    return found.allocationId;
  }
}

function count(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new CaseError(`${where} must be a non-negative integer`);
  return value;
}

function verbOf(event: Raw, where: string): string {
  checkKeys(event, [...VERBS, 'at', 'expect'], where);
  const verbs = VERBS.filter((v) => v in event);
  if (verbs.length !== 1) throw new CaseError(`${where} must name exactly one of ${VERBS.join(', ')}`);
  return verbs[0]!;
}

function apply(run: Run, event: Raw, where: string): void {
  const verb = verbOf(event, where);
  if (event.at !== undefined) run.now = parseDuration(event.at, `${where}.at`);
  const value = event[verb];
  switch (verb) {
    case 'increaseRequirements':
      run.pool.increaseResourceRequirementsBy(run.counter(value, `${where}.${verb}`));
      break;
    case 'decreaseRequirements':
      run.pool.decreaseResourceRequirementsBy(run.counter(value, `${where}.${verb}`));
      break;
    case 'offerSlots':
      run.offer(value, `${where}.${verb}`);
      break;
    case 'offerSameSlotsAgain':
      if (value === true) run.reoffer();
      break;
    case 'reserveFreeSlot':
      reserve(run, value, `${where}.${verb}`);
      break;
    case 'freeReservedSlot':
      run.pool.freeReservedSlot(run.slot(value, false, `${where}.${verb}`), run.now);
      break;
    case 'releaseIdleSlots':
      releaseIdle(run, value, `${where}.${verb}`);
      break;
    case 'advanceTime':
      run.now += parseDuration(value, `${where}.${verb}`);
      break;
  }
}

function reserve(run: Run, value: unknown, where: string): void {
  const v = (value ?? {}) as Raw;
  checkKeys(v, ['slot', 'profile'], where);
  run.pool.reserveFreeSlot(run.slot(v.slot, true, `${where}.slot`), run.table.resolve(v.profile));
}

function releaseIdle(run: Run, value: unknown, where: string): void {
  const v = (value ?? {}) as Raw;
  checkKeys(v, ['at'], where);
  if (v.at !== undefined) run.now = parseDuration(v.at, `${where}.at`);
  run.freedSlots += run.pool.releaseIdleSlots(run.now).length;
}

// ---- results ----------------------------------------------------------------------------------

class Names {
  private readonly named: Array<[string, ResourceProfile]>;
  constructor(table: ProfileTable, profiles: Raw | undefined) {
    this.named = [...Object.keys(profiles ?? {}), 'UNKNOWN', 'ANY'].map((n) => [n, table.resolve(n)]);
  }
  of(p: ResourceProfile): string {
    return (
      this.named.find(([, q]) => profilesEqual(p, q))?.[0] ??
      JSON.stringify(p, (_, v) => (typeof v === 'bigint' ? String(v) : v instanceof Map ? Object.fromEntries(v) : v))
    );
  }
  show(c: ResourceCounter): string {
    return `{${c
      .toList()
      .map((e) => `${this.of(e.profile)}: ${e.count}`)
      .join(', ')}}`;
  }
}

/** Exact comparison of a counter with a `{P: n}` map, where 0 means "absent". */
function sameCounts(actual: ResourceCounter, want: unknown, run: Run, where: string): boolean {
  const expected = run.counter(want, where);
  return actual.size === expected.size && expected.toList().every((e) => actual.get(e.profile) === e.count);
}

function acceptedByProfile(result: OfferResult | undefined): ResourceCounter {
  return ResourceCounter.of((result?.accepted ?? []).map((o) => ({ profile: o.profile, count: 1 })));
}

function requirementsCounter(want: unknown, run: Run, where: string): ResourceCounter {
  if (!Array.isArray(want)) throw new CaseError(`${where} must be a list of {profile, count}`);
  return ResourceCounter.of(
    want.map((r: Raw, i) => {
      checkKeys(r, ['profile', 'count'], `${where}[${i}]`);
      return { profile: run.table.resolve(r.profile), count: count(r.count, `${where}[${i}].count`) };
    }),
  );
}

function checkResults(run: Run, want: Raw, names: Names, where: string): string[] {
  checkKeys(want, RESULT_KEYS, where);
  const f: string[] = [];
  const counts = (key: string, actual: ResourceCounter): void => {
    if (want[key] !== undefined && !sameCounts(actual, want[key], run, `${where}.${key}`))
      f.push(`${key}: expected ${JSON.stringify(want[key])}, got ${names.show(actual)}`);
  };
  const number = (key: string, actual: number | undefined): void => {
    if (want[key] !== undefined && actual !== want[key])
      f.push(`${key}: expected ${JSON.stringify(want[key])}, got ${actual ?? 'nothing'}`);
  };
  counts('acceptedFirstOffer', acceptedByProfile(run.offerResults[0]));
  counts('acceptedOnReoffer', acceptedByProfile(run.reofferResult));
  number('acceptedSecondOffer', run.offerResults[1]?.accepted.length);
  number('newSlotsNotifiedOnReoffer', run.reofferResult?.newSlots.length);
  counts('fulfilled', run.pool.getFulfilledResourceRequirements());
  counts('unfulfilledResources', run.pool.calculateUnfulfilledResources());
  number('freedSlots', run.freedSlots);
  number('slotsInPool', run.pool.getAllSlots().length);
  if (want.requirements !== undefined) {
    const actual = ResourceCounter.of(run.pool.getResourceRequirements());
    const expected = requirementsCounter(want.requirements, run, `${where}.requirements`);
    const same = actual.size === expected.size && expected.toList().every((e) => actual.get(e.profile) === e.count);
    if (!same) f.push(`requirements: expected ${JSON.stringify(want.requirements)}, got ${names.show(actual)}`);
  }
  return f;
}

// ---- case -------------------------------------------------------------------------------------

interface SubCase {
  label: string;
  events: Raw[];
  wants: Raw[];
}

function runSubCase(c: ConformanceCase, sub: SubCase): string[] {
  const table = new ProfileTable(c.input.profiles as Raw | undefined);
  const names = new Names(table, c.input.profiles as Raw | undefined);
  const options = (c.input.options ?? {}) as Raw;
  checkKeys(options, ['slotIdleTimeout'], 'input.options');
  const timeout =
    options.slotIdleTimeout === undefined ? undefined : parseDuration(options.slotIdleTimeout, 'input.options.slotIdleTimeout');
  const run = new Run(table, timeout);
  const failures: string[] = [];
  for (const [i, event] of sub.events.entries()) {
    const where = `events[${i}]`;
    try {
      apply(run, event, where);
    } catch (e) {
      if (!(e instanceof FlinkException)) throw e;
      return [...failures, `${where}: ${e.errorType}: ${e.message}`];
    }
    if (event.expect !== undefined)
      failures.push(...checkResults(run, event.expect as Raw, names, `${where}.expect`).map((x) => `${where}: ${x}`));
  }
  for (const want of sub.wants) failures.push(...checkResults(run, want, names, 'expect'));
  return failures.map((x) => `${sub.label}${x}`);
}

/** The top-level results every (sub-)case checks: `expect.allocation` without `seeVariants`. */
function topLevelWant(c: ConformanceCase): Raw {
  checkKeys(c.expect, ['allocation', 'seeVariants'], 'expect');
  const { seeVariants, ...rest } = (c.expect.allocation ?? {}) as Raw;
  if ((seeVariants ?? c.expect.seeVariants) !== undefined && c.input.variants === undefined)
    throw new CaseError('seeVariants without input.variants');
  return rest;
}

function subCases(c: ConformanceCase): SubCase[] {
  const top = topLevelWant(c);
  const variants = c.input.variants as Raw[] | undefined;
  if (variants === undefined) return [{ label: '', events: (c.input.events ?? []) as Raw[], wants: [top] }];
  return variants.map((v, i) => {
    checkKeys(v, ['name', 'events', 'expect'], `input.variants[${i}]`);
    const label = `[${String(v.name ?? `variant ${i}`)}] `;
    return { label, events: (v.events ?? c.input.events ?? []) as Raw[], wants: [(v.expect ?? {}) as Raw, top] };
  });
}

export function runSlotPool(c: ConformanceCase): string[] {
  checkKeys(c.input, ['profiles', 'options', 'events', 'variants'], 'input');
  return subCases(c).flatMap((sub) => runSubCase(c, sub));
}
