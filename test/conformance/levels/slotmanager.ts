/** Levels `slotmanager-declarative` and `slotmanager-finegrained`: event sequences against a SlotManager. */
import { type ResourceProfile, profileKey, profilesEqual } from '../../../src/model/resource-profile.js';
import { DeclarativeSlotManager } from '../../../src/sim/slotmanager/declarative-slot-manager.js';
import { FineGrainedSlotManager } from '../../../src/sim/slotmanager/fine-grained-slot-manager.js';
import { stubStrategy } from '../../../src/sim/run-scenario.js';
import type { StrategyStub } from '../../../src/sim/scenario/scenario.js';
import { newPendingTaskManager } from '../../../src/sim/slotmanager/fine-grained-task-manager.js';
import { ResourceCounter } from '../../../src/sim/slotmanager/resource-counter.js';
import type { SlotManager, TaskManagerRegistration } from '../../../src/sim/slotmanager/slot-manager.js';
import { Simulation } from '../../../src/sim/simulation.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { type Raw, ProfileTable, type SubCase, profileOf, registrationOf, smConfig, specifiedOf, subCases } from './slotmanager-setup.js';
import { parseDuration } from './slot-pool.js';

const EVENT_VERBS = [
  'declare',
  'clearRequirements',
  'registerTaskManager',
  'unregisterTaskManager',
  'freeSlot',
  'slotReport',
  'setFailUnfulfillableRequest',
  'advanceTime',
];

interface Run {
  readonly table: ProfileTable;
  readonly sim: Simulation;
  readonly sm: SlotManager;
  readonly definitions: Map<string, TaskManagerRegistration>;
  readonly results: Map<string, unknown>;
  lastResult: unknown;
  lastTm: string | undefined;
}

function stubOf(table: ProfileTable, stub: Raw): StrategyStub {
  checkKeys(stub, ['pendingTaskManagersToAllocate', 'allocationsOnPendingResources'], 'strategyResult');
  const onPending = new Map(
    Object.entries((stub.allocationsOnPendingResources ?? {}) as Raw).map(([job, perTm]) => [
      job,
      new Map(
        Object.entries(perTm as Raw).map(([tm, counts]) => [
          tm,
          Object.entries(counts as Raw).map(([name, n]) => ({ profile: table.resolve(name), count: Number(n) })),
        ]),
      ),
    ]),
  );
  return { newPendingTaskManagers: Number(stub.pendingTaskManagersToAllocate ?? 0), onPending };
}

function setup(sub: SubCase, staticModel: boolean): Run {
  checkKeys(sub.input, ['profiles', 'cluster', 'events', 'variants'], 'input');
  const table = new ProfileTable(sub.input.profiles as Raw);
  const cluster = sub.cluster;
  checkKeys(
    cluster,
    ['slotModel', 'defaultWorker', 'resourceAllocation', 'options', 'taskManagers', 'pendingTaskManagers', 'strategyResult'],
    'input.cluster',
  );
  if (cluster.resourceAllocation === undefined) throw new CaseError('slotmanager cases must state resourceAllocation');
  const config = smConfig(table, cluster, (cluster.options ?? {}) as Raw);
  const sim = new Simulation(true);
  const definitions = new Map<string, TaskManagerRegistration>();
  ((cluster.taskManagers ?? []) as Raw[]).forEach((tm, i) => definitions.set(String(tm.id), registrationOf(table, tm, i, staticModel)));
  let sm: SlotManager;
  if (staticModel) {
    sm = new DeclarativeSlotManager(config, sim.context);
  } else {
    const pending = ((cluster.pendingTaskManagers ?? []) as Raw[]).map((p, i) => {
      checkKeys(p, ['id', 'totalResources', 'numberOfTaskSlots', 'pendingAllocations'], `pendingTaskManagers[${i}]`);
      const ptm = newPendingTaskManager(
        String(p.id),
        specifiedOf(table, p.totalResources, `pendingTaskManagers[${i}].totalResources`),
        Number(p.numberOfTaskSlots),
      );
      for (const [job, counts] of Object.entries((p.pendingAllocations ?? {}) as Raw)) {
        ptm.allocations.set(
          job,
          ResourceCounter.of(Object.entries(counts as Raw).map(([name, n]) => ({ profile: table.resolve(name), count: Number(n) }))),
        );
      }
      return ptm;
    });
    const strategy = cluster.strategyResult === undefined ? undefined : stubStrategy(stubOf(table, cluster.strategyResult as Raw), config);
    sm = new FineGrainedSlotManager(config, sim.context, strategy, pending);
  }
  sim.slotManager = sm;
  return { table, sim, sm, definitions, results: new Map(), lastResult: undefined, lastTm: undefined };
}

