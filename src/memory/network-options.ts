/**
 * The network (shuffle) options a TaskManager refuses at start-up, per release, with Flink's message
 * (docs/research/network-buffers.md §4). Flink reads them after the memory model, when it builds the
 * shuffle environment (`NettyShuffleEnvironmentConfiguration.fromConfiguration`, flink-runtime/.../
 * taskmanager/), in this order, and stops at the first failure:
 * 1. the segment size (`ConfigurationParserUtils.getPageSize`): an int, at least 4 KiB, a power of 2;
 * 2. the network memory in segments fits an int (`calculateNumberOfNetworkBuffers`);
 * 3. the buffer options as integers (`Configuration.getInteger`: a value that is not one fails);
 * 4. 1.10–1.11: `NetworkBufferPool`'s constructor wants buffers-per-channel > 0; 1.17–1.20:
 *    buffers-per-channel ≥ 0, required-per-gate.max ≥ 1 when set, floating-buffers-per-gate ≥ 1
 *    (2.x: only required-per-gate.max; the other two options are gone).
 * Ports, Netty options and the buffer request timeout are not checked (research §4.1 lists them).
 * Values that only fail when a task is deployed (floating-buffers-per-gate 0 before 1.17, a
 * buffers-per-channel Flink 1.12–1.16 accepts at start-up but not at a remote channel) are warnings
 * with the deployment's message. Options 2.0 removed are notes: Flink ignores them.
 */
import { type Diagnostic, error, info, warning } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast, formatVersion } from '../model/flink-version.js';
import { parseMemorySize } from '../model/memory-size.js';
import { pushAll } from '../util/push-all.js';
import { type FlinkConfiguration, option, readInteger } from './flink-configuration.js';

const NETWORK = 'taskmanager.network.memory.';
export const BUFFERS_PER_CHANNEL = `${NETWORK}buffers-per-channel`;
export const FLOATING_BUFFERS_PER_GATE = `${NETWORK}floating-buffers-per-gate`;
export const REQUIRED_PER_GATE_MAX = `${NETWORK}read-buffer.required-per-gate.max`;
const MAX_BUFFERS_PER_CHANNEL = `${NETWORK}max-buffers-per-channel`;
const MAX_OVERDRAFT_PER_GATE = `${NETWORK}max-overdraft-buffers-per-gate`;
const SORT_MIN_BUFFERS = 'taskmanager.network.sort-shuffle.min-buffers';
const SORT_MIN_PARALLELISM = 'taskmanager.network.sort-shuffle.min-parallelism';
const SEGMENT_SIZE = 'taskmanager.memory.segment-size';
const NETWORK_SIZE_KEYS = ['taskmanager.memory.network.max', 'taskmanager.memory.network.min', 'taskmanager.memory.network.fraction'];
/** `MemoryManager.MIN_PAGE_SIZE`. */
const MIN_PAGE_SIZE = 4096n;
const DEFAULT_PAGE_SIZE = 32n * 1024n;
const INT_MAX = 2 ** 31 - 1;

/**
 * The integer options `fromConfiguration` reads, in its order, with the releases that have them
 * (`NettyShuffleEnvironmentOptions`, flink-core/.../configuration/); `removed`: 2.0 dropped the
 * option (NettyShuffleMaster and NettyShuffleEnvironmentConfiguration hard-code the value), and why.
 */
const INTEGER_OPTIONS: ReadonlyArray<{ key: string; from: [number, number]; removed?: string }> = [
  { key: BUFFERS_PER_CHANNEL, from: [1, 10], removed: 'Flink uses 2' },
  { key: FLOATING_BUFFERS_PER_GATE, from: [1, 10], removed: 'Flink uses 8' },
  { key: REQUIRED_PER_GATE_MAX, from: [1, 17] },
  { key: MAX_BUFFERS_PER_CHANNEL, from: [1, 11], removed: 'Flink uses 10' },
  { key: MAX_OVERDRAFT_PER_GATE, from: [1, 16], removed: 'no longer configurable' },
  { key: SORT_MIN_BUFFERS, from: [1, 12] },
  { key: SORT_MIN_PARALLELISM, from: [1, 12], removed: 'every blocking result uses sort-shuffle' },
];

/** Every key this file reads (a near miss of one is worth a warning, configuration-keys.ts). */
export const NETWORK_OPTION_KEYS: readonly string[] = [SEGMENT_SIZE, ...INTEGER_OPTIONS.map((o) => o.key)];

export interface NetworkOptionsCheck {
  /** The first value the TaskManager refuses to start with, located at its key. */
  readonly refusal: Diagnostic | undefined;
  /** Values that fail at deployment, options the release does not read. */
  readonly notes: Diagnostic[];
}

