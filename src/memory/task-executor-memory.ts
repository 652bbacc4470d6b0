/**
 * The TaskExecutor memory model (FLIP-49) to the byte, as `ProcessMemoryUtils` and
 * `TaskExecutorFlinkMemoryUtils` derive it: from explicit task heap + managed memory (case A),
 * else from Total Flink Memory (B), else from Total Process Memory (C), else an error (D); with
 * Flink's checks and messages (`toHumanReadableString` sizes). Throws FlinkException whose chain
 * is Flink's exception chain, outermost first.
 */
import { FlinkException } from '../errors/flink-exception.js';
import { type FlinkVersion, atLeast } from '../model/flink-version.js';
import { MAX_BYTES, toHumanReadableString as h } from '../model/memory-size.js';
import { type FlinkConfiguration, describeOption, isConfigured, readInteger, readMemory } from './flink-configuration.js';
import { type MemoryOptions, memoryOptions } from './memory-options.js';
import { type RangeFraction, deriveWithFraction, deriveWithInverseFraction, readRangeFraction } from './range-fraction.js';

export interface TaskExecutorMemory {
  readonly frameworkHeap: bigint;
  readonly taskHeap: bigint;
  readonly frameworkOffHeap: bigint;
  readonly taskOffHeap: bigint;
  readonly network: bigint;
  readonly managed: bigint;
  readonly jvmMetaspace: bigint;
  readonly jvmOverhead: bigint;
  readonly totalFlink: bigint;
  readonly totalProcess: bigint;
  /** -Xmx = -Xms */
  readonly jvmHeap: bigint;
  /** -XX:MaxDirectMemorySize */
  readonly jvmDirect: bigint;
}

type FlinkInternal = Pick<TaskExecutorMemory, 'frameworkHeap' | 'taskHeap' | 'frameworkOffHeap' | 'taskOffHeap' | 'network' | 'managed'>;

interface Context {
  readonly config: FlinkConfiguration;
  readonly o: MemoryOptions;
  readonly configured: (key: keyof MemoryOptions) => boolean;
  readonly memory: (key: keyof MemoryOptions) => bigint;
  readonly derived: Map<string, bigint>;
}

/** A failed derivation, with the components computed before the check that failed. */
export class MemoryConfigurationException extends FlinkException {
  constructor(
    message: string,
    causes: readonly string[],
    readonly derivedBeforeFailure: ReadonlyMap<string, bigint>,
  ) {
    super('IllegalConfigurationException', message, causes);
  }
}

/**
 * FLINK-20171 (1.12): `TaskExecutorProcessUtils.processSpecFromConfig` re-throws every
 * IllegalConfigurationException with a prefix; other exceptions (e.g. a value that does not
 * parse as a number) pass through unchanged.
 */
export function withFailurePrefix(e: FlinkException, version: FlinkVersion): FlinkException {
  if (e.errorType !== 'IllegalConfigurationException' || !atLeast(version, 1, 12)) return e;
  return e.wrap(e.errorType, `TaskManager memory configuration failed: ${e.message}`);
}

/** The component a memory option sets; a value read from the configuration is known from then on. */
const COMPONENT_OF_OPTION: Partial<Record<keyof MemoryOptions, keyof TaskExecutorMemory>> = {
  frameworkHeap: 'frameworkHeap',
  frameworkOffHeap: 'frameworkOffHeap',
  taskHeap: 'taskHeap',
  taskOffHeap: 'taskOffHeap',
  managedSize: 'managed',
  metaspace: 'jvmMetaspace',
  flinkSize: 'totalFlink',
  processSize: 'totalProcess',
};

/** Records a component as it is derived, so a failure can say what was computed before it. */
function note<T extends bigint>(ctx: Context, name: string, value: T): T {
  ctx.derived.set(name, value);
  return value;
}

function fail(message: string, causes: string[] = []): never {
  throw new FlinkException('IllegalConfigurationException', message, causes);
}

export function computeTaskExecutorMemory(config: FlinkConfiguration, version: FlinkVersion): TaskExecutorMemory {
  const o = memoryOptions(version);
  const ctx: Context = {
    config,
    o,
    configured: (key) => o[key] !== undefined && isConfigured(config, o[key]),
    memory: (key) => {
      const bytes = readMemory(config, o[key] as never) as bigint;
      const component = COMPONENT_OF_OPTION[key];
      if (component !== undefined) ctx.derived.set(component, bytes);
      return bytes;
    },
    derived: new Map(),
  };
  try {
    return derive(ctx);
  } catch (e) {
    if (!(e instanceof FlinkException)) throw e;
    const prefixed = withFailurePrefix(e, version);
    throw new MemoryConfigurationException(prefixed.message, prefixed.causes, ctx.derived);
  }
}

