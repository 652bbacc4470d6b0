/**
 * Flink's legacy TaskManager keys as each release reads them (src/memory/legacy-options.ts):
 * taskmanager.heap.size / .mb mapped to Total Flink Memory (standalone) or Total Process Memory
 * (active), MemoryBackwardsCompatibilityUtils; removed in 2.0. Expected sizes computed by hand
 * from TaskExecutorProcessUtils with float fractions (docs/research/legacy-keys.md).
 */
import { describe, expect, it } from 'vitest';
import { readLegacyOptions } from '../../../src/memory/legacy-options.js';
import { taskManagerSetup } from '../../../src/memory/memory-from-configuration.js';
import { type FlinkVersion, parseFlinkVersion } from '../../../src/model/flink-version.js';

const v = (text: string): FlinkVersion => parseFlinkVersion(text)!;
const conf = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));
const messages = (entries: Record<string, string>, version = '1.11', target: 'standalone' | 'kubernetes' | 'yarn' = 'standalone') =>
  readLegacyOptions(conf(entries), v(version), target).notes.map((n) => [n.code, n.message]);

describe('taskmanager.heap.size and taskmanager.heap.mb', () => {
  it('standalone (1.10-1.20): Total Flink Memory; 2048m on 1.11 is a 2 GiB Flink memory, 768 MiB task heap', () => {
    const read = readLegacyOptions(conf({ 'taskmanager.heap.size': '2048m' }), v('1.11'), 'standalone');
    expect(read.config.get('taskmanager.memory.flink.size')).toBe('2147483648b');
    expect(read.notes.map((n) => [n.code, n.message])).toEqual([
      [
        'config/legacy-key',
        "'taskmanager.heap.size' is deprecated: a standalone TaskManager maps it to 'taskmanager.memory.flink.size' (2048m), as Flink 1.11 does; Flink uses taskmanager.memory.flink.size (standalone) or taskmanager.memory.process.size (Kubernetes, YARN) now",
      ],
    ]);
    const setup = taskManagerSetup(conf({ 'taskmanager.heap.size': '2048m' }), v('1.11'), 'standalone');
    if (!setup.ok) throw new Error(JSON.stringify(setup.diagnostics));
    // network (long) (2 GiB * 0.1f) = 214748368, managed 858993472, heap = 2 GiB - 2 x 128m - both.
    expect(setup.value.memory).toMatchObject({ totalFlink: 2147483648n, network: 214748368n, managed: 858993472n, taskHeap: 805306352n });
    expect(setup.warnings.map((w) => w.code)).toEqual(['config/legacy-key']);
  });

  it('active (Kubernetes, YARN): Total Process Memory, as the active ResourceManager maps it', () => {
    const read = readLegacyOptions(conf({ 'taskmanager.heap.mb': '2048' }), v('1.13'), 'kubernetes');
    expect(read.config.get('taskmanager.memory.process.size')).toBe('2147483648b');
    expect(read.config.has('taskmanager.memory.flink.size')).toBe(false);
    expect(messages({ 'taskmanager.heap.mb': '2048' }, '1.13', 'yarn')[0]![1]).toBe(
      "'taskmanager.heap.mb' is deprecated: an active ResourceManager (yarn) maps it to 'taskmanager.memory.process.size' (2048 MB), as Flink 1.13 does; Flink uses taskmanager.memory.flink.size (standalone) or taskmanager.memory.process.size (Kubernetes, YARN) now",
    );
    const setup = taskManagerSetup(conf({ 'taskmanager.heap.size': '2048m' }), v('1.11'), 'kubernetes');
    expect(setup.ok && setup.value.memory.totalProcess).toBe(2147483648n);
  });

  it('heap.size wins over heap.mb; the new key, when set, wins over both', () => {
    const both = readLegacyOptions(conf({ 'taskmanager.heap.size': '1g', 'taskmanager.heap.mb': '512' }), v('1.15'), 'standalone');
    expect(both.config.get('taskmanager.memory.flink.size')).toBe('1073741824b');
    const shadowed = conf({ 'taskmanager.heap.size': '1g', 'taskmanager.memory.flink.size': '3g' });
    expect(readLegacyOptions(shadowed, v('1.15'), 'standalone').config).toBe(shadowed);
    expect(messages({ 'taskmanager.heap.size': '1g', 'taskmanager.memory.flink.size': '3g' }, '1.15')).toEqual([
      [
        'config/legacy-key',
        "'taskmanager.memory.flink.size' is set, so Flink ignores the legacy 'taskmanager.heap.size' on a standalone TaskManager; remove it",
      ],
    ]);
    // On an active deployment the process size is the key that wins; a flink.size does not stop the mapping.
    const active = readLegacyOptions(
      conf({ 'taskmanager.heap.size': '1g', 'taskmanager.memory.flink.size': '600m' }),
      v('1.15'),
      'kubernetes',
    );
    expect(active.config.get('taskmanager.memory.process.size')).toBe('1073741824b');
  });

  it('Flink 2.0 removed them: not read, and the configuration sizes no TaskManager', () => {
    expect(messages({ 'taskmanager.heap.size': '2048m' }, '2.0')).toEqual([
      [
        'config/legacy-key',
        "'taskmanager.heap.size' is not read by Flink 2.0 (removed in 2.0): set taskmanager.memory.flink.size (standalone) or taskmanager.memory.process.size (Kubernetes, YARN)",
      ],
    ]);
    const setup = taskManagerSetup(conf({ 'taskmanager.heap.size': '2048m' }), v('2.0'), 'standalone');
    expect(setup.ok).toBe(false);
    if (!setup.ok) {
      expect(setup.diagnostics[0]!.message).toMatch(/^TaskManager memory configuration failed: Either required fine-grained memory/);
      expect(setup.diagnostics.map((d) => d.code)).toEqual(['config/memory', 'config/legacy-key']);
    }
  });

  it('a bad legacy value fails as Flink fails, with the mapping named from 1.12 (FLINK-20171)', () => {
    const fail = (entries: Record<string, string>, version: string): string => {
      const setup = taskManagerSetup(conf(entries), v(version), 'standalone');
      return setup.ok ? '' : setup.diagnostics[0]!.message;
    };
    expect(fail({ 'taskmanager.heap.mb': '-1' }, '1.11')).toBe('Configured total process memory size (-1MB) must not be less than 0.');
    expect(fail({ 'taskmanager.heap.mb': '-1' }, '1.12')).toBe(
      'TaskManager failed to map legacy JVM heap option to the new one: Configured total process memory size (-1MB) must not be less than 0.',
    );
    expect(fail({ 'taskmanager.heap.size': 'lots' }, '1.14')).toMatch(
      /^TaskManager failed to map legacy JVM heap option to the new one: Cannot read memory size from config option 'taskmanager.heap.size'\./,
    );
  });
});