/** `networkMemory`: the TaskManager's network memory in bytes (FLIP-49), which must be at most 2^31-1 segments. */
export function checkNetworkOptions(config: FlinkConfiguration, version: FlinkVersion, networkMemory?: bigint): NetworkOptionsCheck {
  const notes = removedOptionNotes(config, version);
  const failure = shuffleEnvironmentFailure(config, version, networkMemory);
  if (failure !== undefined) return { refusal: refused(version, failure.key, config, failure.exception), notes };
  pushAll(notes, deploymentFailures(readValues(config, version), version));
  return { refusal: undefined, notes };
}

/** The exception the TaskManager's shuffle environment throws for this configuration, and the key it is about. */
export function shuffleEnvironmentFailure(
  config: FlinkConfiguration,
  version: FlinkVersion,
  networkMemory?: bigint,
): { key: string; exception: FlinkException } | undefined {
  try {
    const pageSize = checkPageSize(config);
    if (networkMemory !== undefined) checkNumberOfBuffers(networkMemory, pageSize);
    const refusal = startUpRefusal(readValues(config, version), version);
    return refusal === undefined
      ? undefined
      : { key: refusal.key, exception: new FlinkException('IllegalArgumentException', refusal.message) };
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    const key = INTEGER_OPTIONS.map((o) => o.key).find((k) => e.message.includes(`'${k}'`)) ?? pageKey(config, e);
    return { key, exception: e };
  }
}

/** A page-size failure is the segment size's; too many pages, the network size's (or the segment size's, when set). */
function pageKey(config: FlinkConfiguration, e: FlinkException): string {
  if (!e.message.includes('MAX_INT pages') || config.has(SEGMENT_SIZE)) return SEGMENT_SIZE;
  return NETWORK_SIZE_KEYS.find((k) => config.has(k)) ?? SEGMENT_SIZE;
}

/** The integer options the release reads and the configuration sets, in Flink's order; throws on a bad value. */
function readValues(config: FlinkConfiguration, version: FlinkVersion): Map<string, number> {
  const values = new Map<string, number>();
  for (const o of INTEGER_OPTIONS.filter((o) => has(version, o) && config.has(o.key))) values.set(o.key, readInt(config, o.key));
  return values;
}

function has(version: FlinkVersion, o: (typeof INTEGER_OPTIONS)[number]): boolean {
  return atLeast(version, o.from[0], o.from[1]) && (o.removed === undefined || !atLeast(version, 2, 0));
}

function refused(version: FlinkVersion, key: string, config: FlinkConfiguration, e: FlinkException): Diagnostic {
  const flink = [e.message, ...e.causes.map((c) => `caused by: ${c}`)].join('\n  ');
  const value = config.get(key);
  const what = value === undefined ? '' : ` with ${key}: ${value}`;
  const message = `a Flink ${formatVersion(version)} TaskManager refuses to start${what}: ${flink}`;
  return error('config/network-option', message, value === undefined ? '' : `/${key}`, e.errorType);
}

/** `Configuration.getInteger`: Java's Integer.parseInt of the text, so a value beyond an int fails like a word. */
function readInt(config: FlinkConfiguration, key: string): number {
  const value = readInteger(config, option<number>(key, undefined, undefined))!;
  if (value > INT_MAX || value < -INT_MAX - 1) {
    const text = config.get(key)!;
    throw new FlinkException('IllegalArgumentException', `Could not parse value '${text}' for key '${key}'.`, [
      `For input string: "${text.trim()}"`,
    ]);
  }
  return value;
}

/** `calculateNumberOfNetworkBuffers` (every release): the network memory in segments must fit an int. */
function checkNumberOfBuffers(networkMemory: bigint, pageSize: bigint): void {
  if (networkMemory / pageSize > BigInt(INT_MAX))
    throw new FlinkException(
      'IllegalArgumentException',
      `The given number of memory bytes (${networkMemory}) corresponds to more than MAX_INT pages.`,
    );
}

/** flink-runtime/.../util/ConfigurationParserUtils.getPageSize (every release 1.10 – 2.x); the page size in bytes. */
function checkPageSize(config: FlinkConfiguration): bigint {
  const text = config.get(SEGMENT_SIZE);
  if (text === undefined) return DEFAULT_PAGE_SIZE;
  let bytes: bigint;
  try {
    bytes = parseMemorySize(text);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    throw new FlinkException('IllegalArgumentException', `Could not parse value '${text}' for key '${SEGMENT_SIZE}'.`, [e.message]);
  }
  // MathUtils.checkedDownCast
  if (bytes > BigInt(INT_MAX)) throw new FlinkException('IllegalArgumentException', `Cannot downcast long value ${bytes} to integer.`);
  const invalid = (why: string): FlinkException =>
    new FlinkException('IllegalConfigurationException', `Invalid configuration value for ${SEGMENT_SIZE} : ${bytes} - ${why}`);
  if (bytes < MIN_PAGE_SIZE) throw invalid(`Minimum memory segment size is ${MIN_PAGE_SIZE}`);
  if ((bytes & (bytes - 1n)) !== 0n) throw invalid('Memory segment size must be a power of 2.');
  return bytes;
}

