/**
 * Keyed state and the state backend: a keyed operator declares STATE_BACKEND; whether that share is
 * memory depends on the backend the job sets, else the TaskManager configuration's, else the heap
 * default (src/memory/state-backend.ts, src/memory/task-manager-slot-size.ts, src/app/job-text.ts).
 */
import { describe, expect, it } from 'vitest';
import { analyzeJobText } from '../../../src/app/job-text.js';
import type { JobAnalysis } from '../../../src/plan/analyze-job.js';

function job(version: string, extra = ''): string {
  return `name: keyed
flinkVersion: "${version}"
${extra}vertices:
  - {id: source, parallelism: 2}
  - id: window
    parallelism: 2
    operators:
      - {id: window-op, keyed: true}
      - {id: map-op}
edges:
  - {source: source, target: window, distribution: ALL_TO_ALL}
`;
}

const TM = 'taskmanager.memory.process.size: 1728m\ntaskmanager.numberOfTaskSlots: 1\n';

function analyse(jobText: string, tmConfig?: string) {
  const r = analyzeJobText(jobText, 'job.yaml', tmConfig === undefined ? {} : { tmConfig: { text: tmConfig, file: 'tm.yaml' } });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return r;
}

const slotFraction = (a: JobAnalysis, id: string, uc: 'STATE_BACKEND' | 'OPERATOR'): number | undefined =>
  a.managedMemory.model === 'use-cases' ? a.managedMemory.operators.find((o) => o.operator.id === id)?.fractionsOfSlot.get(uc) : undefined;

describe('a keyed operator', () => {
  it('declares STATE_BACKEND at slot scope; the operators chained with it do not', () => {
    const { graph } = analyse(job('1.20'));
    const ops = graph.vertices[1]!.operators;
    expect(ops.map((o) => [o.id, o.keyed, [...o.slotScopeUseCases]])).toEqual([
      ['window-op', true, ['STATE_BACKEND']],
      ['map-op', false, []],
    ]);
  });

  it('gets no memory with the default heap backend, the whole slot with RocksDB', () => {
    expect(slotFraction(analyse(job('1.20')).analysis, 'window-op', 'STATE_BACKEND')).toBe(0);
    const rocks = analyse(job('1.20', 'managedMemoryConfig: {stateBackend: rocksdb}\n')).analysis;
    expect(slotFraction(rocks, 'window-op', 'STATE_BACKEND')).toBe(1);
  });
});

describe('the state backend of the TaskManager configuration', () => {
  it('state.backend.type from 1.17 gives RocksDB its share', () => {
    const r = analyse(job('1.20'), `${TM}state.backend.type: rocksdb\n`);
    expect(r.graph.managedMemoryConfig.stateBackend).toEqual({ name: 'rocksdb', source: 'tm-config', key: 'state.backend.type' });
    expect(slotFraction(r.analysis, 'window-op', 'STATE_BACKEND')).toBe(1);
  });

  it('state.backend is read too (the only key before 1.17, the fallback after)', () => {
    expect(analyse(job('1.16'), `${TM}state.backend: rocksdb\n`).graph.managedMemoryConfig.stateBackend.key).toBe('state.backend');
    expect(analyse(job('1.16'), `${TM}state.backend.type: rocksdb\n`).graph.managedMemoryConfig.stateBackendUsesManagedMemory).toBe(false);
    expect(analyse(job('1.20'), `${TM}state.backend: rocksdb\n`).graph.managedMemoryConfig.stateBackendUsesManagedMemory).toBe(true);
  });

  it('a backend the job sets wins over the configuration', () => {
    const r = analyse(job('1.20', 'managedMemoryConfig: {stateBackend: hashmap}\n'), `${TM}state.backend.type: rocksdb\n`);
    expect(r.graph.managedMemoryConfig.stateBackend.source).toBe('job');
    expect(slotFraction(r.analysis, 'window-op', 'STATE_BACKEND')).toBe(0);
  });

  it('a factory class is assumed to use managed memory, with a note; forst before 2.0 is a warning', () => {
    const custom = analyse(job('1.20'), `${TM}state.backend.type: com.example.MyBackendFactory\n`);
    expect(custom.graph.managedMemoryConfig.stateBackendUsesManagedMemory).toBe(true);
    expect(custom.parseWarnings.map((d) => d.code)).toContain('tm-config/state-backend');
    const forst = analyse(job('1.20'), `${TM}state.backend.type: forst\n`);
    expect(forst.parseWarnings.find((d) => d.code === 'tm-config/state-backend')?.severity).toBe('warning');
    expect(forst.parseWarnings[0]!.location).toMatchObject({ file: 'tm.yaml', line: 3 });
  });

  it('consumer weights come from the TaskManager configuration, as Flink reads them from the cluster', () => {
    const r = analyse(
      job('1.20'),
      `${TM}state.backend.type: rocksdb\ntaskmanager.memory.managed.consumer-weights: OPERATOR:30,PYTHON:10\n`,
    );
    expect(r.graph.managedMemoryConfig.consumerWeightsSource).toBe('tm-config');
    // No STATE_BACKEND weight: RocksDB's share is 0 and Flink fails when it asks for it.
    expect(slotFraction(r.analysis, 'window-op', 'STATE_BACKEND')).toBe(0);
    expect(r.analysis.warnings.map((d) => d.code)).toContain('managed-memory/zero-fraction');
  });
});

