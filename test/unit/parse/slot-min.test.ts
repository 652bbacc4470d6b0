/** `size --slot-min` (issue 26 §2): floors named as Flink's ResourceProfile names the resources; bad values are usage errors. */
import { describe, expect, it } from 'vitest';
import { decimalFromString } from '../../../src/model/decimal.js';
import { FLAG_NAMES, flagName } from '../../../src/model/dimension-names.js';
import { readSlotMin } from '../../../src/parse/slot-min.js';

const MIB = 1024n * 1024n;

const message = (text: string): [string, string] | undefined => {
  const r = readSlotMin(text);
  return r.ok ? undefined : [r.diagnostics[0]!.code, r.diagnostics[0]!.message];
};

describe('readSlotMin', () => {
  it('reads each resource by its command-line name: memory as Flink MemorySize, CPU as cores', () => {
    const r = readSlotMin('task-heap=512m, managed=1g,task-off-heap=64mb,network=100 kb,cpu=0.5');
    expect(r.ok && r.value).toEqual({
      taskHeapMemory: 512n * MIB,
      managedMemory: 1024n * MIB,
      taskOffHeapMemory: 64n * MIB,
      networkMemory: 100n * 1024n,
      cpuCores: decimalFromString('0.5'),
    });
  });

  it('names come from the one table of dimensions, both ways', () => {
    expect([...FLAG_NAMES]).toEqual([
      ['cpu', 'cpuCores'],
      ['task-heap', 'taskHeapMemory'],
      ['task-off-heap', 'taskOffHeapMemory'],
      ['managed', 'managedMemory'],
      ['network', 'networkMemory'],
    ]);
    expect(flagName('managedMemory')).toBe('managed');
  });

  it('usage/slot-min: every bad value says what to give', () => {
    expect(message('')).toEqual([
      'usage/slot-min',
      "--slot-min '': give NAME=AMOUNT pairs, as task-heap=512m,managed=1g (names: cpu, task-heap, task-off-heap, managed or network)",
    ]);
    expect(message('heap=1g')).toEqual([
      'usage/slot-min',
      "--slot-min 'heap=1g': 'heap' is not a resource of a slot: give cpu, task-heap, task-off-heap, managed or network",
    ]);
    expect(message('managed')).toEqual(['usage/slot-min', "--slot-min 'managed': 'managed' is not NAME=AMOUNT (as managed=1g)"]);
    expect(message('managed=1x')).toEqual([
      'usage/slot-min',
      "--slot-min 'managed=1x': managed=1x: not a memory size (512m, 1g): Memory size unit 'x' does not match any of the recognized units: (b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)",
    ]);
    expect(message('cpu=-1')).toEqual([
      'usage/slot-min',
      "--slot-min 'cpu=-1': cpu=-1: CPU cores must be a number not below 0 (as 0.5 or 2)",
    ]);
    expect(message('managed=1g,managed=2g')).toEqual(['usage/slot-min', "--slot-min 'managed=1g,managed=2g': managed is given twice"]);
    expect(message('task-heap=\u001b[31m')).toEqual([
      'usage/slot-min',
      "--slot-min 'task-heap=\\u001b[31m': task-heap=\\u001b[31m: not a memory size (512m, 1g): text does not start with a number",
    ]);
  });
});
