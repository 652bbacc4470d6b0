import { describe, expect, it } from 'vitest';
import { convertToFractionsOfSlot } from '../../../src/plan/managed-memory.js';
import type { ManagedMemoryUseCase } from '../../../src/model/job-graph.js';
import {
  addDecimal,
  compareDecimal,
  decimalFromNumber,
  decimalFromString,
  decimalToString,
  ZERO_DECIMAL,
} from '../../../src/model/decimal.js';
import { buildPlanReport } from '../../../src/report/plan-report.js';
import { analysisErrors, analysisOf, fractionsOf, legacyFractionOf } from '../../support/jobs.js';

const OP = (w: number) => ({ operatorScope: { OPERATOR: w } });

/** StreamingJobGraphGeneratorTest.testManagedMemoryFractionForUnknownResourceSpec (>= 1.13). */
const generatorTestJob = {
  name: 'job',
  mode: 'streaming',
  vertices: [
    {
      id: 'v1',
      parallelism: 4,
      operators: [
        { id: 'source', managedMemory: { operatorScope: { OPERATOR: 1 }, slotScope: [] } },
        { id: 'map1', managedMemory: { operatorScope: { OPERATOR: 1 }, slotScope: ['PYTHON'] } },
      ],
    },
    { id: 'v2', parallelism: 4, operators: [{ id: 'map2', managedMemory: { operatorScope: {}, slotScope: ['PYTHON'] } }] },
    { id: 'v3', parallelism: 4, slotSharingGroup: 'test', operators: [{ id: 'map3', managedMemory: { operatorScope: { OPERATOR: 1 } } }] },
  ],
  edges: [
    { source: 'v1', target: 'v2', resultPartitionType: 'PIPELINED_BOUNDED' },
    { source: 'v2', target: 'v3', resultPartitionType: 'PIPELINED_BOUNDED' },
  ],
  managedMemoryConfig: { consumerWeights: { OPERATOR: 6, PYTHON: 4 }, stateBackendUsesManagedMemory: false },
};

