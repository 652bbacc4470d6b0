/**
 * External resources of a TaskManager (FLIP-108, Flink 1.11): `external-resources` lists the names
 * (`gpu;fpga`), and each listed name's `external-resource.<name>.amount` is how many one
 * TaskManager has (`flink-runtime/.../externalresource/ExternalResourceUtils.java`,
 * getExternalResourceAmountMap). From Flink 1.13 they are extended resources of the
 * TaskExecutorResourceSpec (`TaskExecutorResourceUtils.resourceSpecFromConfig`), hence of the
 * TaskManager's total ResourceProfile and, divided by the slots, of its default slot profile; in
 * 1.11 and 1.12 only the TaskManager's drivers and the Kubernetes/YARN container request see them.
 * docs/research/external-resources.md has the rule per release.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { type Decimal, decimalFromNumber } from '../model/decimal.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import type { FlinkConfiguration } from './flink-configuration.js';

export interface ExternalResource {
  readonly name: string;
  /** `external-resource.<name>.amount`: per TaskManager, a positive Java long. */
  readonly amount: bigint;
  /** `external-resource.<name>.driver-factory.class`: only what the TaskManager's code can ask about it. */
  readonly driverFactoryClass?: string;
  /** `external-resource.<name>.kubernetes.config-key`: the pod's resource name (`nvidia.com/gpu`). */
  readonly kubernetesConfigKey?: string;
  /** `external-resource.<name>.yarn.config-key`: the container's resource name (`yarn.io/gpu`). */
  readonly yarnConfigKey?: string;
}

/** A name Flink lists but leaves out, with the reason its log gives. */
export interface IgnoredExternalResource {
  readonly name: string;
  readonly reason: 'no amount' | 'amount not positive' | 'not listed';
  readonly amount?: bigint;
}

export interface ExternalResources {
  readonly resources: readonly ExternalResource[];
  readonly ignored: readonly IgnoredExternalResource[];
  /** From 1.13: the amounts are extended resources of the TaskManager's and its slots' profiles. */
  readonly inResourceProfile: boolean;
  /** Before 1.11 `external-resources` is a key Flink does not know. */
  readonly unknownToRelease?: true;
}

const NONE: ExternalResources = { resources: [], ignored: [], inResourceProfile: false };
const LIST_KEY = 'external-resources';
const PREFIX = 'external-resource.';
const LONG_MAX = 2n ** 63n - 1n;
const LONG_MIN = -(2n ** 63n);

/**
 * The external resources a TaskManager started with this configuration has. Before 1.11 the keys
 * mean nothing to Flink. A listed name without an amount, or with an amount ≤ 0, is logged and
 * left out; an amount that is not a long fails the TaskManager's start (Configuration.getOptional).
 */
export function externalResourcesFromConfig(config: FlinkConfiguration, version: FlinkVersion): ExternalResources {
  if (!atLeast(version, 1, 11)) return config.has(LIST_KEY) ? { ...NONE, unknownToRelease: true } : NONE;
  const names = listedNames(config.get(LIST_KEY), version);
  const resources: ExternalResource[] = [];
  const ignored: IgnoredExternalResource[] = [];
  for (const name of names) {
    const amount = readLong(config, `${PREFIX}${name}.amount`);
    if (amount === undefined) ignored.push({ name, reason: 'no amount' });
    else if (amount <= 0n) ignored.push({ name, reason: 'amount not positive', amount });
    else resources.push({ name, amount, ...deploymentKeys(config, name) });
  }
  // Flink says nothing of an amount whose name is not listed; a reader is told it has no effect.
  for (const key of config.keys()) {
    const match = /^external-resource\.(.+)\.amount$/.exec(key);
    if (match !== null && !names.includes(match[1]!)) ignored.push({ name: match[1]!, reason: 'not listed' });
  }
  return { resources: resources.sort((a, b) => (a.name < b.name ? -1 : 1)), ignored, inResourceProfile: atLeast(version, 1, 13) };
}

