/**
 * A component derived as a fraction of a base and capped to [min, max]
 * (`RangeFraction`, `ProcessMemoryUtils.getRangeFraction / deriveWithFraction / capToMinMax`).
 */
import { FlinkException } from '../errors/flink-exception.js';
import { toHumanReadableString } from '../model/memory-size.js';
import { type ConfigOption, type FlinkConfiguration, describeOption, javaDouble, readFloat, readMemory } from './flink-configuration.js';
import { inverseFraction, multiplyBytes } from './fraction-multiply.js';

export interface RangeFraction {
  readonly min: bigint;
  readonly max: bigint;
  readonly fraction: number;
}

export function readRangeFraction(
  config: FlinkConfiguration,
  minOption: ConfigOption<bigint> | bigint,
  maxOption: ConfigOption<bigint> | bigint,
  fractionOption: ConfigOption<number>,
): RangeFraction {
  const min = typeof minOption === 'bigint' ? minOption : readMemory(config, minOption)!;
  const max = typeof maxOption === 'bigint' ? maxOption : readMemory(config, maxOption)!;
  const fraction = readFloat(config, fractionOption);
  const problem =
    min > max
      ? 'min value must be less or equal to max value'
      : fraction < 0 || fraction >= 1
        ? 'fraction must be in range [0, 1)'
        : undefined;
  if (problem !== undefined) {
    const message = `Inconsistently configured ${describeOption(fractionOption)} (${javaDouble(fraction)}) and its min (${toHumanReadableString(min)}), max (${toHumanReadableString(max)}) value`;
    throw new FlinkException('IllegalConfigurationException', message, [problem]);
  }
  return { min, max, fraction };
}

function cap(value: bigint, range: RangeFraction): bigint {
  return value > range.max ? range.max : value < range.min ? range.min : value;
}

export function deriveWithFraction(base: bigint, range: RangeFraction): bigint {
  return cap(multiplyBytes(base, range.fraction), range);
}

export function deriveWithInverseFraction(base: bigint, range: RangeFraction): bigint {
  return cap(multiplyBytes(base, inverseFraction(range.fraction)), range);
}
