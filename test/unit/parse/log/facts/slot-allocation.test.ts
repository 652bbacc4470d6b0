/**
 * Slots given to a job (src/parse/log/facts/slot-allocation.ts), the RPC system dropping messages for a
 * name the JobManager does not bind (address-mismatch.ts), and a TaskExecutor's fatal registration
 * timeout (taskmanager-registration.ts).
 */
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../../../../src/model/decimal.js';
import { specified } from '../../../../../src/model/resource-profile.js';
import { bare, log1, log2, only } from '../../../../support/log-facts.js';

const SYNCER = 'org.apache.flink.runtime.resourcemanager.slotmanager.DefaultSlotStatusSyncer';
const JOB = '47ed771b20ef1267dca7371821bdc5ae';

describe('slots given to a job', () => {
  it("reads the SlotManager's allocation: slot, TaskManager, job", () => {
    const text = log2(
      'INFO',
      SYNCER,
      `Starting allocation of slot a097ca45245dfd18c170852d4b17b86a from 172.19.0.3:35889-20872d for job ${JOB} with resource profile ResourceProfile{cpuCores=1, taskHeapMemory=384.000mb (402653174 bytes), taskOffHeapMemory=0 bytes, managedMemory=512.000mb (536870920 bytes), networkMemory=128.000mb (134217730 bytes)}.`,
    );
    expect(bare(only(text, 'slotAllocated'))).toEqual([
      {
        kind: 'slotAllocated',
        form: 'allocation',
        allocation: 'a097ca45245dfd18c170852d4b17b86a',
        taskManager: '172.19.0.3:35889-20872d',
        job: JOB,
        profile: specified({
          cpuCores: decimalFromNumber(1),
          taskHeapMemory: 402653174n,
          managedMemory: 536870920n,
          networkMemory: 134217730n,
        }),
      },
    ]);
  });

  it("reads the TaskManager's activation and a task deployed, on either side", () => {
    const text = [
      log1('INFO', 'org.apache.flink.runtime.taskexecutor.slot.TaskSlotTableImpl', 'Activate slot 3b5cadd7193ba9bd4dc2cf7ccc9667b2.'),
      log2(
        'INFO',
        'org.apache.flink.runtime.executiongraph.ExecutionGraph',
        'Source (1/1) (b5227b0c_0_0) switched from SCHEDULED to DEPLOYING.',
      ),
      log2('INFO', 'org.apache.flink.runtime.taskmanager.Task', 'Filter -> Map (5/8)#0 (7c2e1658) switched from CREATED to DEPLOYING.'),
    ].join('\n');
    expect(bare(only(text, 'slotAllocated'))).toEqual([
      { kind: 'slotAllocated', form: 'activation', allocation: '3b5cadd7193ba9bd4dc2cf7ccc9667b2' },
      { kind: 'slotAllocated', form: 'deployment' },
      { kind: 'slotAllocated', form: 'deployment' },
    ]);
  });

  it("reads the adaptive scheduler's desired resources met, with its job", () => {
    const text = log2(
      'INFO',
      'org.apache.flink.runtime.scheduler.adaptive.DefaultStateTransitionManager',
      `Desired resources are met, transitioning to the subsequent state, job ${JOB}.`,
    );
    expect(bare(only(text, 'slotAllocated'))).toEqual([{ kind: 'slotAllocated', form: 'resources-met', job: JOB }]);
  });

  it('reads the adaptive scheduler entering Executing (its DEBUG state machine, a paste of it alone too)', () => {
    const text = [
      log2(
        'DEBUG',
        'org.apache.flink.runtime.scheduler.adaptive.AdaptiveScheduler',
        'Transition from state CreatingExecutionGraph to Executing.',
      ),
      '18:15:09,110 Transition from state CreatingExecutionGraph to Executing.',
      log2('DEBUG', 'org.apache.flink.runtime.scheduler.adaptive.AdaptiveScheduler', 'Transition from state Executing to Restarting.'),
    ].join('\n');
    expect(bare(only(text, 'slotAllocated'))).toEqual([
      { kind: 'slotAllocated', form: 'executing' },
      { kind: 'slotAllocated', form: 'executing' },
    ]);
  });

  it('gives nothing for other switches and slots', () => {
    const text = [
      log2('INFO', 'org.apache.flink.runtime.executiongraph.ExecutionGraph', `Job x (${JOB}) switched from state CREATED to RUNNING.`),
      log2('INFO', 'org.apache.flink.runtime.executiongraph.ExecutionGraph', 'Source (1/1) (b5) switched from CREATED to SCHEDULED.'),
      log2('INFO', SYNCER, 'Freeing slot a097ca45245dfd18c170852d4b17b86a.'),
    ].join('\n');
    expect(only(text, 'slotAllocated')).toEqual([]);
  });
});

describe('a JobManager that does not answer to the name the TaskManagers use', () => {
  it('reads the dropped message: the recipient the TaskManagers address', () => {
    const text = log2(
      'ERROR',
      'akka.remote.EndpointWriter',
      'dropping message [class akka.actor.ActorSelectionMessage] for non-local recipient [Actor[akka.tcp://flink@jobmanager-hs:6123/]] arriving at [akka.tcp://flink@jobmanager-hs:6123] inbound addresses are [akka.tcp://flink@cluster:6123]',
    );
    const [fact] = bare(only(text, 'resourceManagerRegistration'));
    expect(fact).toMatchObject({
      kind: 'resourceManagerRegistration',
      event: 'address-mismatch',
      address: 'akka.tcp://flink@jobmanager-hs:6123/',
    });
  });
});

describe('a TaskExecutor that gives up registering', () => {
  it('reads the registration timeout from the fatal error it throws', () => {
    const text = [
      log2(
        'ERROR',
        'org.apache.flink.runtime.taskexecutor.TaskExecutor',
        'Fatal error occurred in TaskExecutor akka.tcp://flink@localhost:62301/user/rpc/taskmanager_0.',
      ),
      'org.apache.flink.runtime.taskexecutor.exceptions.RegistrationTimeoutException: Could not register at the ResourceManager within the specified maximum registration duration 300000 ms. This indicates a problem with this instance. Terminating now.',
    ].join('\n');
    expect(bare(only(text, 'resourceManagerRegistration'))).toEqual([
      {
        kind: 'resourceManagerRegistration',
        event: 'timed-out',
        message:
          'RegistrationTimeoutException: Could not register at the ResourceManager within the specified maximum registration duration 300000 ms. This indicates a problem with this instance. Terminating now.',
      },
    ]);
  });
});
