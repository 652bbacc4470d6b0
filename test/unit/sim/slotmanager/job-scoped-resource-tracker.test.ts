/**
 * A job's missing resources are kept until its requirements or resources change: a job waiting for
 * its workers is read at every check of an active ResourceManager with nothing of its own changed.
 */
import { describe, expect, it } from 'vitest';
import { decimalFromNumber } from '../../../../src/model/decimal.js';
import { UNKNOWN, specified } from '../../../../src/model/resource-profile.js';
import { JobScopedResourceTracker } from '../../../../src/sim/slotmanager/job-scoped-resource-tracker.js';

const MIB = 1024n * 1024n;
const slot = specified({ cpuCores: decimalFromNumber(1), taskHeapMemory: 1024n * MIB });

describe('JobScopedResourceTracker missing resources', () => {
  it('answers again without recomputing while nothing changed', () => {
    const t = new JobScopedResourceTracker();
    t.notifyResourceRequirements([{ profile: UNKNOWN, count: 3 }]);
    const first = t.getMissingResources();
    expect(first).toEqual([{ profile: UNKNOWN, count: 3 }]);
    expect(t.getMissingResources()).toBe(first);
  });

  it('follows every change: acquired, lost, requirements', () => {
    const t = new JobScopedResourceTracker();
    t.notifyResourceRequirements([{ profile: UNKNOWN, count: 3 }]);
    t.getMissingResources();
    t.notifyAcquiredResource(slot, 2);
    expect(t.getMissingResources()).toEqual([{ profile: UNKNOWN, count: 1 }]);
    t.notifyLostResource(slot, 1);
    expect(t.getMissingResources()).toEqual([{ profile: UNKNOWN, count: 2 }]);
    t.notifyResourceRequirements([{ profile: UNKNOWN, count: 1 }]);
    expect(t.getMissingResources()).toEqual([]);
  });
});