function requirementsOf(run: Run, list: unknown, where: string) {
  if (!Array.isArray(list)) throw new CaseError(`${where} is not a list`);
  return (list as Raw[]).map((r, i) => {
    checkKeys(r, ['profile', 'count'], `${where}[${i}]`);
    return { profile: profileOf(run.table, r.profile, `${where}[${i}].profile`), count: Number(r.count) };
  });
}

function apply(run: Run, event: Raw, where: string): void {
  const verbs = Object.keys(event).filter((k) => EVENT_VERBS.includes(k));
  checkKeys(event, [...EVENT_VERBS, 'expect', 'derived'], where);
  if (verbs.length !== 1) throw new CaseError(`${where} must name exactly one verb`);
  const verb = verbs[0]!;
  const arg = event[verb];
  const { sm, sim } = run;
  run.lastTm = undefined;
  switch (verb) {
    case 'declare':
      for (const [job, list] of Object.entries(arg as Raw))
        sm.processResourceRequirements(job, requirementsOf(run, list, `${where}.declare.${job}`));
      break;
    case 'clearRequirements':
      sm.clearResourceRequirements(String(arg));
      break;
    case 'registerTaskManager':
      for (const id of Array.isArray(arg) ? arg : [arg]) {
        const def = run.definitions.get(String(id));
        if (def === undefined) throw new CaseError(`${where}: unknown TaskManager '${String(id)}'`);
        run.lastResult = sm.registerTaskManager(def);
        run.results.set(String(id), run.lastResult);
        run.lastTm = String(id);
        sim.flush();
      }
      break;
    case 'unregisterTaskManager':
      run.lastResult = sm.unregisterTaskManager(String(arg));
      break;
    case 'freeSlot':
      for (const [tm, job] of Object.entries(arg as Raw)) {
        if (!sm.freeSlot(tm, String(job))) throw new CaseError(`${where}: job ${String(job)} holds no slot on ${tm}`);
        run.lastTm = tm;
      }
      break;
    case 'slotReport':
      for (const [tm, slots] of Object.entries(arg as Raw)) {
        sm.reportSlotStatus(
          tm,
          (slots as Raw[]).map((s) => ({ slot: Number(s.slot), job: String(s.job) })),
        );
        run.lastTm = tm;
      }
      break;
    case 'setFailUnfulfillableRequest':
      sm.setFailUnfulfillableRequest(arg === true);
      break;
    case 'advanceTime':
      sim.advanceTo(sim.now + parseDuration(arg, `${where}.advanceTime`));
      break;
  }
  sim.flush();
}

const RESULT_KEYS = [
  'missingResources',
  'missingJobs',
  'notEnoughResources',
  'allocatedSlots',
  'slotOwner',
  'slotRequestsSentTo',
  'pendingTaskManagers',
  'pendingTaskManagersAllocated',
  'workersRequestedTotal',
  'nonEmptyWorkerDeclarations',
  'workerDeclared',
  'workerDeclaration',
  'registeredSlots',
  'registeredTaskManagers',
  'freeSlots',
  'freeResource',
  'result',
  'accepted',
  'idleSince',
  'unfulfillableJobs',
];