/** The checks after the options are read; the first failing one, in Flink's order. */
function startUpRefusal(values: ReadonlyMap<string, number>, version: FlinkVersion): { key: string; message: string } | undefined {
  const bpc = values.get(BUFFERS_PER_CHANNEL);
  const fpg = values.get(FLOATING_BUFFERS_PER_GATE);
  const requiredMax = values.get(REQUIRED_PER_GATE_MAX);
  // 1.10–1.11: flink-runtime/.../io/network/buffer/NetworkBufferPool (constructor, built at start-up).
  if (!atLeast(version, 1, 12)) {
    return bpc !== undefined && bpc <= 0
      ? { key: BUFFERS_PER_CHANNEL, message: 'The number of required buffers should be larger than 0.' }
      : undefined;
  }
  const legacyOptions = atLeast(version, 1, 17) && !atLeast(version, 2, 0);
  // 1.17+: NettyShuffleEnvironmentConfiguration.fromConfiguration (FLINK-30473).
  if (legacyOptions && bpc !== undefined && bpc < 0) return { key: BUFFERS_PER_CHANNEL, message: 'Must be non-negative.' };
  if (atLeast(version, 1, 17) && requiredMax !== undefined && requiredMax < 1)
    return {
      key: REQUIRED_PER_GATE_MAX,
      message: `At least one buffer is required for each gate, please increase the value of ${REQUIRED_PER_GATE_MAX}.`,
    };
  if (legacyOptions && fpg !== undefined && fpg < 1)
    return {
      key: FLOATING_BUFFERS_PER_GATE,
      message: `The configured floating buffer should be at least 1, please increase the value of ${FLOATING_BUFFERS_PER_GATE}.`,
    };
  return undefined;
}

/**
 * Values the TaskManager starts with but its tasks cannot use:
 * - floating-buffers-per-gate ≤ 0 before 1.17: every input gate's buffer pool is built with at
 *   most that many buffers (`SingleInputGateFactory`), which `LocalBufferPool`'s constructor
 *   refuses: 1.10 (min 0) "should be larger than 0" for 0, 1.11–1.16 (min 1) "not smaller than minimum";
 * - buffers-per-channel in 1.12–1.16: the exclusive buffers of a remote input channel are requested
 *   from `NetworkBufferPool.requestMemorySegments`, which wants > 0 (1.12–1.13) or ≥ 0 (1.14–1.16).
 */
function deploymentFailures(values: ReadonlyMap<string, number>, version: FlinkVersion): Diagnostic[] {
  const out: Diagnostic[] = [];
  const release = formatVersion(version);
  const fpg = values.get(FLOATING_BUFFERS_PER_GATE);
  if (!atLeast(version, 1, 17) && fpg !== undefined && fpg <= 0) {
    const min = atLeast(version, 1, 11) ? 1 : 0;
    const flink =
      fpg < min
        ? `Maximum number of memory segments (${fpg}) should not be smaller than minimum (${min}).`
        : `Maximum number of memory segments (${fpg}) should be larger than 0.`;
    const message = `Flink ${release} starts the TaskManager with ${FLOATING_BUFFERS_PER_GATE}: ${fpg}, but every task with an input fails at deployment: IllegalArgumentException: ${flink} (Flink 1.17 and later refuse the value at start-up); set it to at least 1`;
    out.push(warning('config/network-option-deployment', message, `/${FLOATING_BUFFERS_PER_GATE}`));
  }
  const bpc = values.get(BUFFERS_PER_CHANNEL);
  const requestFloor = atLeast(version, 1, 14) ? 0 : 1;
  if (atLeast(version, 1, 12) && !atLeast(version, 1, 17) && bpc !== undefined && bpc < requestFloor) {
    const flink = atLeast(version, 1, 14)
      ? 'Number of buffers to request must be non-negative.'
      : 'Number of buffers to request must be larger than 0.';
    const message = `Flink ${release} starts the TaskManager with ${BUFFERS_PER_CHANNEL}: ${bpc}, but a task reading from another TaskManager fails at deployment: IllegalArgumentException: ${flink}`;
    out.push(warning('config/network-option-deployment', message, `/${BUFFERS_PER_CHANNEL}`));
  }
  return out;
}

/** 2.0 removed the options; Flink ignores a configuration's value (legacy-options.ts notes the memory keys). */
function removedOptionNotes(config: FlinkConfiguration, version: FlinkVersion): Diagnostic[] {
  if (!atLeast(version, 2, 0)) return [];
  return INTEGER_OPTIONS.filter((o) => o.removed !== undefined && config.has(o.key)).map((o) =>
    info(
      'config/legacy-key',
      `'${o.key}' is not read by Flink ${formatVersion(version)} (removed in 2.0): ignored; ${o.removed}`,
      `/${o.key}`,
    ),
  );
}
