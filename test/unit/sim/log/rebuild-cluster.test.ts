/**
 * The cluster rebuilt from a log's facts (src/sim/log/rebuild-cluster.ts, replay-model.ts's
 * slotsOf): which SlotManager and ResourceManager, TaskManagers with their slots from the sources
 * the log has, losses and their causes, and workers counted as Flink counts them.
 */
import { describe, expect, it } from 'vitest';
import { rebuildCluster } from '../../../../src/sim/log/rebuild-cluster.js';
import { slotsOf } from '../../../../src/sim/log/task-manager-slots.js';
import { FactLog, profile } from '../../../support/fact-log.js';

describe('rebuildCluster', () => {
  it('the SlotManager a logger names wins over the era its messages suggest', () => {
    const named = rebuildCluster(
      new FactLog().add('resourcesMissing', { missing: [], taskManagers: [] }).add('slotManager', { slotManager: 'declarative' }).facts,
    );
    expect(named.slotManager).toBe('declarative');
    const inferred = rebuildCluster(new FactLog().add('resourcesMissing', { missing: [], taskManagers: [] }).facts);
    expect(inferred.slotManager).toBe('fine-grained');
    const legacy = rebuildCluster(new FactLog().add('slotRequested', { profile: { kind: 'UNKNOWN' } }).facts);
    expect(legacy.slotManager).toBe('legacy');
  });

  it('an active ResourceManager shows itself by requesting workers; each "Requesting new worker" line is one', () => {
    const c = rebuildCluster(
      new FactLog()
        .add('workersNeeded', { count: 2, current: 0, declared: 2 })
        .add('workerRequested', { spec: { numSlots: 2 } })
        .add('workerRequested', { spec: { numSlots: 2 } })
        .add('workerRegistered', { worker: 'pod-1' })
        .add('workerRegistered', { worker: 'pod-1' }).facts,
    );
    expect([c.resourceManager, c.workersRequested, c.workersRegistered]).toEqual(['active', 2, 1]);
    // Without the per-worker lines, the "need request N new workers" counts.
    expect(rebuildCluster(new FactLog().add('workersNeeded', { count: 3 }).facts).workersRequested).toBe(3);
  });

  it('slots of a TaskManager: its own report, the configuration, the slot pool average, the worker spec', () => {
    const own = rebuildCluster(new FactLog().tm('a', 4).add('configuration', { key: 'taskmanager.numberOfTaskSlots', value: '2' }).facts);
    expect(slotsOf(own.taskManagers[0]!, own)).toBe(4);
    const configured = rebuildCluster(
      new FactLog().tm('a').add('configuration', { key: 'taskmanager.numberOfTaskSlots', value: '2' }).facts,
    );
    expect(slotsOf(configured.taskManagers[0]!, configured)).toBe(2);
    const pool = rebuildCluster(
      new FactLog().tm('a').add('minimumResourcesNotAcquired', { registeredTaskManagers: 3, registeredSlots: 6, freeSlots: 0 }).facts,
    );
    expect(slotsOf(pool.taskManagers[0]!, pool)).toBe(2);
    const uneven = rebuildCluster(
      new FactLog().tm('a').add('minimumResourcesNotAcquired', { registeredTaskManagers: 2, registeredSlots: 3 }).facts,
    );
    expect(slotsOf(uneven.taskManagers[0]!, uneven)).toBeUndefined();
    const active = rebuildCluster(new FactLog().add('workerRequested', { spec: { numSlots: 4 } }).tm('a').facts);
    expect(slotsOf(active.taskManagers[0]!, active)).toBe(4);
  });

  it('the fine-grained block gives a TaskManager its total and what is available', () => {
    const c = rebuildCluster(
      new FactLog().tm('a').add('resourcesMissing', {
        missing: [],
        taskManagers: [{ taskManager: 'a', total: profile(4, 4096), available: profile(1, 1024) }],
      }).facts,
    );
    expect(c.taskManagers[0]!.total).toEqual(profile(4, 4096));
    expect(c.taskManagers[0]!.available).toEqual(profile(1, 1024));
  });

  it('a TaskManager lost keeps its first cause; a later registration brings it back', () => {
    const log = new FactLog()
      .add('taskManagerRegistered', { taskManager: 'a', instance: 'i1', address: 'pekko.tcp://flink@10.0.0.1:6122/user/rpc/taskmanager_0' })
      .add('taskManagerLost', { taskManager: 'i1', cause: 'heartbeat-timeout', message: 'Heartbeat of TaskManager with id a timed out.' })
      .add('taskManagerLost', { taskManager: 'a', cause: 'disconnected', message: 'Disconnect TaskExecutor a' });
    const lost = rebuildCluster(log.facts).taskManagers;
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ id: 'a', lost: true, lossCause: 'heartbeat-timeout', endpoint: '10.0.0.1:6122', instances: ['i1'] });
    log.add('taskManagerRegistered', { taskManager: 'a' });
    expect(rebuildCluster(log.facts).taskManagers[0]!.lost).toBe(false);
  });

  it('a JobMaster letting its TaskManagers go when its job ends is no loss; an unknown instance unregistering is none either', () => {
    const c = rebuildCluster(
      new FactLog()
        .tm('a', 1)
        .add('taskManagerLost', { taskManager: 'a', cause: 'disconnected', message: "Stopping JobMaster for job 'x' (0123)." })
        .add('taskManagerLost', {
          taskManager: '85d1ff85d777a87616ef577d16a40605',
          cause: 'other',
          message: 'Unregistering task executor 85d1ff85d777a87616ef577d16a40605 from the slot manager.',
        }).facts,
    );
    expect(c.taskManagers.map((t) => [t.id, t.lost])).toEqual([['a', false]]);
    // The SlotManager's unregistration of a TaskManager it knows is no loss either: the ResourceManager's line gives the cause.
    const known = rebuildCluster(
      new FactLog().add('taskManagerRegistered', { taskManager: 'b', instance: 'i2' }).add('taskManagerLost', {
        taskManager: 'b',
        instance: 'i2',
        cause: 'disconnected',
        message: 'Unregistering task executor i2 from the slot manager.',
      }).facts,
    );
    expect(known.taskManagers.map((t) => [t.id, t.lost])).toEqual([['b', false]]);
  });

  it('a loss of a TaskManager the excerpt never registered is still a TaskManager, lost', () => {
    const c = rebuildCluster(
      new FactLog().add('taskManagerLost', {
        taskManager: 'eaff',
        cause: 'heartbeat-timeout',
        message: 'The heartbeat of TaskManager with id eaff timed out.',
      }).facts,
    );
    expect(c.taskManagers).toMatchObject([{ id: 'eaff', lost: true, registrations: [] }]);
  });

  it('the network buffer failure and the slot pool status, as printed', () => {
    const c = rebuildCluster(
      new FactLog().add('insufficientNetworkBuffers', { required: 5, available: 1 }).add('minimumResourcesNotAcquired', {
        acquired: [{ profile: profile(1, 1), count: 2 }],
        registeredTaskManagers: 1,
        registeredSlots: 2,
        freeSlots: 0,
      }).facts,
    );
    expect(c.network).toMatchObject({ required: 5, available: 1, total: undefined });
    expect(c.slotPoolStatus).toMatchObject({ registeredTaskManagers: 1, registeredSlots: 2, freeSlots: 0, acquired: 2 });
  });

  it("a fine-grained TaskManager's slots: its total divided exactly into the default slot an allocation printed", () => {
    const total = profile(8, 8192, 6144, 1720);
    const log = new FactLog()
      .tm('tm')
      .add('resourcesMissing', { missing: [], taskManagers: [{ taskManager: 'tm', total, available: total }] })
      .add('slotAllocated', { form: 'allocation', allocation: 'a', taskManager: 'tm', job: 'j', profile: profile(1, 1024, 768, 215) });
    const c = rebuildCluster(log.facts);
    expect(slotsOf(c.taskManagers[0]!, c)).toBe(8);
    // A requirement's own profile (2 CPU, 1 GiB) divides the total into no equal slots: nothing said.
    const other = new FactLog()
      .tm('tm')
      .add('resourcesMissing', { missing: [], taskManagers: [{ taskManager: 'tm', total, available: total }] })
      .add('slotAllocated', { form: 'allocation', allocation: 'a', taskManager: 'tm', job: 'j', profile: profile(2, 1024) });
    const d = rebuildCluster(other.facts);
    expect(slotsOf(d.taskManagers[0]!, d)).toBeUndefined();
  });
});