describe('managed memory nothing uses', () => {
  it('a heap-state job on TaskManagers with managed memory: every slot’s share is idle', () => {
    const r = analyse(job('1.20'), TM);
    const w = r.analysis.warnings.find((d) => d.code === 'managed-memory/unused');
    expect(w?.message).toMatch(/^every slot of this job leaves its 512 MiB of managed memory unused/);
  });

  it('no warning when RocksDB uses it, or without a TaskManager configuration', () => {
    expect(analyse(job('1.20'), `${TM}state.backend.type: rocksdb\n`).analysis.warnings.map((d) => d.code)).not.toContain(
      'managed-memory/unused',
    );
    expect(analyse(job('1.20')).analysis.warnings.map((d) => d.code)).not.toContain('managed-memory/unused');
  });

  it('names only the groups whose slots are idle', () => {
    const text = job('1.20', 'managedMemoryConfig: {stateBackend: rocksdb}\n').replace(
      '  - {id: source, parallelism: 2}',
      '  - {id: source, parallelism: 2, slotSharingGroup: sources}',
    );
    const w = analyse(text, TM).analysis.warnings.find((d) => d.code === 'managed-memory/unused');
    expect(w?.message).toMatch(/^the slots of group 'sources' leave their 512 MiB/);
  });
});

describe('BATCH runtime mode', () => {
  const batch = (version: string, extra = ''): string =>
    `name: batch
mode: batch
flinkVersion: "${version}"
${extra}vertices:
  - {id: source, parallelism: 2}
  - {id: agg, parallelism: 2, keyed: true}
edges:
  - {source: source, target: agg, distribution: ALL_TO_ALL, resultPartitionType: BLOCKING}
`;

  it('BatchExecutionStateBackend replaces the backend: no STATE_BACKEND share, whatever is configured', () => {
    const r = analyse(batch('1.20', 'managedMemoryConfig: {stateBackend: rocksdb}\n'), `${TM}state.backend.type: rocksdb\n`);
    expect(r.graph.managedMemoryConfig.stateBackend).toEqual({ name: 'BatchExecutionStateBackend', source: 'batch-mode' });
    expect(slotFraction(r.analysis, 'agg', 'STATE_BACKEND')).toBe(0);
  });

  it('a keyed operator sorts its inputs: OPERATOR weight 128 from 1.14, 1 before', () => {
    expect(analyse(batch('1.20')).graph.vertices[1]!.operators[0]!.operatorScopeWeights.get('OPERATOR')).toBe(128);
    expect(analyse(batch('1.13')).graph.vertices[1]!.operators[0]!.operatorScopeWeights.get('OPERATOR')).toBe(1);
    expect(slotFraction(analyse(batch('1.20')).analysis, 'agg', 'OPERATOR')).toBe(1);
  });

  it('a different OPERATOR weight on a keyed batch operator conflicts, as Flink’s StreamGraph check says', () => {
    const text = batch('1.20').replace(
      '{id: agg, parallelism: 2, keyed: true}',
      '{id: agg, parallelism: 2, keyed: true, managedMemory: {operatorScope: {OPERATOR: 64}}}',
    );
    const r = analyzeJobText(text, 'job.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.diagnostics[0]!.message).toMatch(
        /^Conflict managed memory consumer weights for 'OPERATOR' were configured: '64' and '128'\./,
      );
  });

  it('streaming jobs keep both: a keyed operator declares no OPERATOR weight', () => {
    expect(analyse(job('1.20')).graph.vertices[1]!.operators[0]!.operatorScopeWeights.size).toBe(0);
  });
});

