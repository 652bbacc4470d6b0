/**
 * The ResourceManager and SlotManager options a cluster runs with. The cluster's `options` win;
 * under them, the keys of the default worker's Flink configuration (where a FlinkDeployment's
 * `spec.flinkConfiguration` lands), so the file a user deploys limits workers as it does in Flink.
 * An option the cluster's release does not have is dropped with a warning: Flink ignores a key
 * it does not know. Releases per key: ResourceManagerOptions / TaskManagerOptions / ClusterOptions
 * of each release (docs/research/flink-versions.md §4).
 */
import { type Diagnostic, error, warning } from '../../errors/diagnostic.js';
import type { FlinkConfiguration } from '../../memory/flink-configuration.js';
import { type FlinkVersion, atLeast, formatVersion } from '../../model/flink-version.js';
import type { Raw } from './reader.js';

type Release = readonly [major: number, minor: number];

interface OptionSpec {
  /** The cluster file's name for it. */
  readonly option: string;
  /** Flink's key, then deprecated keys Flink still reads. */
  readonly keys: readonly string[];
  readonly since?: Release;
  readonly removedIn?: Release;
  /** How the configuration's text becomes the option's value. */
  readonly read: (text: string) => unknown;
}

const asNumber = (text: string): unknown => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);
const asText = (text: string): unknown => text.trim();
const asMode = (text: string): unknown => text.trim().toUpperCase();
const asBoolean = (text: string): unknown => text.trim().toLowerCase() === 'true';

const OPTIONS: readonly OptionSpec[] = [
  { option: 'maxSlots', keys: ['slotmanager.number-of-slots.max'], since: [1, 11], read: asNumber },
  { option: 'minSlots', keys: ['slotmanager.number-of-slots.min'], since: [1, 19], read: asNumber },
  { option: 'redundantTaskManagers', keys: ['slotmanager.redundant-taskmanager-num'], since: [1, 12], read: asNumber },
  { option: 'maxTotalCpu', keys: ['slotmanager.max-total-resource.cpu'], since: [1, 13], read: asNumber },
  { option: 'maxTotalMemory', keys: ['slotmanager.max-total-resource.memory'], since: [1, 13], read: asText },
  { option: 'minTotalCpu', keys: ['slotmanager.min-total-resource.cpu'], since: [1, 19], read: asNumber },
  { option: 'minTotalMemory', keys: ['slotmanager.min-total-resource.memory'], since: [1, 19], read: asText },
  {
    option: 'taskManagerTimeout',
    keys: ['resourcemanager.taskmanager-timeout', 'slotmanager.taskmanager-timeout'],
    read: asNumber,
  },
  { option: 'requirementCheckDelay', keys: ['slotmanager.requirement-check.delay'], since: [1, 16], read: asNumber },
  { option: 'declareNeededResourceDelay', keys: ['slotmanager.declare-needed-resource.delay'], since: [1, 17], read: asNumber },
  { option: 'loadBalanceMode', keys: ['taskmanager.load-balance.mode'], since: [1, 19], read: asMode },
  { option: 'evenlySpreadOutSlots', keys: ['cluster.evenly-spread-out-slots'], removedIn: [2, 0], read: asBoolean },
  { option: 'standaloneStartupTime', keys: ['resourcemanager.standalone.start-up-time'], read: asNumber },
  { option: 'slotIdleTimeout', keys: ['slot.idle.timeout'], read: asNumber },
];

/** The cluster file's option a Flink configuration key sets, if it is one of the SlotManager's. */
export function optionOfKey(key: string): string | undefined {
  return OPTIONS.find((spec) => spec.keys.includes(key))?.option;
}

/** Bounds on what a simulation starts or tracks, the same as the cluster schema's: larger values would hang it or overflow. */
const CAPS: Readonly<Record<string, number>> = {
  redundantTaskManagers: 10_000,
  minSlots: 100_000,
  maxSlots: 2_147_483_647,
  minTotalCpu: 100_000,
};

