/**
 * Effective managed-memory weight per use case, as
 * `ManagedMemoryUtils.getManagedMemoryUseCaseWeightsFromConfig`: up to 1.20 OPERATOR falls back to
 * the legacy DATAPROC key, so does STATE_BACKEND (2.0 dropped the fallback, FLINK-33750: DATAPROC
 * is then an unknown key); PYTHON has no fallback; a missing weight is 0;
 * a negative weight is an IllegalConfigurationException. Unknown keys are ignored (Flink >= 1.13)
 * or rejected (1.12). When the option is unset, the version's default applies.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import { type ManagedMemoryUseCase, USE_CASES } from '../model/job-graph.js';

function lookup(useCase: ManagedMemoryUseCase, version: FlinkVersion): readonly string[] {
  const dataproc = atLeast(version, 2, 0) ? [] : ['DATAPROC'];
  return useCase === 'PYTHON' ? ['PYTHON'] : [useCase, ...dataproc];
}

/** The consumer names the release knows. */
export function knownConsumerKeys(version: FlinkVersion): readonly string[] {
  return atLeast(version, 2, 0) ? ['OPERATOR', 'STATE_BACKEND', 'PYTHON'] : ['OPERATOR', 'STATE_BACKEND', 'PYTHON', 'DATAPROC'];
}

export function defaultConsumerWeights(version: FlinkVersion): ReadonlyMap<string, number> {
  return atLeast(version, 1, 13)
    ? new Map([
        ['OPERATOR', 70],
        ['STATE_BACKEND', 70],
        ['PYTHON', 30],
      ])
    : new Map([
        ['DATAPROC', 70],
        ['PYTHON', 30],
      ]);
}

/** Throws FlinkException (IllegalConfigurationException) on a negative or, in 1.12, unknown key. */
export function resolveConsumerWeights(
  configured: ReadonlyMap<string, number> | undefined,
  version: FlinkVersion,
): Map<ManagedMemoryUseCase, number> {
  const raw = configured ?? defaultConsumerWeights(version);
  if (!atLeast(version, 1, 13)) {
    for (const key of raw.keys()) {
      if (!knownConsumerKeys(version).includes(key))
        throw new FlinkException('IllegalConfigurationException', `Unknown managed memory consumer: ${key}`);
    }
  }
  const weights = new Map<ManagedMemoryUseCase, number>();
  for (const useCase of USE_CASES) {
    const key = lookup(useCase, version).find((k) => raw.has(k));
    if (key === undefined) continue;
    const weight = raw.get(key)!;
    if (weight < 0) {
      throw new FlinkException(
        'IllegalConfigurationException',
        `Managed memory weight should not be negative. Configured weight for ${useCase} is ${weight}.`,
      );
    }
    weights.set(useCase, weight);
  }
  return weights;
}

/** Keys Flink ignores (>= 1.13): worth a warning, since a typo silently drops a consumer. */
export function unknownConsumerKeys(configured: ReadonlyMap<string, number>, version: FlinkVersion): string[] {
  return [...configured.keys()].filter((k) => !knownConsumerKeys(version).includes(k));
}