describe('managed-memory fractions, use-case model (Flink >= 1.12)', () => {
  it('reproduces testManagedMemoryFractionForUnknownResourceSpec', () => {
    const a = analysisOf(generatorTestJob);
    expect(a.managedMemory.model).toBe('use-cases');
    expect(fractionsOf(a, 'source')).toEqual({
      ofUseCase: { OPERATOR: 0.5, PYTHON: 0.0 },
      ofSlot: { OPERATOR: 0.3, STATE_BACKEND: 0.0, PYTHON: 0.0 },
    });
    expect(fractionsOf(a, 'map1')).toEqual({
      ofUseCase: { OPERATOR: 0.5, PYTHON: 1.0 },
      ofSlot: { OPERATOR: 0.3, STATE_BACKEND: 0.0, PYTHON: 0.4 },
    });
    expect(fractionsOf(a, 'map2')).toEqual({
      ofUseCase: { OPERATOR: 0.0, PYTHON: 1.0 },
      ofSlot: { OPERATOR: 0.0, STATE_BACKEND: 0.0, PYTHON: 0.4 },
    });
    expect(fractionsOf(a, 'map3')).toEqual({
      ofUseCase: { OPERATOR: 1.0 },
      ofSlot: { OPERATOR: 1.0, STATE_BACKEND: 0.0, PYTHON: 0.0 },
    });
    expect(a.warnings).toEqual([]);
  });

  it('accepts the consumer weights in Flink text form', () => {
    const a = analysisOf({ ...generatorTestJob, managedMemoryConfig: { consumerWeights: 'OPERATOR:6, PYTHON:4' } });
    expect(fractionsOf(a, 'map1').ofSlot).toEqual({ OPERATOR: 0.3, STATE_BACKEND: 0.0, PYTHON: 0.4 });
  });

  it('splits OPERATOR by weight over the whole group, rounding down at scale 16', () => {
    const a = analysisOf({
      vertices: [
        {
          id: 'v',
          operators: [
            { id: 'a', managedMemory: OP(1) },
            { id: 'b', managedMemory: OP(1) },
            { id: 'c', managedMemory: OP(1) },
          ],
        },
        { id: 'w', operators: [{ id: 'd', managedMemory: OP(1) }, { id: 'e', managedMemory: OP(2) }, { id: 'f' }] },
      ],
    });
    // group weight 6
    expect(fractionsOf(a, 'a').ofUseCase).toEqual({ OPERATOR: 0.1666666666666666 });
    expect(fractionsOf(a, 'e').ofUseCase).toEqual({ OPERATOR: 0.3333333333333333 });
    expect(fractionsOf(a, 'f').ofUseCase).toEqual({ OPERATOR: 0.0 });
    // only OPERATOR is present: it gets the whole slot (70 / 70)
    expect(fractionsOf(a, 'e').ofSlot).toEqual({ OPERATOR: 0.3333333333333333, STATE_BACKEND: 0.0, PYTHON: 0.0 });
    let sum = ZERO_DECIMAL;
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) sum = addDecimal(sum, decimalFromNumber(fractionsOf(a, id).ofUseCase.OPERATOR!));
    expect(decimalToString(sum)).toBe('0.9999999999999997');
  });

  it('rounds down where double division would not (1/7)', () => {
    const a = analysisOf({
      vertices: [
        {
          id: 'v',
          operators: [
            { id: 'a', managedMemory: OP(1) },
            { id: 'b', managedMemory: OP(6) },
          ],
        },
      ],
    });
    expect(fractionsOf(a, 'a').ofUseCase.OPERATOR).toBe(0.1428571428571428);
    expect(fractionsOf(a, 'b').ofUseCase.OPERATOR).toBe(0.8571428571428571);
    const sum = addDecimal(decimalFromNumber(0.1428571428571428), decimalFromNumber(0.8571428571428571));
    expect(compareDecimal(sum, decimalFromString('1'))).toBe(-1);
  });

  it('lists nothing for a group without managed memory', () => {
    const a = analysisOf({ vertices: [{ id: 'v' }] });
    expect(fractionsOf(a, 'v')).toEqual({ ofUseCase: {}, ofSlot: { OPERATOR: 0.0, STATE_BACKEND: 0.0, PYTHON: 0.0 } });
  });

  describe('the denominator is the slot sharing group, not the region', () => {
    const twoRegions = (mode: string, group?: string) => ({
      mode,
      vertices: [
        { id: 'a', slotSharingGroup: group, managedMemory: OP(1) },
        { id: 'b', slotSharingGroup: group, managedMemory: OP(3) },
        { id: 'c', managedMemory: OP(1) },
      ],
      edges: [{ source: 'a', target: 'b', resultPartitionType: 'BLOCKING' }],
    });

    it('streaming: one default group across regions', () => {
      const a = analysisOf(twoRegions('streaming'));
      expect(fractionsOf(a, 'a').ofUseCase.OPERATOR).toBe(0.2);
      expect(fractionsOf(a, 'b').ofUseCase.OPERATOR).toBe(0.6);
      expect(fractionsOf(a, 'c').ofUseCase.OPERATOR).toBe(0.2);
    });

    it('batch: one default group per logical region', () => {
      const a = analysisOf(twoRegions('batch'));
      expect(fractionsOf(a, 'a').ofUseCase.OPERATOR).toBe(1.0);
      expect(fractionsOf(a, 'b').ofUseCase.OPERATOR).toBe(1.0);
      expect(fractionsOf(a, 'c').ofUseCase.OPERATOR).toBe(1.0);
    });

    it('batch: a named group spanning two regions sums its weights over both', () => {
      const a = analysisOf(twoRegions('batch', 'g'));
      expect(fractionsOf(a, 'a').ofUseCase.OPERATOR).toBe(0.25);
      expect(fractionsOf(a, 'b').ofUseCase.OPERATOR).toBe(0.75);
      expect(fractionsOf(a, 'c').ofUseCase.OPERATOR).toBe(1.0);
    });
  });

  describe('slot-scope use cases and the state backend', () => {
    const job = (managedMemoryConfig: object) => ({
      managedMemoryConfig,
      vertices: [
        { id: 'op', managedMemory: OP(1) },
        { id: 'state', managedMemory: { slotScope: ['STATE_BACKEND'] } },
        { id: 'py', managedMemory: { slotScope: ['PYTHON'] } },
      ],
    });

    it('RocksDB: OPERATOR, STATE_BACKEND and PYTHON share the slot 70:70:30', () => {
      const a = analysisOf(job({ stateBackend: 'rocksdb' }));
      const op = fractionsOf(a, 'op');
      expect(op.ofUseCase).toEqual({ OPERATOR: 1.0, STATE_BACKEND: 0.0, PYTHON: 0.0 });
      // 70 / 170 = 0.41176470588235294... and 30 / 170 = 0.17647058823529411...
      expect(op.ofSlot).toEqual({ OPERATOR: 0.4117647058823529, STATE_BACKEND: 0.0, PYTHON: 0.0 });
      expect(fractionsOf(a, 'state')).toEqual({
        ofUseCase: { OPERATOR: 0.0, STATE_BACKEND: 1.0, PYTHON: 0.0 },
        ofSlot: { OPERATOR: 0.0, STATE_BACKEND: 0.4117647058823529, PYTHON: 0.0 },
      });
      expect(fractionsOf(a, 'py').ofSlot).toEqual({ OPERATOR: 0.0, STATE_BACKEND: 0.0, PYTHON: 0.1764705882352941 });
      expect(a.warnings).toEqual([]);
    });

    it('HashMap: STATE_BACKEND is dropped from the slot (0.0) and from the total weight', () => {
      const a = analysisOf(job({ stateBackend: 'hashmap' }));
      // StreamConfig still stores 1.0 for the declaring operator
      expect(fractionsOf(a, 'state').ofUseCase).toEqual({ OPERATOR: 0.0, STATE_BACKEND: 1.0, PYTHON: 0.0 });
      expect(fractionsOf(a, 'state').ofSlot).toEqual({ OPERATOR: 0.0, STATE_BACKEND: 0.0, PYTHON: 0.0 });
      // 70 / 100 and 30 / 100
      expect(fractionsOf(a, 'op').ofSlot).toEqual({ OPERATOR: 0.7, STATE_BACKEND: 0.0, PYTHON: 0.0 });
      expect(fractionsOf(a, 'py').ofSlot).toEqual({ OPERATOR: 0.0, STATE_BACKEND: 0.0, PYTHON: 0.3 });
      expect(a.warnings).toEqual([]);
    });

    it('the default state backend does not use managed memory; the override does', () => {
      expect(fractionsOf(analysisOf(job({})), 'op').ofSlot.OPERATOR).toBe(0.7);
      const forced = analysisOf(job({ stateBackend: 'hashmap', stateBackendUsesManagedMemory: true }));
      expect(fractionsOf(forced, 'state').ofSlot.STATE_BACKEND).toBe(0.4117647058823529);
      const off = analysisOf(job({ stateBackend: 'rocksdb', stateBackendUsesManagedMemory: false }));
      expect(fractionsOf(off, 'state').ofSlot.STATE_BACKEND).toBe(0.0);
    });

    it('every operator declaring a slot-scope use case gets 1.0 of it', () => {
      const a = analysisOf({
        managedMemoryConfig: { stateBackend: 'rocksdb' },
        vertices: [
          {
            id: 'v',
            operators: [
              { id: 's1', managedMemory: { slotScope: ['STATE_BACKEND'] } },
              { id: 's2', managedMemory: { slotScope: ['STATE_BACKEND'] } },
            ],
          },
          { id: 'w', operators: [{ id: 'plain' }] },
        ],
      });
      expect(fractionsOf(a, 's1')).toEqual({
        ofUseCase: { STATE_BACKEND: 1.0 },
        ofSlot: { OPERATOR: 0.0, STATE_BACKEND: 1.0, PYTHON: 0.0 },
      });
      expect(fractionsOf(a, 's2').ofSlot.STATE_BACKEND).toBe(1.0);
      expect(fractionsOf(a, 'plain').ofUseCase).toEqual({ STATE_BACKEND: 0.0 });
    });
  });

  describe('consumer weights', () => {
    it('warns when an operator will ask for a use case whose slot fraction is 0', () => {
      const a = analysisOf({
        managedMemoryConfig: { consumerWeights: { STATE_BACKEND: 70 } },
        vertices: [
          { id: 'a', managedMemory: OP(2) },
          { id: 'b', managedMemory: { slotScope: ['PYTHON', 'STATE_BACKEND'] } },
        ],
      });
      expect(fractionsOf(a, 'a').ofSlot.OPERATOR).toBe(0.0);
      expect(a.warnings.map((w) => [w.code, w.message, w.location?.pointer])).toEqual([
        [
          'managed-memory/zero-fraction',
          `operator 'a' uses OPERATOR managed memory but its fraction of the slot is 0 (consumer weight 0 or missing); Flink fails at runtime with "The fraction of memory to allocate should not be 0"`,
          '/vertices/0',
        ],
        [
          'managed-memory/zero-fraction',
          `operator 'b' uses PYTHON managed memory but its fraction of the slot is 0 (consumer weight 0 or missing); Flink fails at runtime with "The fraction of memory to allocate should not be 0"`,
          '/vertices/1',
        ],
      ]);
    });

    it('rejects a negative weight with IllegalConfigurationException', () => {
      const errors = analysisErrors({ managedMemoryConfig: { consumerWeights: { OPERATOR: -5 } }, vertices: [{ id: 'a' }] });
      expect(errors).toEqual([
        {
          code: 'managed-memory/consumer-weights',
          severity: 'error',
          message: 'Managed memory weight should not be negative. Configured weight for OPERATOR is -5.',
          location: { pointer: '/managedMemoryConfig/consumerWeights' },
          flinkErrorType: 'IllegalConfigurationException',
        },
      ]);
    });

    it('warns about an unknown consumer since 1.13, rejects it in 1.12', () => {
      const job = (flinkVersion: string) => ({
        flinkVersion,
        managedMemoryConfig: { consumerWeights: { OPERATOR: 1, GPU: 2 } },
        vertices: [{ id: 'a', managedMemory: OP(1) }],
      });
      const a = analysisOf(job('1.17'));
      expect(a.warnings.map((w) => [w.code, w.message])).toEqual([
        [
          'managed-memory/unknown-consumer',
          "Flink ignores the unknown managed-memory consumer 'GPU' (known: OPERATOR, STATE_BACKEND, PYTHON, DATAPROC)",
        ],
      ]);
      expect(fractionsOf(a, 'a').ofSlot.OPERATOR).toBe(1.0);
      const errors = analysisErrors(job('1.12'));
      expect(errors.map((e) => [e.code, e.message, e.flinkErrorType])).toEqual([
        ['managed-memory/consumer-weights', 'Unknown managed memory consumer: GPU', 'IllegalConfigurationException'],
      ]);
    });

    it('1.12 defaults to DATAPROC:70, PYTHON:30', () => {
      const a = analysisOf({
        flinkVersion: '1.12',
        vertices: [
          { id: 'a', managedMemory: OP(1) },
          { id: 'p', managedMemory: { slotScope: ['PYTHON'] } },
        ],
      });
      expect(a.managedMemory.model).toBe('use-cases');
      expect(a.managedMemory.model === 'use-cases' && Object.fromEntries(a.managedMemory.weights)).toEqual({
        OPERATOR: 70,
        STATE_BACKEND: 70,
        PYTHON: 30,
      });
      expect(fractionsOf(a, 'a').ofSlot.OPERATOR).toBe(0.7);
      expect(fractionsOf(a, 'p').ofSlot.PYTHON).toBe(0.3);
    });
  });

  it('shows each share in bytes: floor(slot managed memory x fraction of slot)', () => {
    const report = buildPlanReport(
      analysisOf({ ...generatorTestJob, managedMemoryConfig: { ...generatorTestJob.managedMemoryConfig, slotManagedMemory: '512mb' } }),
    );
    const map1 = report.operators.find((o) => o.id === 'map1')!;
    // 536870912 x 0.3 = 161061273.6, x 0.4 = 214748364.8
    expect(map1.bytes).toEqual({ OPERATOR: 161061273, STATE_BACKEND: 0, PYTHON: 214748364 });
    expect(report.managedMemory.slotManagedMemory).toBe(536870912);
  });
});

