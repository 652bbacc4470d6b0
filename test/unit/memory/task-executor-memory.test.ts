/**
 * The FLIP-49 TaskExecutor memory model to the byte: every worked example of
 * flink-notes/formats-and-memory.md §9 with full numbers (all components, -Xmx = -Xms and
 * -XX:MaxDirectMemorySize), and Flink's failures with their exact exception chains (§3.5),
 * including the `TaskManager memory configuration failed: ` prefix that FLINK-20171 added in 1.12.
 */
import { describe, expect, it } from 'vitest';
import { FlinkException } from '../../../src/errors/flink-exception.js';
import type { FlinkConfiguration } from '../../../src/memory/flink-configuration.js';
import {
  MemoryConfigurationException,
  type TaskExecutorMemory,
  computeTaskExecutorMemory,
} from '../../../src/memory/task-executor-memory.js';
import { type FlinkVersion, parseFlinkVersion } from '../../../src/model/flink-version.js';

const PREFIX = 'TaskManager memory configuration failed: ';
const ALL_UNITS = '(b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)';
const NETWORK_REMAINDER =
  'If Total Flink, Task Heap and (or) Managed Memory sizes are explicitly configured then the Network Memory size is the rest of the Total Flink memory after subtracting all other configured types of memory, but the derived Network Memory is inconsistent with its configuration.';
const NEWEST: FlinkVersion = { major: 2, minor: 1 };

function v(text: string): FlinkVersion {
  const version = parseFlinkVersion(text);
  if (version === undefined) throw new Error(text);
  return version;
}

function conf(entries: Record<string, string>): FlinkConfiguration {
  return new Map(Object.entries(entries));
}

function failure(config: Record<string, string>, version: FlinkVersion = NEWEST): FlinkException {
  try {
    computeTaskExecutorMemory(conf(config), version);
  } catch (e) {
    if (e instanceof FlinkException) return e;
    throw e;
  }
  throw new Error('expected the derivation to fail');
}

type Row = [th: bigint, nw: bigint, mg: bigint, ms: bigint, ov: bigint, tf: bigint, tp: bigint, xmx: bigint, direct: bigint];

interface Example {
  readonly id: string;
  readonly config: Record<string, string>;
  readonly version?: string;
  readonly row: Row;
  readonly frameworkHeap?: bigint;
  readonly frameworkOffHeap?: bigint;
  readonly taskOffHeap?: bigint;
}