function derive(ctx: Context): TaskExecutorMemory {
  if (ctx.configured('taskHeap') && ctx.configured('managedSize')) {
    return withJvm(ctx, withExplicitInternalMemory(ctx));
  }
  if (ctx.configured('flinkSize')) return withJvm(ctx, fromTotalFlink(ctx, ctx.memory('flinkSize')));
  if (ctx.configured('processSize')) return fromTotalProcess(ctx);
  const { o } = ctx;
  fail(
    `Either required fine-grained memory (${o.taskHeap.key} and ${o.managedSize.key}), or Total Flink Memory size (${describeOption(o.flinkSize)}), or Total Process Memory size (${describeOption(o.processSize)}) need to be configured explicitly.`,
  );
}

function sum(parts: Partial<FlinkInternal>): bigint {
  return Object.values(parts).reduce((a, b) => a + (b ?? 0n), 0n);
}

function networkRange(ctx: Context): RangeFraction {
  return readRangeFraction(ctx.config, ctx.o.networkMin, ctx.o.networkMax, ctx.o.networkFraction);
}

/** Legacy `taskmanager.network.numberOfBuffers` × segment size, used only when no new network option is set. */
function legacyNetwork(ctx: Context): bigint | undefined {
  const option = ctx.o.networkBuffers;
  if (option === undefined || ctx.configured('networkMin') || ctx.configured('networkMax') || ctx.configured('networkFraction'))
    return undefined;
  const buffers = readInteger(ctx.config, option);
  return buffers === undefined ? undefined : BigInt(buffers) * ctx.memory('segmentSize');
}

/** Network memory computed as the rest of Total Flink Memory must still fit its configuration. */
function checkRemainderNetwork(ctx: Context, network: bigint): void {
  const legacy = legacyNetwork(ctx);
  let problem: string | undefined;
  if (legacy !== undefined) {
    if (network !== legacy)
      problem = `Derived Network Memory size (${h(network)}) does not match configured Network Memory size (${h(legacy)}).`;
  } else {
    const range = networkRange(ctx);
    if (network < range.min || network > range.max)
      problem = `Derived Network Memory size (${h(network)}) is not in configured Network Memory range [${h(range.min)}, ${h(range.max)}].`;
  }
  if (problem === undefined) return;
  fail(
    'If Total Flink, Task Heap and (or) Managed Memory sizes are explicitly configured then the Network Memory size is the rest of the Total Flink memory after subtracting all other configured types of memory, but the derived Network Memory is inconsistent with its configuration.',
    [problem],
  );
}

function exceedsWithTaskHeap(parts: FlinkInternal, flink: bigint): never {
  fail(
    `Sum of configured Framework Heap Memory (${h(parts.frameworkHeap)}), Framework Off-Heap Memory (${h(parts.frameworkOffHeap)}), Task Heap Memory (${h(parts.taskHeap)}), Task Off-Heap Memory (${h(parts.taskOffHeap)}) and Managed Memory (${h(parts.managed)}) exceed configured Total Flink Memory (${h(flink)}).`,
  );
}

/** Case A: task heap and managed memory given. */
function withExplicitInternalMemory(ctx: Context): FlinkInternal {
  const parts = {
    frameworkHeap: ctx.memory('frameworkHeap'),
    frameworkOffHeap: ctx.memory('frameworkOffHeap'),
    taskHeap: ctx.memory('taskHeap'),
    taskOffHeap: ctx.memory('taskOffHeap'),
    managed: ctx.memory('managedSize'),
    network: 0n,
  };
  const rest = sum(parts);
  let network: bigint;
  if (ctx.configured('flinkSize')) {
    const flink = ctx.memory('flinkSize');
    if (rest > flink) exceedsWithTaskHeap(parts, flink);
    network = note(ctx, 'network', flink - rest);
    checkRemainderNetwork(ctx, network);
  } else {
    network = note(ctx, 'network', legacyNetwork(ctx) ?? deriveWithInverseFraction(rest, networkRange(ctx)));
  }
  const internal = { ...parts, network };
  checkTotalFlink(ctx, internal);
  return internal;
}