describe('RocksDB memory outside managed memory (state.backend.rocksdb.memory.*)', () => {
  const ROCKS = `${TM}state.backend.type: rocksdb\n`;
  const idle = (tm: string, version = '1.20') =>
    analyse(job(version), tm).analysis.warnings.filter((d) => d.code === 'managed-memory/state-backend-unmanaged');

  it('managed (the default): the share is used, no warning', () => {
    expect(idle(ROCKS)).toEqual([]);
    expect(idle(`${ROCKS}state.backend.rocksdb.memory.managed: true\n`)).toEqual([]);
  });

  it('fixed-per-slot wins over managed: the reserved share (the whole slot here) stays unused', () => {
    const r = analyse(job('1.20'), `${ROCKS}state.backend.rocksdb.memory.fixed-per-slot: 256mb\n`);
    expect(r.graph.managedMemoryConfig.stateBackendMemory).toEqual({
      kind: 'fixed-per-slot',
      key: 'state.backend.rocksdb.memory.fixed-per-slot',
      value: '256mb',
    });
    // The fraction Flink reserves does not change (useManagedMemory() stays true).
    expect(slotFraction(r.analysis, 'window-op', 'STATE_BACKEND')).toBe(1);
    const [w] = r.analysis.warnings.filter((d) => d.code === 'managed-memory/state-backend-unmanaged');
    expect(w?.message).toBe(
      'rocksdb state backend: state.backend.rocksdb.memory.fixed-per-slot: 256mb gives each slot a cache outside managed memory, yet Flink still reserves its STATE_BACKEND share, 512 MiB per slot (100 % of its managed memory), which stays unused; drop STATE_BACKEND from taskmanager.memory.managed.consumer-weights or lower taskmanager.memory.managed.fraction',
    );
  });

  it('managed: false with fixed-per-tm (1.17+): one TaskManager cache; before 1.17 the option does not exist', () => {
    const tm = `${ROCKS}state.backend.rocksdb.memory.managed: false\nstate.backend.rocksdb.memory.fixed-per-tm: 1gb\n`;
    expect(idle(tm)[0]?.message).toContain('state.backend.rocksdb.memory.fixed-per-tm: 1gb gives the TaskManager one cache');
    const old = analyse(
      job('1.16'),
      `${TM}state.backend: rocksdb\nstate.backend.rocksdb.memory.managed: false\nstate.backend.rocksdb.memory.fixed-per-tm: 1gb\n`,
    );
    expect(old.graph.managedMemoryConfig.stateBackendMemory?.kind).toBe('unbounded');
  });

  it('managed: false alone leaves RocksDB unbounded', () => {
    expect(idle(`${ROCKS}state.backend.rocksdb.memory.managed: false\n`)[0]?.message).toContain('leaves its memory unbounded');
  });

  it('the heap backend ignores the RocksDB options; a 0 STATE_BACKEND share does not fail when RocksDB sizes its own cache', () => {
    expect(
      analyse(job('1.20'), `${TM}state.backend.rocksdb.memory.fixed-per-slot: 256mb\n`).graph.managedMemoryConfig.stateBackendMemory,
    ).toBe(undefined);
    const zero = `${ROCKS}taskmanager.memory.managed.consumer-weights: OPERATOR:70,PYTHON:30\n`;
    expect(analyse(job('1.20'), zero).analysis.warnings.map((d) => d.code)).toContain('managed-memory/zero-fraction');
    const fixed = analyse(job('1.20'), `${zero}state.backend.rocksdb.memory.fixed-per-slot: 256mb\n`).analysis.warnings.map((d) => d.code);
    expect(fixed).not.toContain('managed-memory/zero-fraction');
    expect(fixed).not.toContain('managed-memory/state-backend-unmanaged');
  });
});