// §9 table: TH, NW, MG, MS, OV, TF, TP, -Xmx, MaxDirect. FH/FOH 128m, TOH 0 unless noted.
const EXAMPLES: Example[] = [
  {
    id: 'W1 process.size 1728m (default conf)',
    config: { 'taskmanager.memory.process.size': '1728m' },
    row: [402653174n, 134217730n, 536870920n, 268435456n, 201326592n, 1342177280n, 1811939328n, 536870902n, 268435458n],
  },
  {
    id: 'W1 on 1.16 (network max 1g does not bind)',
    version: '1.16',
    config: { 'taskmanager.memory.process.size': '1728m' },
    row: [402653174n, 134217730n, 536870920n, 268435456n, 201326592n, 1342177280n, 1811939328n, 536870902n, 268435458n],
  },
  {
    id: 'W1 on 1.11',
    version: '1.11',
    config: { 'taskmanager.memory.process.size': '1728m' },
    row: [402653174n, 134217730n, 536870920n, 268435456n, 201326592n, 1342177280n, 1811939328n, 536870902n, 268435458n],
  },
  {
    id: 'W2 Flink 1.10: process.size 1568m, metaspace default 96m',
    version: '1.10',
    config: { 'taskmanager.memory.process.size': '1568m' },
    row: [402653174n, 134217730n, 536870920n, 100663296n, 201326592n, 1342177280n, 1644167168n, 536870902n, 268435458n],
  },
  {
    id: 'W3 flink.size 7g (Flink 1.14, real REST output)',
    version: '1.14',
    config: { 'taskmanager.memory.flink.size': '7g' },
    row: [3489660872n, 751619288n, 3006477152n, 268435456n, 864958705n, 7516192768n, 8649586929n, 3623878600n, 885837016n],
  },
  {
    id: 'W4 flink.size 1280m',
    config: { 'taskmanager.memory.flink.size': '1280m' },
    row: [402653174n, 134217730n, 536870920n, 268435456n, 201326592n, 1342177280n, 1811939328n, 536870902n, 268435458n],
  },
  {
    id: 'W5 docs: process 1000m, overhead 64m..128m',
    config: {
      'taskmanager.memory.process.size': '1000m',
      'taskmanager.memory.jvm-overhead.min': '64m',
      'taskmanager.memory.jvm-overhead.max': '128m',
    },
    row: [69206011n, 67528295n, 270113181n, 268435456n, 104857601n, 675282943n, 1048576000n, 203423739n, 201746023n],
  },
  {
    id: 'W6 docs: process 1000m, overhead 128m..256m',
    config: {
      'taskmanager.memory.process.size': '1000m',
      'taskmanager.memory.jvm-overhead.min': '128m',
      'taskmanager.memory.jvm-overhead.max': '256m',
    },
    row: [52009366n, 67108864n, 258369130n, 268435456n, 134217728n, 645922816n, 1048576000n, 186227094n, 201326592n],
  },
  {
    id: 'W8 flink 1280m + task.heap 100m + managed 200m (case A with flink.size)',
    config: {
      'taskmanager.memory.flink.size': '1280m',
      'taskmanager.memory.task.heap.size': '100m',
      'taskmanager.memory.managed.size': '200m',
    },
    row: [104857600n, 759169024n, 209715200n, 268435456n, 201326592n, 1342177280n, 1811939328n, 239075328n, 893386752n],
  },
  {
    id: 'W8 on 1.16 (remainder network 759169024 within [64m, 1g])',
    version: '1.16',
    config: {
      'taskmanager.memory.flink.size': '1280m',
      'taskmanager.memory.task.heap.size': '100m',
      'taskmanager.memory.managed.size': '200m',
    },
    row: [104857600n, 759169024n, 209715200n, 268435456n, 201326592n, 1342177280n, 1811939328n, 239075328n, 893386752n],
  },
  {
    id: 'W9 task.heap 100m + managed 200m only (case A, inverse fraction)',
    config: { 'taskmanager.memory.task.heap.size': '100m', 'taskmanager.memory.managed.size': '200m' },
    row: [104857600n, 67108864n, 209715200n, 268435456n, 201326592n, 650117120n, 1119879168n, 239075328n, 201326592n],
  },
  {
    id: 'W10 process 1g',
    config: { 'taskmanager.memory.process.size': '1g' },
    row: [26843542n, 67108864n, 241591914n, 268435456n, 201326592n, 603979776n, 1073741824n, 161061270n, 201326592n],
  },
  {
    id: 'W11 process 4g',
    config: { 'taskmanager.memory.process.size': '4g' },
    row: [1530082070n, 359703515n, 1438814063n, 268435456n, 429496736n, 3597035104n, 4294967296n, 1664299798n, 493921243n],
  },
  {
    id: 'W12a process 16g, Flink 1.17 (network max unlimited)',
    version: '1.17',
    config: { 'taskmanager.memory.process.size': '16g' },
    row: [7650410378n, 1583769214n, 6335076856n, 268435456n, 1073741824n, 15837691904n, 17179869184n, 7784628106n, 1717986942n],
  },
  {
    id: 'W12a process 16g, newest Flink',
    config: { 'taskmanager.memory.process.size': '16g' },
    row: [7650410378n, 1583769214n, 6335076856n, 268435456n, 1073741824n, 15837691904n, 17179869184n, 7784628106n, 1717986942n],
  },
  {
    id: 'W12b process 16g, Flink 1.16 (network max 1g)',
    version: '1.16',
    config: { 'taskmanager.memory.process.size': '16g' },
    row: [8160437768n, 1073741824n, 6335076856n, 268435456n, 1073741824n, 15837691904n, 17179869184n, 8294655496n, 1207959552n],
  },
  {
    id: 'W13 process 2g, managed.fraction 0.2',
    config: { 'taskmanager.memory.process.size': '2g', 'taskmanager.memory.managed.fraction': '0.2' },
    row: [896574415n, 166429984n, 332859969n, 268435456n, 214748368n, 1664299824n, 2147483648n, 1030792143n, 300647712n],
  },
  {
    id: 'W14 process 2g, managed.size 512m',
    config: { 'taskmanager.memory.process.size': '2g', 'taskmanager.memory.managed.size': '512m' },
    row: [692563472n, 166429984n, 536870912n, 268435456n, 214748368n, 1664299824n, 2147483648n, 826781200n, 300647712n],
  },
  {
    id: 'W15 process 2000m + flink 1280m (overhead = remainder 464m)',
    config: { 'taskmanager.memory.process.size': '2000m', 'taskmanager.memory.flink.size': '1280m' },
    row: [402653174n, 134217730n, 536870920n, 268435456n, 486539264n, 1342177280n, 2097152000n, 536870902n, 268435458n],
  },
  {
    id: 'W16 flink 4g + task.heap 1g (remainder network, Flink >= 1.17)',
    config: { 'taskmanager.memory.flink.size': '4g', 'taskmanager.memory.task.heap.size': '1g' },
    row: [1073741824n, 1234803072n, 1717986944n, 268435456n, 507044758n, 4294967296n, 5070447510n, 1207959552n, 1369020800n],
  },
  {
    id: 'W16 on 1.17',
    version: '1.17',
    config: { 'taskmanager.memory.flink.size': '4g', 'taskmanager.memory.task.heap.size': '1g' },
    row: [1073741824n, 1234803072n, 1717986944n, 268435456n, 507044758n, 4294967296n, 5070447510n, 1207959552n, 1369020800n],
  },
  {
    id: 'W17 process 8g, managed.fraction 0.1, network.fraction 0.2',
    config: {
      'taskmanager.memory.process.size': '8g',
      'taskmanager.memory.managed.fraction': '0.1',
      'taskmanager.memory.network.fraction': '0.2',
    },
    row: [4955318476n, 1492501155n, 746250577n, 268435456n, 858993472n, 7462505664n, 8589934592n, 5089536204n, 1626718883n],
  },
];