const releaseText = ([major, minor]: Release): string => `${major}.${minor}`;

function existsIn(spec: OptionSpec, version: FlinkVersion): boolean {
  if (spec.since !== undefined && !atLeast(version, ...spec.since)) return false;
  return spec.removedIn === undefined || !atLeast(version, ...spec.removedIn);
}

function absence(spec: OptionSpec, version: FlinkVersion): string {
  if (spec.since !== undefined && !atLeast(version, ...spec.since)) return `is new in Flink ${releaseText(spec.since)}`;
  return `was removed in Flink ${releaseText(spec.removedIn!)}`;
}

/**
 * `options` over the configuration's keys, each kept only where `version` has it. `configAt` is the
 * configuration's JSON pointer (its keys are reported under it).
 */
export function clusterOptions(
  given: Raw,
  optionsAt: string,
  config: FlinkConfiguration | undefined,
  configAt: string,
  version: FlinkVersion,
  diagnostics: { readonly notes: Diagnostic[]; readonly out: Diagnostic[] },
): Raw {
  const { notes } = diagnostics;
  const out: Raw = {};
  const pointers: Record<string, string> = {};
  for (const spec of OPTIONS) {
    const key = spec.keys.find((k) => config?.has(k));
    const fromOptions = given[spec.option] !== undefined;
    if (!fromOptions && key === undefined) continue;
    const where = fromOptions ? `${optionsAt}/${spec.option}` : `${configAt}/${key}`;
    if (!existsIn(spec, version)) {
      const name = fromOptions ? `options.${spec.option} (${spec.keys[0]})` : key!;
      const message = `${name} is ignored: the option ${absence(spec, version)} and the cluster runs Flink ${formatVersion(version)}`;
      notes.push(warning('scenario/option-not-in-version', message, where));
      continue;
    }
    out[spec.option] = fromOptions ? given[spec.option] : spec.read(config!.get(key!)!);
    pointers[spec.option] = where;
    const cap = CAPS[spec.option];
    const value = out[spec.option];
    if (cap !== undefined && typeof value === 'number' && !(value <= cap)) {
      diagnostics.out.push(
        error('scenario/option-value', `${key ?? spec.option} ${String(value)} is more than flinkslot simulates (at most ${cap})`, where),
      );
      delete out[spec.option];
    }
  }
  checkLoadBalanceMode(out, version, diagnostics.out, pointers.loadBalanceMode ?? `${optionsAt}/loadBalanceMode`);
  for (const [option, value] of Object.entries(given))
    if (!(option in out) && !OPTIONS.some((s) => s.option === option)) out[option] = value;
  return out;
}

/** `taskmanager.load-balance.mode` values by release: NONE, SLOTS from 1.19; MIN_RESOURCES 2.1; TASKS 2.2. */
const MODE_SINCE: Record<string, Release> = { NONE: [1, 19], SLOTS: [1, 19], MIN_RESOURCES: [2, 1], TASKS: [2, 2] };

/** A value the release's enum lacks fails Flink's start-up (Configuration.get cannot parse it). */
function checkLoadBalanceMode(out: Raw, version: FlinkVersion, errors: Diagnostic[], pointer: string): void {
  const mode = out.loadBalanceMode;
  if (mode === undefined) return;
  const since = MODE_SINCE[String(mode)];
  if (since !== undefined && atLeast(version, ...since)) return;
  const known = Object.entries(MODE_SINCE)
    .filter(([, release]) => atLeast(version, ...release))
    .map(([value]) => value);
  const message = `Could not parse value '${String(mode)}' for key 'taskmanager.load-balance.mode': Flink ${formatVersion(version)} knows ${known.join(', ')}${since === undefined ? '' : ` (${String(mode)} is new in ${releaseText(since)})`}`;
  errors.push(error('scenario/option-value', message, pointer, 'IllegalArgumentException'));
}
