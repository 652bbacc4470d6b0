/**
 * The remainder of dividing a TaskManager into slots (issue 25 §5): total minus n default slots,
 * each default slot floored as Flink divides it; a free amount within it is no room.
 */
import { describe, expect, it } from 'vitest';
import { decimalFromString, decimalToString } from '../../../src/model/decimal.js';
import { divideIntoSlots, specified, type SpecifiedProfile } from '../../../src/model/resource-profile.js';
import { slotRemainder, withoutRemainder } from '../../../src/model/slot-remainder.js';

const profile = (cpu: string, heap: bigint, managed = 0n): SpecifiedProfile =>
  specified({ cpuCores: decimalFromString(cpu), taskHeapMemory: heap, managedMemory: managed });

describe('slotRemainder', () => {
  it('cpu 1 and 1 GiB + 1 B over 3 slots (scale 8) leave 1e-8 cores and 2 B: less than 3 units each', () => {
    const total = profile('1', 1073741825n);
    const left = slotRemainder(total, divideIntoSlots(total, 3, 8), 3)!;
    expect(decimalToString(left.cpuCores)).toBe('0.00000001');
    expect(left.taskHeapMemory).toBe(2n);
  });

  it('an even division leaves nothing', () => {
    const total = profile('4', 4n << 30n, 2n << 30n);
    expect(slotRemainder(total, divideIntoSlots(total, 4), 4)).toBeUndefined();
  });
});

describe('withoutRemainder', () => {
  it('zeroes each dimension within the remainder and keeps real room', () => {
    const remainder = profile('0.00000001', 2n, 3n);
    const free = withoutRemainder(profile('0.5', 2n, 3n << 20n), remainder);
    expect([decimalToString(free.cpuCores), free.taskHeapMemory, free.managedMemory]).toEqual(['0.5', 0n, 3n << 20n]);
    const none = withoutRemainder(profile('0.00000001', 1n, 3n), remainder);
    expect([decimalToString(none.cpuCores), none.taskHeapMemory, none.managedMemory]).toEqual(['0', 0n, 0n]);
  });

  it('without a remainder, free is unchanged', () => {
    const free = profile('1', 5n);
    expect(withoutRemainder(free, undefined)).toBe(free);
  });
});