describe('convertToFractionsOfSlot (ManagedMemoryUtilsTest.testConvertToFractionOfSlot*)', () => {
  const all = new Map<ManagedMemoryUseCase, number>([
    ['OPERATOR', 333],
    ['STATE_BACKEND', 444],
    ['PYTHON', 222],
  ]);
  const present = (fraction: number) =>
    new Map<ManagedMemoryUseCase, number>([
      ['OPERATOR', fraction],
      ['STATE_BACKEND', fraction],
      ['PYTHON', fraction],
    ]);

  it('multiplies the use-case fraction by the rounded-down weight share', () => {
    const onlyOperator = new Map<ManagedMemoryUseCase, number>([
      ['OPERATOR', 0.3],
      ['STATE_BACKEND', 0],
      ['PYTHON', 0],
    ]);
    expect(convertToFractionsOfSlot(onlyOperator, all, true).get('OPERATOR')).toBe(0.09999999999999999);
  });

  it('gives 0.0 when no weight is configured', () => {
    expect(Object.fromEntries(convertToFractionsOfSlot(present(0.3), new Map(), true))).toEqual({
      OPERATOR: 0,
      STATE_BACKEND: 0,
      PYTHON: 0,
    });
  });

  it('state backend using managed memory: 333/999, 444/999, 222/999', () => {
    expect(Object.fromEntries(convertToFractionsOfSlot(present(1.0), all, true))).toEqual({
      OPERATOR: 0.3333333333333333,
      STATE_BACKEND: 0.4444444444444444,
      PYTHON: 0.2222222222222222,
    });
  });

  it('state backend not using managed memory: 333/555, 0, 222/555', () => {
    expect(Object.fromEntries(convertToFractionsOfSlot(present(1.0), all, false))).toEqual({
      OPERATOR: 0.6,
      STATE_BACKEND: 0.0,
      PYTHON: 0.4,
    });
  });

  it('counts only the use cases present in the operator config', () => {
    const operatorOnly = new Map<ManagedMemoryUseCase, number>([['OPERATOR', 0.5]]);
    expect(Object.fromEntries(convertToFractionsOfSlot(operatorOnly, all, true))).toEqual({
      OPERATOR: 0.5,
      STATE_BACKEND: 0.0,
      PYTHON: 0.0,
    });
  });
});