function sameCounts(actual: readonly { profile: ResourceProfile; count: number }[], want: Raw[], table: ProfileTable): boolean {
  const a = new Map(actual.map((x) => [profileKey(x.profile), x.count]));
  const w = new Map(want.map((x) => [profileKey(profileOf(table, x.profile, 'profile')), Number(x.count)]));
  return a.size === w.size && [...w].every(([k, n]) => a.get(k) === n);
}

function slotOwners(sm: SlotManager): Map<string, string> {
  const owners = new Map<string, string>();
  for (const tm of sm.taskManagers()) {
    for (const s of tm.slots) if (s.job !== undefined) owners.set(s.index < 0 ? tm.id : `${tm.id}/${s.index}`, s.job);
  }
  return owners;
}

function check(run: Run, want: Raw, where: string): string[] {
  const f: string[] = [];
  const { sm, sim, table } = run;
  const fail = (key: string, got: unknown): void =>
    void f.push(`${where}${key}: expected ${JSON.stringify(want[key])}, got ${JSON.stringify(got)}`);
  for (const [key, value] of Object.entries(want)) {
    if (run.definitions.has(key)) {
      const r = run.results.get(key);
      const got = r === undefined ? 'not registered' : r === 'REJECTED' ? 'rejected' : 'accepted';
      if (got !== value) fail(key, got);
      continue;
    }
    if (!RESULT_KEYS.includes(key)) throw new CaseError(`unknown result key '${key}' in ${where || 'expect'}`);
    switch (key) {
      case 'missingResources': {
        const got = Object.fromEntries([...sm.missingResources()].map(([job, list]) => [job, list.reduce((n, r) => n + r.count, 0)]));
        if (JSON.stringify(sortKeys(got)) !== JSON.stringify(sortKeys(value as Raw))) fail(key, got);
        break;
      }
      case 'missingJobs':
        if (sm.missingResources().size !== value) fail(key, sm.missingResources().size);
        break;
      case 'notEnoughResources': {
        const want = value as Raw[];
        const got = sim.notifications;
        const same =
          got.length === want.length &&
          want.every((w, i) => w.job === got[i]!.job && sameCounts(got[i]!.acquired, w.acquiredResources as Raw[], table));
        if (!same)
          fail(
            key,
            got.map((n) => ({ job: n.job, acquired: n.acquired.map((a) => a.count) })),
          );
        break;
      }
      case 'allocatedSlots': {
        const got: Record<string, Record<string, number>> = {};
        for (const tm of sm.taskManagers())
          for (const s of tm.slots) if (s.job !== undefined) (got[s.job] ??= {})[tm.id] = (got[s.job]![tm.id] ?? 0) + 1;
        if (JSON.stringify(sortKeys(got)) !== JSON.stringify(sortKeys(value as Raw))) fail(key, got);
        break;
      }
      case 'slotOwner': {
        const owners = slotOwners(sm);
        for (const [slot, job] of Object.entries(value as Raw)) if (owners.get(slot) !== job) fail(key, Object.fromEntries(owners));
        break;
      }
      case 'slotRequestsSentTo': {
        const got: Record<string, number> = {};
        for (const t of sim.trace)
          if (t.kind === 'allocate' && t.taskManager !== undefined) got[t.taskManager] = (got[t.taskManager] ?? 0) + 1;
        if (JSON.stringify(sortKeys(got)) !== JSON.stringify(sortKeys(value as Raw))) fail(key, got);
        break;
      }
      case 'pendingTaskManagers':
        if (sm.pendingTaskManagers().length !== value) fail(key, sm.pendingTaskManagers().length);
        break;
      case 'pendingTaskManagersAllocated': {
        const got = sim.trace.filter((t) => t.kind === 'pending').length;
        if (got !== value) fail(key, got);
        break;
      }
      case 'workersRequestedTotal': {
        const got = sm instanceof DeclarativeSlotManager ? sm.workersRequestedTotal : undefined;
        if (got !== value) fail(key, got);
        break;
      }
      case 'nonEmptyWorkerDeclarations': {
        const got = sim.declarations.filter((d) => d.declarations.length > 0).length;
        if (got !== value) fail(key, got);
        break;
      }
      case 'workerDeclared':
        if (sim.declarations.length > 0 !== value) fail(key, sim.declarations.length > 0);
        break;
      case 'workerDeclaration': {
        const last = sim.declarations.at(-1)?.declarations;
        const w = value as Raw;
        const ok =
          last !== undefined &&
          last.length === 1 &&
          last[0]!.numNeeded === w.numNeeded &&
          JSON.stringify([...last[0]!.unwanted].sort()) === JSON.stringify([...(w.unwantedWorkers as string[])].sort());
        if (!ok)
          fail(
            key,
            last?.map((d) => ({ numNeeded: d.numNeeded, unwanted: d.unwanted })),
          );
        break;
      }
      case 'registeredSlots':
        if (sm.numberRegisteredSlots() !== value) fail(key, sm.numberRegisteredSlots());
        break;
      case 'registeredTaskManagers': {
        const ids = sm.taskManagers().map((t) => t.id);
        const ok = Array.isArray(value)
          ? JSON.stringify([...ids].sort()) === JSON.stringify([...(value as string[])].sort())
          : ids.length === value;
        if (!ok) fail(key, ids);
        break;
      }
      case 'freeSlots':
        if (sm.numberFreeSlots() !== value) fail(key, sm.numberFreeSlots());
        break;
      case 'freeResource':
        if (!profilesEqual(sm.freeResource(), profileOf(table, value, 'freeResource'))) fail(key, profileKey(sm.freeResource()));
        break;
      case 'result':
        if (run.lastResult !== value) fail(key, run.lastResult);
        break;
      case 'accepted':
        if ((run.lastResult !== 'REJECTED') !== value) fail(key, run.lastResult);
        break;
      case 'idleSince': {
        const tm = run.lastTm === undefined ? undefined : sm.taskManager(run.lastTm);
        const got = tm === undefined ? 'no TaskManager' : tm.idleSince === Number.POSITIVE_INFINITY ? 'MAX' : 'not MAX';
        if (got !== value) fail(key, got);
        break;
      }
      case 'unfulfillableJobs':
        if (JSON.stringify([...sm.unfulfillableJobs()].sort()) !== JSON.stringify([...(value as string[])].sort()))
          fail(key, sm.unfulfillableJobs());
        break;
    }
  }
  return f;
}

function sortKeys(o: Raw): Raw {
  return Object.fromEntries(
    Object.entries(o)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, typeof v === 'object' && v !== null && !Array.isArray(v) ? sortKeys(v as Raw) : v]),
  );
}

function runSlotManagerLevel(c: ConformanceCase, staticModel: boolean): string[] {
  checkKeys(c.expect, ['allocation'], 'expect');
  return subCases(c, ['taskManagers', 'pendingTaskManagers', 'strategyResult'], ['events']).flatMap((sub) => {
    const run = setup(sub, staticModel);
    const failures: string[] = [];
    ((sub.input.events ?? []) as Raw[]).forEach((event, i) => {
      apply(run, event, `events[${i}]`);
      if (event.expect !== undefined) failures.push(...check(run, event.expect as Raw, `events[${i}].`));
    });
    for (const want of sub.wants) failures.push(...check(run, want, ''));
    return failures.map((x) => sub.label + x);
  });
}

export const runDeclarativeSlotManager = (c: ConformanceCase): string[] => runSlotManagerLevel(c, true);
export const runFineGrainedSlotManager = (c: ConformanceCase): string[] => runSlotManagerLevel(c, false);