/**
 * The extended resources of the TaskManager's total profile: each amount as Flink's
 * `ExternalResource(name, double)` holds it (a long widened to double, then BigDecimal.valueOf).
 * None before 1.13 (`TaskExecutorResourceSpec` had no extended resources).
 */
export function extendedResourcesOf(external: ExternalResources): Map<string, Decimal> {
  if (!external.inResourceProfile) return new Map();
  return new Map(external.resources.map((r) => [r.name, decimalFromNumber(Number(r.amount))]));
}

/**
 * `external-resources` is a list option: names split at ';' (StructuredOptionsSplitter, tokens
 * trimmed). `none` means no resources from 1.13 (ExternalResourceOptions.NONE); before, it is a
 * name like any other, without an amount. From 1.19 a YAML list is a list too; flattening writes
 * it comma-joined, so ',' separates names there as well.
 */
function listedNames(text: string | undefined, version: FlinkVersion): string[] {
  if (text === undefined) return [];
  const trimmed = text.trim();
  if (atLeast(version, 1, 13) && trimmed === 'none') return [];
  const yamlList = atLeast(version, 1, 19);
  const body = yamlList && /^\[.*\]$/s.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  const names = body
    .split(yamlList ? /[;,]/ : ';')
    .map((n) => n.trim().replace(/^(['"])(.*)\1$/, '$2'))
    .filter((n) => n !== '');
  return [...new Set(names)];
}

/** A long option: Long.parseLong of the text; anything else fails as Configuration.getOptional does. */
function readLong(config: FlinkConfiguration, key: string): bigint | undefined {
  const text = config.get(key);
  if (text === undefined) return undefined;
  const value = /^[+-]?\d+$/.test(text.trim()) ? BigInt(text.trim()) : undefined;
  if (value === undefined || value > LONG_MAX || value < LONG_MIN)
    throw new FlinkException('IllegalArgumentException', `Could not parse value '${text}' for key '${key}'.`, [
      `For input string: "${text}"`,
    ]);
  return value;
}

function deploymentKeys(config: FlinkConfiguration, name: string): Omit<ExternalResource, 'name' | 'amount'> {
  const read = (suffix: string): string | undefined => {
    const value = config.get(`${PREFIX}${name}.${suffix}`)?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const driverFactoryClass = read('driver-factory.class');
  const kubernetesConfigKey = read('kubernetes.config-key');
  const yarnConfigKey = read('yarn.config-key');
  return {
    ...(driverFactoryClass === undefined ? {} : { driverFactoryClass }),
    ...(kubernetesConfigKey === undefined ? {} : { kubernetesConfigKey }),
    ...(yarnConfigKey === undefined ? {} : { yarnConfigKey }),
  };
}

/** What Flink logs about the configuration's external resources, and what they mean for slots, as notes. */
export function externalResourceNotes(external: ExternalResources, version: FlinkVersion): string[] {
  const v = `${version.major}.${version.minor}`;
  if (external.unknownToRelease === true) return [`Flink ${v} has no external resources (from Flink 1.11): ${LIST_KEY} has no effect`];
  const notes = external.ignored.map((i) => {
    const key = `${PREFIX}${i.name}.amount`;
    if (i.reason === 'no amount') return `external resource '${i.name}' is listed in ${LIST_KEY} without ${key}: Flink ignores it`;
    if (i.reason === 'not listed') return `${key} is set but '${i.name}' is not in ${LIST_KEY}: Flink ignores it`;
    return `${key} is ${i.amount}, not positive: Flink ignores the resource`;
  });
  if (external.resources.length > 0 && !external.inResourceProfile) {
    notes.push(
      `Flink ${v} gives external resources to the TaskManager's drivers and containers, not to its slot profiles (from Flink 1.13): no slot request can ask for them`,
    );
  }
  return notes;
}