describe('legacy fractions (Flink 1.10 / 1.11, FLIP-53)', () => {
  const legacyJob = (flinkVersion: string, ops: Array<[string, object]>) => ({
    flinkVersion,
    vertices: [
      {
        id: 'v1',
        operators: [
          { id: ops[0]![0], ...ops[0]![1] },
          { id: ops[1]![0], ...ops[1]![1] },
        ],
      },
      { id: 'v2', operators: [{ id: ops[2]![0], ...ops[2]![1] }] },
      { id: 'v3', slotSharingGroup: 'test', operators: [{ id: ops[3]![0], ...ops[3]![1] }] },
    ],
    edges: [
      { source: 'v1', target: 'v2' },
      { source: 'v2', target: 'v3' },
    ],
  });

  it('1.11, UNKNOWN resources: weight / group weight (testManagedMemoryFractionForUnknownResourceSpec, 1.11)', () => {
    const a = analysisOf(
      legacyJob('1.11', [
        ['source', { legacyWeight: 1 }],
        ['map1', { legacyWeight: 2 }],
        ['map2', { legacyWeight: 3 }],
        ['map3', { legacyWeight: 4 }],
      ]),
    );
    expect(a.managedMemory.model).toBe('legacy');
    expect(legacyFractionOf(a, 'source')).toBe(0.1666666666666666);
    expect(legacyFractionOf(a, 'map1')).toBe(0.3333333333333333);
    expect(legacyFractionOf(a, 'map2')).toBe(0.5);
    expect(legacyFractionOf(a, 'map3')).toBe(1.0);
  });

  it('1.10, UNKNOWN resources: 1 / number of operators in the group', () => {
    const a = analysisOf(
      legacyJob('1.10', [
        ['source', { legacyWeight: 1 }],
        ['map1', { legacyWeight: 2 }],
        ['map2', {}],
        ['map3', {}],
      ]),
    );
    expect(legacyFractionOf(a, 'source')).toBe(0.3333333333333333);
    expect(legacyFractionOf(a, 'map1')).toBe(0.3333333333333333);
    expect(legacyFractionOf(a, 'map2')).toBe(0.3333333333333333);
    expect(legacyFractionOf(a, 'map3')).toBe(1.0);
  });

  it('specified resources: managed bytes / group managed bytes (testManagedMemoryFractionForSpecifiedResourceSpec)', () => {
    const spec = (bytes: number) => ({ resources: { cpuCores: 1, taskHeapMemory: '100mb', managedMemoryBytes: bytes } });
    for (const version of ['1.10', '1.11']) {
      const a = analysisOf(
        legacyJob(version, [
          ['source', spec(100)],
          ['map1', spec(300)],
          ['map2', spec(700)],
          ['map3', spec(123)],
        ]),
      );
      expect(legacyFractionOf(a, 'source')).toBe(0.0909090909090909);
      expect(legacyFractionOf(a, 'map1')).toBe(0.2727272727272727);
      expect(legacyFractionOf(a, 'map2')).toBe(0.6363636363636364);
      expect(legacyFractionOf(a, 'map3')).toBe(1.0);
      const sum = ['source', 'map1', 'map2'].reduce((s, id) => addDecimal(s, decimalFromNumber(legacyFractionOf(a, id))), ZERO_DECIMAL);
      // the double nearest 0.6363636363636363 prints as 0.6363636363636364, so the sum is exactly 1
      expect(String(legacyFractionOf(a, 'map2'))).toBe('0.6363636363636364');
      expect(decimalToString(sum)).toBe('1');
    }
  });

  it('specified resources with no managed memory give 0.0; one UNKNOWN operator switches the group to weights', () => {
    const spec = { resources: { cpuCores: 1, taskHeapMemory: '100mb' } };
    const zero = analysisOf(
      legacyJob('1.11', [
        ['source', spec],
        ['map1', spec],
        ['map2', spec],
        ['map3', spec],
      ]),
    );
    expect(legacyFractionOf(zero, 'source')).toBe(0.0);
    expect(legacyFractionOf(zero, 'map3')).toBe(0.0);
    const mixed = analysisOf(
      legacyJob('1.11', [
        ['source', spec],
        ['map1', {}],
        ['map2', {}],
        ['map3', spec],
      ]),
    );
    expect(legacyFractionOf(mixed, 'source')).toBe(0.3333333333333333);
    expect(legacyFractionOf(mixed, 'map3')).toBe(0.0);
  });

  it('1.11: a zero group weight gives 0.0', () => {
    const a = analysisOf(
      legacyJob('1.11', [
        ['source', { legacyWeight: 0 }],
        ['map1', { legacyWeight: 0 }],
        ['map2', { legacyWeight: 0 }],
        ['map3', {}],
      ]),
    );
    expect(legacyFractionOf(a, 'source')).toBe(0.0);
    expect(legacyFractionOf(a, 'map3')).toBe(1.0);
  });

  it('1.11 refuses an operator with both resources and a managed-memory weight', () => {
    const errors = analysisErrors(
      legacyJob('1.11', [
        ['source', { legacyWeight: 2, resources: { cpuCores: 1, taskHeapMemory: '100mb' } }],
        ['map1', {}],
        ['map2', {}],
        ['map3', {}],
      ]),
    );
    expect(errors.map((e) => [e.code, e.message, e.location?.pointer, e.flinkErrorType])).toEqual([
      [
        'managed-memory/weight-and-resources',
        "The resources and managed memory weight should not be specified at the same time. operator 'source': resources and legacyWeight 2",
        '/vertices/0/operators/0',
        'IllegalArgumentException',
      ],
    ]);
  });
});