describe('other deprecated keys: a note naming the key Flink uses now', () => {
  it("fallback keys of today's options", () => {
    expect(
      messages(
        { 'taskmanager.memory.size': '512m', 'taskmanager.network.memory.min': '32m', 'taskmanager.memory.managed.size': '1g' },
        '1.20',
      ),
    ).toEqual([
      [
        'config/legacy-key',
        "'taskmanager.memory.size' is deprecated: Flink reads it as 'taskmanager.memory.managed.size'; 'taskmanager.memory.managed.size' is set too and wins",
      ],
      ['config/legacy-key', "'taskmanager.network.memory.min' is deprecated: Flink reads it as 'taskmanager.memory.network.min'"],
    ]);
    // kubernetes.taskmanager.cpu was the option's own key before 1.17 (FLINK-29372).
    expect(messages({ 'kubernetes.taskmanager.cpu': '2' }, '1.16', 'kubernetes')).toEqual([]);
    // Not read at all on another target: task-manager-cpu.ts says so instead.
    expect(messages({ 'kubernetes.taskmanager.cpu': '2' }, '1.17', 'standalone')).toEqual([]);
    expect(messages({ 'kubernetes.taskmanager.cpu': '2' }, '1.17', 'kubernetes')).toEqual([
      ['config/legacy-key', "'kubernetes.taskmanager.cpu' is deprecated: Flink reads it as 'kubernetes.taskmanager.cpu.amount'"],
    ]);
  });

  it('taskmanager.network.numberOfBuffers: read up to 1.20, not from 2.0', () => {
    const buffers = { 'taskmanager.memory.flink.size': '1g', 'taskmanager.network.numberOfBuffers': '4096' };
    expect(messages(buffers, '1.20')[0]![1]).toBe(
      "'taskmanager.network.numberOfBuffers' is deprecated: Flink reads it as network memory of that many buffers × taskmanager.memory.segment-size when no taskmanager.memory.network.* key is set; Flink uses taskmanager.memory.network.min and .max now",
    );
    expect(messages(buffers, '2.0')[0]![1]).toBe(
      "'taskmanager.network.numberOfBuffers' is not read by Flink 2.0 or later: set taskmanager.memory.network.min and .max",
    );
    const network = (version: string): bigint | undefined => {
      const setup = taskManagerSetup(conf(buffers), v(version), 'standalone');
      return setup.ok ? setup.value.memory.network : undefined;
    };
    expect(network('1.20')).toBe(4096n * 32768n);
    expect(network('2.0')).toBe(107374184n); // (long) (1 GiB * 0.1f): the fraction again
  });

  it('keys no TaskManager reads since 1.10', () => {
    expect(messages({ 'taskmanager.memory.fraction': '0.7', 'containerized.heap-cutoff-ratio': '0.25' }, '1.10')).toEqual([
      [
        'config/legacy-key',
        "'taskmanager.memory.fraction' is not read by a TaskManager since Flink 1.10: ignored; Flink uses taskmanager.memory.managed.fraction now",
      ],
      [
        'config/legacy-key',
        "'containerized.heap-cutoff-ratio' is not read by a TaskManager since Flink 1.10: ignored; Flink uses taskmanager.memory.jvm-overhead.fraction now",
      ],
    ]);
  });
});