/** `TaskExecutorFlinkMemoryUtils.deriveFromTotalFlinkMemory`. */
function fromTotalFlink(ctx: Context, flink: bigint): FlinkInternal {
  const frameworkHeap = ctx.memory('frameworkHeap');
  const frameworkOffHeap = ctx.memory('frameworkOffHeap');
  const taskOffHeap = ctx.memory('taskOffHeap');
  const managed = note(
    ctx,
    'managed',
    ctx.configured('managedSize')
      ? ctx.memory('managedSize')
      : deriveWithFraction(flink, readRangeFraction(ctx.config, 0n, MAX_BYTES, ctx.o.managedFraction)),
  );
  let internal: FlinkInternal;
  if (ctx.configured('taskHeap')) {
    const taskHeap = ctx.memory('taskHeap');
    const parts = { frameworkHeap, frameworkOffHeap, taskHeap, taskOffHeap, managed, network: 0n };
    if (sum(parts) > flink) exceedsWithTaskHeap(parts, flink);
    internal = { ...parts, network: note(ctx, 'network', flink - sum(parts)) };
    checkRemainderNetwork(ctx, internal.network);
  } else {
    const network = note(ctx, 'network', legacyNetwork(ctx) ?? deriveWithFraction(flink, networkRange(ctx)));
    const rest = frameworkHeap + frameworkOffHeap + taskOffHeap + managed + network;
    if (rest > flink) {
      fail(
        `Sum of configured Framework Heap Memory (${h(frameworkHeap)}), Framework Off-Heap Memory (${h(frameworkOffHeap)}), Task Off-Heap Memory (${h(taskOffHeap)}), Managed Memory (${h(managed)}) and Network Memory (${h(network)}) exceed configured Total Flink Memory (${h(flink)}).`,
      );
    }
    internal = { frameworkHeap, frameworkOffHeap, taskHeap: note(ctx, 'taskHeap', flink - rest), taskOffHeap, managed, network };
  }
  checkTotalFlink(ctx, internal);
  return internal;
}

function checkTotalFlink(ctx: Context, p: FlinkInternal): void {
  if (!ctx.configured('flinkSize')) return;
  const flink = ctx.memory('flinkSize');
  const total = sum(p);
  if (total === flink) return;
  fail(
    `Configured and Derived Flink internal memory sizes (total ${h(total)}) do not add up to the configured Total Flink Memory size (${h(flink)}). Configured and Derived Flink internal memory sizes are: Framework Heap Memory (${h(p.frameworkHeap)}), Framework Off-Heap Memory (${h(p.frameworkOffHeap)}), Task Heap Memory (${h(p.taskHeap)}), Task Off-Heap Memory (${h(p.taskOffHeap)}), Network Memory (${h(p.network)}), Managed Memory (${h(p.managed)}).`,
  );
}

function overheadRange(ctx: Context): RangeFraction {
  return readRangeFraction(ctx.config, ctx.o.overheadMin, ctx.o.overheadMax, ctx.o.overheadFraction);
}

/** `deriveJvmMetaspaceAndOverheadFromTotalFlinkMemory`. */
function withJvm(ctx: Context, internal: FlinkInternal): TaskExecutorMemory {
  const totalFlink = note(ctx, 'totalFlink', sum(internal));
  const metaspace = ctx.memory('metaspace');
  let overhead: bigint;
  if (ctx.configured('processSize')) {
    const process = ctx.memory('processSize');
    if (process < totalFlink + metaspace) {
      fail(
        `The configured Total Process Memory size (${h(process)}) is less than the sum of the derived Total Flink Memory size (${h(totalFlink)}) and the configured or default JVM Metaspace size  (${h(metaspace)}).`,
      );
    }
    overhead = note(ctx, 'jvmOverhead', process - totalFlink - metaspace);
    const range = overheadRange(ctx);
    if (overhead < range.min || overhead > range.max)
      fail(`Derived JVM Overhead size (${h(overhead)}) is not in configured JVM Overhead range [${h(range.min)}, ${h(range.max)}].`);
  } else {
    overhead = note(ctx, 'jvmOverhead', deriveWithInverseFraction(totalFlink + metaspace, overheadRange(ctx)));
  }
  return complete(internal, metaspace, overhead);
}

/** Case C: from Total Process Memory. */
function fromTotalProcess(ctx: Context): TaskExecutorMemory {
  const process = ctx.memory('processSize');
  const metaspace = ctx.memory('metaspace');
  const overhead = note(ctx, 'jvmOverhead', deriveWithFraction(process, overheadRange(ctx)));
  if (metaspace + overhead > process) {
    fail(
      `Sum of configured JVM Metaspace (${h(metaspace)}) and JVM Overhead (${h(overhead)}) exceed configured Total Process Memory (${h(process)}).`,
    );
  }
  return complete(fromTotalFlink(ctx, note(ctx, 'totalFlink', process - metaspace - overhead)), metaspace, overhead);
}

function complete(p: FlinkInternal, jvmMetaspace: bigint, jvmOverhead: bigint): TaskExecutorMemory {
  const totalFlink = sum(p);
  return {
    ...p,
    jvmMetaspace,
    jvmOverhead,
    totalFlink,
    totalProcess: totalFlink + jvmMetaspace + jvmOverhead,
    jvmHeap: p.frameworkHeap + p.taskHeap,
    jvmDirect: p.frameworkOffHeap + p.taskOffHeap + p.network,
  };
}