describe('computeTaskExecutorMemory: §9 worked examples, to the byte', () => {
  it.each(EXAMPLES.map((e) => [e.id, e] as const))('%s', (_id, example) => {
    const [th, nw, mg, ms, ov, tf, tp, xmx, direct] = example.row;
    const fh = example.frameworkHeap ?? 134217728n;
    const foh = example.frameworkOffHeap ?? 134217728n;
    const toh = example.taskOffHeap ?? 0n;
    const m = computeTaskExecutorMemory(conf(example.config), example.version === undefined ? NEWEST : v(example.version));
    const expected: TaskExecutorMemory = {
      frameworkHeap: fh,
      taskHeap: th,
      frameworkOffHeap: foh,
      taskOffHeap: toh,
      network: nw,
      managed: mg,
      jvmMetaspace: ms,
      jvmOverhead: ov,
      totalFlink: tf,
      totalProcess: tp,
      jvmHeap: xmx,
      jvmDirect: direct,
    };
    expect(m).toEqual(expected);
    // the identities of §1 and §3.4 hold on their own
    expect(m.frameworkHeap + m.taskHeap + m.frameworkOffHeap + m.taskOffHeap + m.network + m.managed).toBe(m.totalFlink);
    expect(m.totalFlink + m.jvmMetaspace + m.jvmOverhead).toBe(m.totalProcess);
    expect(m.jvmHeap).toBe(m.frameworkHeap + m.taskHeap);
    expect(m.jvmDirect).toBe(m.frameworkOffHeap + m.taskOffHeap + m.network);
  });

  it('W1 real TaskManager start-up values (-D task.heap.size=402653174b, managed.size=536870920b, network 134217730b, overhead 201326592b)', () => {
    for (const version of ['1.17', '1.18', '1.20']) {
      const m = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '1728m' }), v(version));
      expect([m.taskHeap, m.managed, m.network, m.jvmOverhead]).toEqual([402653174n, 536870920n, 134217730n, 201326592n]);
    }
  });

  it('W2 matches the 1.10 memory calculator: -Xmx536870902, MaxDirect 268435458, MaxMetaspace 100663296', () => {
    const m = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '1568m' }), v('1.10'));
    expect([m.jvmHeap, m.jvmDirect, m.jvmMetaspace]).toEqual([536870902n, 268435458n, 100663296n]);
  });

  it('W12: only the network max default differs between 1.16 and 1.17', () => {
    const a = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '16g' }), v('1.17'));
    const b = computeTaskExecutorMemory(conf({ 'taskmanager.memory.process.size': '16g' }), v('1.16'));
    expect(a.managed).toBe(b.managed);
    expect(a.totalFlink).toBe(b.totalFlink);
    expect(a.network - b.network).toBe(b.taskHeap - a.taskHeap);
  });
});

