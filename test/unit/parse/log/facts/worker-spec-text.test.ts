import { describe, expect, it } from 'vitest';
import { memoryBytes, parseWorkerSpecText } from '../../../../../src/parse/log/facts/worker-spec-text.js';

describe('parseWorkerSpecText', () => {
  it('reads 1.13+ WorkerResourceSpec with numSlots, memory from the bytes', () => {
    expect(
      parseWorkerSpecText(
        'Requesting new worker with resource spec WorkerResourceSpec {cpuCores=1.0, taskHeapSize=25.600mb (26843545 bytes), taskOffHeapSize=0 bytes, networkMemSize=64.000mb (67108864 bytes), managedMemSize=230.400mb (241591914 bytes), numSlots=2}, current pending count: 1.',
      ),
    ).toEqual({ cpuCores: 1, taskHeap: 26843545n, taskOffHeap: 0n, network: 67108864n, managed: 241591914n, numSlots: 2 });
  });

  it('reads 1.11–1.12 without numSlots, and extended resources', () => {
    expect(
      parseWorkerSpecText(
        'WorkerResourceSpec {cpuCores=2.5, taskHeapSize=1.000gb (1073741824 bytes), taskOffHeapSize=512 bytes, networkMemSize=128.000mb (134217728 bytes), managedMemSize=0 bytes, gpu=2.0}',
      ),
    ).toEqual({ cpuCores: 2.5, taskHeap: 1073741824n, taskOffHeap: 512n, network: 134217728n, managed: 0n, extended: { gpu: 2 } });
  });

  it("reads the YARN driver's TaskExecutorProcessSpec (managedMemorySize; framework and JVM sizes are not a worker's)", () => {
    expect(
      parseWorkerSpecText(
        'Requesting new TaskExecutor container with resource TaskExecutorProcessSpec {cpuCores=2.0, frameworkHeapSize=128.000mb (134217728 bytes), frameworkOffHeapSize=128.000mb (134217728 bytes), taskHeapSize=25.600mb (26843542 bytes), taskOffHeapSize=0 bytes, networkMemSize=64.000mb (67108864 bytes), managedMemorySize=230.400mb (241591914 bytes), jvmMetaspaceSize=256.000mb (268435456 bytes), jvmOverheadSize=192.000mb (201326592 bytes), numSlots=2}, priority 1.',
      ),
    ).toEqual({ cpuCores: 2, taskHeap: 26843542n, taskOffHeap: 0n, network: 67108864n, managed: 241591914n, numSlots: 2 });
  });

  it('gives nothing for a spec cut before its end, or no spec', () => {
    expect(parseWorkerSpecText('WorkerResourceSpec {cpuCores=1.0, taskHeapSize=25.6')).toBeUndefined();
    expect(parseWorkerSpecText('Requesting new worker')).toBeUndefined();
    expect(parseWorkerSpecText('WorkerResourceSpec {}')).toBeUndefined();
  });

  it('reads memory as Flink prints it', () => {
    expect(memoryBytes('96.000mb (100663296 bytes)')).toBe(100663296n);
    expect(memoryBytes('0 bytes')).toBe(0n);
    expect(memoryBytes('96.000mb')).toBeUndefined();
    expect(memoryBytes('(x bytes)')).toBeUndefined();
  });

  it('stays linear on a long hostile text', () => {
    const text = `WorkerResourceSpec {${'cpuCores=1.0, '.repeat(100_000)}}`;
    expect(parseWorkerSpecText(text)?.cpuCores).toBe(1);
  });
});
