import { describe, expect, it } from 'vitest';
import { thrown } from '../../support/thrown.js';
import { defaultConsumerWeights, resolveConsumerWeights, unknownConsumerKeys } from '../../../src/plan/consumer-weights.js';
import type { FlinkVersion } from '../../../src/model/flink-version.js';

const V1_12: FlinkVersion = { major: 1, minor: 12 };
const V1_13: FlinkVersion = { major: 1, minor: 13 };
const V2_1: FlinkVersion = { major: 2, minor: 1 };
const V1_20: FlinkVersion = { major: 1, minor: 20 };

const weights = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));
const asObject = (m: ReadonlyMap<string, number>): Record<string, number> => Object.fromEntries(m);

describe('defaultConsumerWeights', () => {
  it('is OPERATOR:70, STATE_BACKEND:70, PYTHON:30 since 1.13 and DATAPROC:70, PYTHON:30 in 1.12', () => {
    expect(asObject(defaultConsumerWeights(V1_13))).toEqual({ OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 });
    expect(asObject(defaultConsumerWeights(V2_1))).toEqual({ OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 });
    expect(asObject(defaultConsumerWeights(V1_12))).toEqual({ DATAPROC: 70, PYTHON: 30 });
  });
});

describe('resolveConsumerWeights (ManagedMemoryUtils.getManagedMemoryUseCaseWeightsFromConfig)', () => {
  it('applies the version default when the option is unset', () => {
    expect(asObject(resolveConsumerWeights(undefined, V2_1))).toEqual({ OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 });
    expect(asObject(resolveConsumerWeights(undefined, V1_12))).toEqual({ OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 });
  });

  it('explicit OPERATOR / STATE_BACKEND keys win over the legacy DATAPROC key (testGetWeightsFromConfig)', () => {
    const all = weights({ DATAPROC: 111, PYTHON: 222, OPERATOR: 333, STATE_BACKEND: 444 });
    expect(asObject(resolveConsumerWeights(all, V2_1))).toEqual({ OPERATOR: 333, STATE_BACKEND: 444, PYTHON: 222 });
  });

  it('DATAPROC is the fallback for OPERATOR and STATE_BACKEND, never for PYTHON (testGetWeightsFromConfigLegacy, up to 1.20)', () => {
    expect(asObject(resolveConsumerWeights(weights({ DATAPROC: 111, PYTHON: 222 }), V1_20))).toEqual({
      OPERATOR: 111,
      STATE_BACKEND: 111,
      PYTHON: 222,
    });
    expect(asObject(resolveConsumerWeights(weights({ DATAPROC: 5 }), V1_20))).toEqual({ OPERATOR: 5, STATE_BACKEND: 5 });
    expect(asObject(resolveConsumerWeights(weights({ DATAPROC: 5, OPERATOR: 1 }), V1_20))).toEqual({ OPERATOR: 1, STATE_BACKEND: 5 });
  });

  it('leaves out use cases without a weight; an explicitly empty map has no weights', () => {
    expect(asObject(resolveConsumerWeights(weights({ OPERATOR: 6, PYTHON: 4 }), V2_1))).toEqual({ OPERATOR: 6, PYTHON: 4 });
    expect(resolveConsumerWeights(weights({}), V2_1).size).toBe(0);
    expect(asObject(resolveConsumerWeights(weights({ PYTHON: 0 }), V2_1))).toEqual({ PYTHON: 0 });
  });

  it('rejects a negative weight (testGetWeightsFromConfigFailNegativeWeight)', () => {
    const e = thrown(() => resolveConsumerWeights(weights({ OPERATOR: -123 }), V2_1));
    expect(e.errorType).toBe('IllegalConfigurationException');
    expect(e.message).toBe('Managed memory weight should not be negative. Configured weight for OPERATOR is -123.');
    expect(thrown(() => resolveConsumerWeights(weights({ OPERATOR: 1, PYTHON: -1 }), V2_1)).message).toBe(
      'Managed memory weight should not be negative. Configured weight for PYTHON is -1.',
    );
  });

  it('ignores unknown keys since 1.13 but rejects them in 1.12', () => {
    const withTypo = weights({ OPERATOR: 1, OPERATRO: 5 });
    expect(asObject(resolveConsumerWeights(withTypo, V1_13))).toEqual({ OPERATOR: 1 });
    const e = thrown(() => resolveConsumerWeights(withTypo, V1_12));
    expect(e.errorType).toBe('IllegalConfigurationException');
    expect(e.message).toBe('Unknown managed memory consumer: OPERATRO');
    expect(asObject(resolveConsumerWeights(weights({ DATAPROC: 3, PYTHON: 1 }), V1_12))).toEqual({
      OPERATOR: 3,
      STATE_BACKEND: 3,
      PYTHON: 1,
    });
  });

  it('unknownConsumerKeys lists the keys Flink ignores', () => {
    expect(unknownConsumerKeys(weights({ OPERATOR: 1, DATAPROC: 1, STATE_BACKEND: 1, PYTHON: 1 }), V1_13)).toEqual([]);
    expect(unknownConsumerKeys(weights({ operator: 1, GPU: 2, PYTHON: 1 }), V1_13)).toEqual(['operator', 'GPU']);
  });

  it('2.0 dropped the DATAPROC fallback (FLINK-33750): a legacy DATAPROC:70,PYTHON:30 leaves OPERATOR and STATE_BACKEND at 0', () => {
    const legacy = weights({ DATAPROC: 70, PYTHON: 30 });
    expect(asObject(resolveConsumerWeights(legacy, { major: 1, minor: 20 }))).toEqual({ OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 });
    expect(asObject(resolveConsumerWeights(legacy, V2_1))).toEqual({ PYTHON: 30 });
    expect(unknownConsumerKeys(legacy, V2_1)).toEqual(['DATAPROC']);
  });
});