describe("computeTaskExecutorMemory: failures with Flink's exception chains", () => {
  it('W7: process 1000m + task.heap 100m (case C) → remainder network 31876706 below network.min (E-NW)', () => {
    const config = {
      'taskmanager.memory.process.size': '1000m',
      'taskmanager.memory.task.heap.size': '100m',
      'taskmanager.memory.jvm-overhead.min': '64m',
      'taskmanager.memory.jvm-overhead.max': '256m',
    };
    const e = failure(config, v('1.17'));
    expect(e.errorType).toBe('IllegalConfigurationException');
    expect(e.chain).toEqual([
      PREFIX + NETWORK_REMAINDER,
      NETWORK_REMAINDER,
      'Derived Network Memory size (30.400mb (31876706 bytes)) is not in configured Network Memory range [64.000mb (67108864 bytes), 8388608.000tb (9223372036854775807 bytes)].',
    ]);
    expect(e).toBeInstanceOf(MemoryConfigurationException);
    const derived = (e as MemoryConfigurationException).derivedBeforeFailure;
    expect(derived.get('jvmOverhead')).toBe(104857601n);
    expect(derived.get('totalFlink')).toBe(675282943n);
    expect(derived.get('managed')).toBe(270113181n);
    expect(derived.get('network')).toBe(31876706n);
    // up to 1.16 the range's max is 1g
    expect(failure(config, v('1.16')).chain[2]).toBe(
      'Derived Network Memory size (30.400mb (31876706 bytes)) is not in configured Network Memory range [64.000mb (67108864 bytes), 1024.000mb (1073741824 bytes)].',
    );
  });

  it('W16 on 1.16: flink 4g + task.heap 1g → remainder network 1234803072 above the 1g network max (E-NW)', () => {
    const e = failure({ 'taskmanager.memory.flink.size': '4g', 'taskmanager.memory.task.heap.size': '1g' }, v('1.16'));
    expect(e.chain).toEqual([
      PREFIX + NETWORK_REMAINDER,
      NETWORK_REMAINDER,
      'Derived Network Memory size (1.150gb (1234803072 bytes)) is not in configured Network Memory range [64.000mb (67108864 bytes), 1024.000mb (1073741824 bytes)].',
    ]);
  });

  it('W18: flink.size 2368m with framework.heap 1619001344 (E-B1, real Flink 1.17 error text)', () => {
    const e = failure({ 'taskmanager.memory.flink.size': '2483027968', 'taskmanager.memory.framework.heap.size': '1619001344' }, v('1.17'));
    const message =
      'Sum of configured Framework Heap Memory (1.508gb (1619001344 bytes)), Framework Off-Heap Memory (128.000mb (134217728 bytes)), Task Off-Heap Memory (0 bytes), Managed Memory (947.200mb (993211202 bytes)) and Network Memory (236.800mb (248302800 bytes)) exceed configured Total Flink Memory (2.313gb (2483027968 bytes)).';
    expect(e.message).toBe(PREFIX + message);
    expect(e.chain).toEqual([PREFIX + message, message]);
  });

  it('E-NONE: none of task.heap+managed, flink.size, process.size configured', () => {
    const message =
      "Either required fine-grained memory (taskmanager.memory.task.heap.size and taskmanager.memory.managed.size), or Total Flink Memory size (Key: 'taskmanager.memory.flink.size' , default: null (fallback keys: [])), or Total Process Memory size (Key: 'taskmanager.memory.process.size' , default: null (fallback keys: [])) need to be configured explicitly.";
    expect(failure({ 'taskmanager.numberOfTaskSlots': '2' }, v('1.17')).chain).toEqual([PREFIX + message, message]);
    // only task heap (no managed) is not enough
    expect(failure({ 'taskmanager.memory.task.heap.size': '1g' }).chain[1]).toBe(message);
    expect(failure({}).chain[1]).toBe(message);
  });

  it('E-P1: metaspace + overhead (capped to its 192m minimum) exceed a 300m process size', () => {
    const message =
      'Sum of configured JVM Metaspace (256.000mb (268435456 bytes)) and JVM Overhead (192.000mb (201326592 bytes)) exceed configured Total Process Memory (300.000mb (314572800 bytes)).';
    expect(failure({ 'taskmanager.memory.process.size': '300m' }).chain).toEqual([PREFIX + message, message]);
  });

  it('E-OV: process 1600m + flink 1280m leaves an overhead of 64m, below its 192m minimum', () => {
    const message =
      'Derived JVM Overhead size (64.000mb (67108864 bytes)) is not in configured JVM Overhead range [192.000mb (201326592 bytes), 1024.000mb (1073741824 bytes)].';
    expect(failure({ 'taskmanager.memory.process.size': '1600m', 'taskmanager.memory.flink.size': '1280m' }).chain).toEqual([
      PREFIX + message,
      message,
    ]);
  });

  it('E-P2: process 3g < flink 4g + metaspace (real Flink output: the format arguments are toHumanReadableString())', () => {
    // ProcessMemoryUtils.deriveJvmOverheadFromTotalFlinkMemoryAndOtherComponents passes
    // totalProcessMemorySize.toHumanReadableString(), totalFlinkMemorySize.toHumanReadableString(),
    // jvmMetaspaceSize.toHumanReadableString() to IllegalConfigurationException(String format, Object... args);
    // a real log reads "The configured Total Process Memory size (3.000gb (3221225472 bytes)) is less than ...".
    const message =
      'The configured Total Process Memory size (3.000gb (3221225472 bytes)) is less than the sum of the derived Total Flink Memory size (4.000gb (4294967296 bytes)) and the configured or default JVM Metaspace size  (256.000mb (268435456 bytes)).';
    expect(failure({ 'taskmanager.memory.process.size': '3g', 'taskmanager.memory.flink.size': '4g' }, v('1.17')).chain).toEqual([
      PREFIX + message,
      message,
    ]);
  });

  it('E-P2: process 1500m < flink 1280m + metaspace 256m', () => {
    const message =
      'The configured Total Process Memory size (1.465gb (1572864000 bytes)) is less than the sum of the derived Total Flink Memory size (1.250gb (1342177280 bytes)) and the configured or default JVM Metaspace size  (256.000mb (268435456 bytes)).';
    expect(failure({ 'taskmanager.memory.process.size': '1500m', 'taskmanager.memory.flink.size': '1280m' }).chain).toEqual([
      PREFIX + message,
      message,
    ]);
  });

  it('E-RF: network.min > network.max', () => {
    const message =
      "Inconsistently configured Key: 'taskmanager.memory.network.fraction' , default: 0.1 (fallback keys: [{key=taskmanager.network.memory.fraction, isDeprecated=true}]) (0.10000000149011612) and its min (1024.000mb (1073741824 bytes)), max (512.000mb (536870912 bytes)) value";
    const e = failure(
      { 'taskmanager.memory.process.size': '1728m', 'taskmanager.memory.network.min': '1g', 'taskmanager.memory.network.max': '512m' },
      v('1.17'),
    );
    expect(e.chain).toEqual([PREFIX + message, message, 'min value must be less or equal to max value']);
  });

  it('E-RF: jvm-overhead.min > jvm-overhead.max', () => {
    const message =
      "Inconsistently configured Key: 'taskmanager.memory.jvm-overhead.fraction' , default: 0.1 (fallback keys: []) (0.10000000149011612) and its min (1024.000mb (1073741824 bytes)), max (192.000mb (201326592 bytes)) value";
    const e = failure({
      'taskmanager.memory.process.size': '1728m',
      'taskmanager.memory.jvm-overhead.min': '1g',
      'taskmanager.memory.jvm-overhead.max': '192m',
    });
    expect(e.chain).toEqual([PREFIX + message, message, 'min value must be less or equal to max value']);
  });

  it('E-RF: fraction >= 1 (1.5 on jvm-overhead.fraction)', () => {
    const message =
      "Inconsistently configured Key: 'taskmanager.memory.jvm-overhead.fraction' , default: 0.1 (fallback keys: []) (1.5) and its min (192.000mb (201326592 bytes)), max (1024.000mb (1073741824 bytes)) value";
    const e = failure({ 'taskmanager.memory.process.size': '1728m', 'taskmanager.memory.jvm-overhead.fraction': '1.5' });
    expect(e.chain).toEqual([PREFIX + message, message, 'fraction must be in range [0, 1)']);
  });

  it('E-RF: fraction exactly 1 prints as the Java double "1.0" (String.format %s of a double)', () => {
    const message =
      "Inconsistently configured Key: 'taskmanager.memory.network.fraction' , default: 0.1 (fallback keys: [{key=taskmanager.network.memory.fraction, isDeprecated=true}]) (1.0) and its min (64.000mb (67108864 bytes)), max (8388608.000tb (9223372036854775807 bytes)) value";
    const e = failure({ 'taskmanager.memory.process.size': '1728m', 'taskmanager.memory.network.fraction': '1' }, v('1.17'));
    expect(e.chain).toEqual([PREFIX + message, message, 'fraction must be in range [0, 1)']);
  });

  it('E-RF: a negative fraction (managed.fraction -0.5)', () => {
    const message =
      "Inconsistently configured Key: 'taskmanager.memory.managed.fraction' , default: 0.4 (fallback keys: []) (-0.5) and its min (0 bytes), max (8388608.000tb (9223372036854775807 bytes)) value";
    const e = failure({ 'taskmanager.memory.process.size': '1728m', 'taskmanager.memory.managed.fraction': '-0.5' });
    expect(e.chain).toEqual([PREFIX + message, message, 'fraction must be in range [0, 1)']);
  });

  it('E-READ: an unparseable size keeps the whole cause chain', () => {
    const e = failure({ 'taskmanager.memory.process.size': '1.5g' }, v('1.17'));
    expect(e.errorType).toBe('IllegalConfigurationException');
    expect(e.chain).toEqual([
      `${PREFIX}Cannot read memory size from config option 'taskmanager.memory.process.size'.`,
      "Cannot read memory size from config option 'taskmanager.memory.process.size'.",
      "Could not parse value '1.5g' for key 'taskmanager.memory.process.size'.",
      `Memory size unit '.5g' does not match any of the recognized units: ${ALL_UNITS}`,
    ]);
  });

  it('E-READ: an unknown unit on a component option (framework.heap.size 1gib)', () => {
    const e = failure({ 'taskmanager.memory.process.size': '1728m', 'taskmanager.memory.framework.heap.size': '1gib' });
    expect(e.chain.slice(1)).toEqual([
      "Cannot read memory size from config option 'taskmanager.memory.framework.heap.size'.",
      "Could not parse value '1gib' for key 'taskmanager.memory.framework.heap.size'.",
      `Memory size unit 'gib' does not match any of the recognized units: ${ALL_UNITS}`,
    ]);
  });

  it('an unparseable fraction is an IllegalArgumentException from Configuration.getFloat, which processSpecFromConfig (catching IllegalConfigurationException only) does not prefix', () => {
    const e = failure({ 'taskmanager.memory.process.size': '1728m', 'taskmanager.memory.managed.fraction': 'half' }, v('1.17'));
    expect(e.message).toBe("Could not parse value 'half' for key 'taskmanager.memory.managed.fraction'.");
    expect(e.message.startsWith(PREFIX)).toBe(false);
  });
});

describe('the "TaskManager memory configuration failed: " prefix (FLINK-20171)', () => {
  const w18 = { 'taskmanager.memory.flink.size': '2483027968', 'taskmanager.memory.framework.heap.size': '1619001344' };
  const w18Message =
    'Sum of configured Framework Heap Memory (1.508gb (1619001344 bytes)), Framework Off-Heap Memory (128.000mb (134217728 bytes)), Task Off-Heap Memory (0 bytes), Managed Memory (947.200mb (993211202 bytes)) and Network Memory (236.800mb (248302800 bytes)) exceed configured Total Flink Memory (2.313gb (2483027968 bytes)).';

  it.each(['1.12', '1.16', '1.17', '1.20', '2.0', '2.1'])('is present in %s', (version) => {
    const e = failure(w18, v(version));
    expect(e.chain).toEqual([PREFIX + w18Message, w18Message]);
  });

  it.each(['1.10', '1.11'])('is absent in %s', (version) => {
    const e = failure(w18, v(version));
    expect(e.message).toBe(w18Message);
    expect(e.chain).toEqual([w18Message]);
  });

  it('is absent in 1.11 for a chained failure too (E-READ)', () => {
    const e = failure({ 'taskmanager.memory.process.size': '1.5g' }, v('1.11'));
    expect(e.chain).toEqual([
      "Cannot read memory size from config option 'taskmanager.memory.process.size'.",
      "Could not parse value '1.5g' for key 'taskmanager.memory.process.size'.",
      `Memory size unit '.5g' does not match any of the recognized units: ${ALL_UNITS}`,
    ]);
  });
});
