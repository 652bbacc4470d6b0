/**
 * flinkslot's network-buffer arithmetic against the numbers Flink's own code computes, per release
 * (1.10 – 2.1). test/data/flink-network-buffers/flink-network-buffers.jsonl was produced by compiling,
 * per release, flink-runtime's NettyShuffleUtils, ResultPartitionType and (1.17+) InputGateSpecUtils /
 * GateBuffersSpec (1.14+), or the createBufferPoolFactory methods of ResultPartitionFactory and
 * SingleInputGateFactory (1.10–1.13), with a small driver (test/data/flink-network-buffers/README.md says
 * how). Every row is one input combination over a list of subpartition or channel counts; every number
 * must agree:
 * - partition rows: the pool minimum ↔ partitionMinimum, and (1.14+) the announced buffers of a vertex
 *   producing that one partition (NettyShuffleUtils.computeNetworkBuffersForAnnouncing; null = Flink
 *   refuses with "Illegal to announce …") ↔ groupNetworkMemory / isUnannounceable;
 * - gate rows: the gate pool minimum ↔ gateBuffers; 1.14+ also the exclusive buffers per channel
 *   (getNetworkBuffersPerInputChannel, 1.17+ InputGateSpecUtils.createGateBuffersSpec) and the announced
 *   buffers of a vertex reading that one gate ↔ groupNetworkMemory;
 * - edge rows (1.14+): a job edge producer → consumer, ALL_TO_ALL or POINTWISE, over pairs of
 *   parallelisms: what each side announces, with the channels and subpartitions of
 *   EdgeManagerBuildUtil.computeMaxEdgesToTargetExecutionVertex ↔ groupNetworkMemory of either vertex;
 * - defaults rows: the option defaults read from the release's NettyShuffleEnvironmentOptions (2.x: the
 *   literals NettyShuffleEnvironmentConfiguration uses for the removed options) ↔ networkBufferRules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gateBuffers, networkBufferRules, partitionMinimum } from '../../../src/execution/network-buffer-rules.js';
import { groupNetworkMemory, isUnannounceable } from '../../../src/plan/network-memory.js';
import { type FlinkVersion, parseFlinkVersion } from '../../../src/model/flink-version.js';
import type { JobGraph, ResultPartitionType, ShuffleOptions } from '../../../src/model/job-graph.js';

const DATA = new URL('../../data/flink-network-buffers/flink-network-buffers.jsonl', import.meta.url);

interface Common {
  readonly releases: readonly string[];
  readonly type: ResultPartitionType;
  readonly bpc: number;
  readonly fpg: number;
}
interface PartitionRow extends Common {
  readonly fn: 'partition';
  readonly smp: number;
  readonly smb: number;
  readonly tiered: number | null;
  readonly subs: readonly number[];
  readonly min: readonly number[];
  readonly announce?: readonly (number | null)[];
}
interface GateRow extends Common {
  readonly fn: 'gate';
  readonly rpgMax: number | null;
  readonly tiered: boolean;
  readonly channels: readonly number[];
  readonly min: readonly number[];
  /** Absent before 1.14 (the driver reads only the gate pool there). */
  readonly exclusive?: readonly number[];
  readonly announce?: readonly number[];
}
/** The option defaults of the release (NettyShuffleEnvironmentOptions; 2.x: the values fromConfiguration hard-codes). */
interface DefaultsRow {
  readonly fn: 'defaults';
  readonly releases: readonly string[];
  readonly bpc: number;
  readonly fpg: number;
  /** null: the option does not exist in the release (sort-shuffle arrived in 1.12). */
  readonly smp: number | null;
  readonly smb: number | null;
}
/** One job edge producer(p) → consumer(c) over pairs of parallelisms: the buffers each side announces (1.14+). */
interface EdgeRow {
  readonly fn: 'edge';
  readonly releases: readonly string[];
  readonly type: ResultPartitionType;
  readonly distribution: 'ALL_TO_ALL' | 'POINTWISE';
  readonly bpc: number;
  readonly fpg: number;
  readonly smp: number;
  readonly smb: number;
  readonly producers: readonly number[];
  readonly consumers: readonly number[];
  readonly producerAnnounce: readonly (number | null)[];
  readonly consumerAnnounce: readonly number[];
}
type Row = PartitionRow | GateRow | DefaultsRow | EdgeRow;

const [header, ...rows] = readFileSync(DATA, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const data = rows as unknown as Row[];

const version = (text: string): FlinkVersion => parseFlinkVersion(text)!;

/** Two vertices joined ALL_TO_ALL: `producer → consumer`, enough for groupNetworkMemory of one of them. */
function twoVertices(
  release: string,
  type: ResultPartitionType,
  producer: number,
  consumer: number,
  o: ShuffleOptions,
  distribution: EdgeRow['distribution'] = 'ALL_TO_ALL',
): JobGraph {
  const vertex = (index: number, parallelism: number) => ({ index, id: `v${index}`, parallelism, maxParallelism: 32768 });
  return {
    flinkVersion: version(release),
    vertices: [vertex(0, producer), vertex(1, consumer)],
    edges: [{ index: 0, source: 0, target: 1, distribution, resultPartitionType: type, pointer: '/edges/0' }],
    shuffleOptions: o,
  } as unknown as JobGraph;
}

/** Buffers flinkslot announces for the vertex at `index` of the graph (null when Flink refuses). */
function announced(graph: JobGraph, index: number, type: ResultPartitionType, producerSide: boolean): number | null {
  if (producerSide && isUnannounceable(type, graph.flinkVersion)) return null;
  return Number(groupNetworkMemory(graph, [index]) / (graph.shuffleOptions?.segmentSize ?? 32768n));
}

/** flinkslot's options whose tiered-storage guarantee is `g` in this release, if any. */
function tieredOptions(release: string, g: number): ShuffleOptions | undefined {
  for (const remote of [false, true]) {
    const o: ShuffleOptions = { hybridBatchShuffle: true, tieredRemoteStorage: remote };
    if (networkBufferRules(version(release), o).tieredGuaranteedBuffers === g) return o;
  }
  return undefined;
}

function comparePartition(row: PartitionRow, release: string, out: string[]): number {
  const base: ShuffleOptions = {
    buffersPerChannel: row.bpc,
    floatingBuffersPerGate: row.fpg,
    sortShuffleMinParallelism: row.smp,
    sortShuffleMinBuffers: row.smb,
  };
  const tiered = row.tiered === null ? {} : tieredOptions(release, row.tiered);
  if (tiered === undefined) {
    out.push(`${release}: flinkslot has no tiered storage guaranteeing ${row.tiered} buffers`);
    return 0;
  }
  const rules = networkBufferRules(version(release), { ...base, ...tiered });
  let compared = 0;
  row.subs.forEach((subs, i) => {
    const what = `${release} partition ${row.type} subs=${subs} bpc=${row.bpc} fpg=${row.fpg} smp=${row.smp} smb=${row.smb} tiered=${row.tiered}`;
    const min = partitionMinimum(rules, row.type, subs);
    if (min !== row.min[i]) out.push(`${what}: min flinkslot ${min}, Flink ${row.min[i]}`);
    compared++;
    if (row.announce === undefined) return;
    const ann = announced(twoVertices(release, row.type, 1, subs, base), 0, row.type, true);
    if (ann !== row.announce[i]) out.push(`${what}: announce flinkslot ${ann}, Flink ${row.announce[i]}`);
    compared++;
  });
  return compared;
}

function compareGate(row: GateRow, release: string, out: string[]): number {
  const o: ShuffleOptions = {
    buffersPerChannel: row.bpc,
    floatingBuffersPerGate: row.fpg,
    ...(row.rpgMax === null ? {} : { readBufferRequiredPerGateMax: row.rpgMax }),
    ...(row.tiered ? { hybridBatchShuffle: true } : {}),
  };
  const rules = networkBufferRules(version(release), o);
  if (row.tiered && rules.tieredGuaranteedBuffers === undefined) out.push(`${release}: flinkslot has no tiered storage`);
  let compared = 0;
  row.channels.forEach((c, i) => {
    const what = `${release} gate ${row.type} channels=${c} bpc=${row.bpc} fpg=${row.fpg} rpgMax=${row.rpgMax} tiered=${row.tiered}`;
    const gate = gateBuffers(rules, row.type, c);
    if (gate.minimum !== row.min[i]) out.push(`${what}: min flinkslot ${gate.minimum}, Flink ${row.min[i]}`);
    compared++;
    if (row.exclusive === undefined || row.announce === undefined) return;
    if (gate.exclusivePerChannel !== row.exclusive[i])
      out.push(`${what}: exclusive flinkslot ${gate.exclusivePerChannel}, Flink ${row.exclusive[i]}`);
    const ann = announced(twoVertices(release, row.type, c, 1, o), 1, row.type, false);
    if (ann !== row.announce[i]) out.push(`${what}: announce flinkslot ${ann}, Flink ${row.announce[i]}`);
    compared += 2;
  });
  return compared;
}

function compareEdge(row: EdgeRow, release: string, out: string[]): number {
  const o: ShuffleOptions = {
    buffersPerChannel: row.bpc,
    floatingBuffersPerGate: row.fpg,
    sortShuffleMinParallelism: row.smp,
    sortShuffleMinBuffers: row.smb,
  };
  row.producers.forEach((p, i) => {
    const c = row.consumers[i]!;
    const graph = twoVertices(release, row.type, p, c, o, row.distribution);
    const what = `${release} edge ${row.type} ${row.distribution} ${p} → ${c}`;
    const producer = announced(graph, 0, row.type, true);
    if (producer !== row.producerAnnounce[i])
      out.push(`${what}: producer announces flinkslot ${producer}, Flink ${row.producerAnnounce[i]}`);
    const consumer = announced(graph, 1, row.type, false);
    if (consumer !== row.consumerAnnounce[i])
      out.push(`${what}: consumer announces flinkslot ${consumer}, Flink ${row.consumerAnnounce[i]}`);
  });
  return 2 * row.producers.length;
}

describe("network buffers: flinkslot against Flink's own code, 1.10 – 2.1", () => {
  it('the data names the Flink revision of every release it covers', () => {
    const revisions = (header as { flinkRevisions: Record<string, string> }).flinkRevisions;
    expect(Object.keys(revisions)).toEqual([
      '1.10',
      '1.11',
      '1.12',
      '1.13',
      '1.14',
      '1.15',
      '1.16',
      '1.17',
      '1.18',
      '1.19',
      '1.20',
      '2.0',
      '2.1',
    ]);
    for (const row of data) for (const release of row.releases) expect(revisions[release]).toMatch(/^[0-9a-f]{40}$/);
  });

  it('the option defaults are those of each release', () => {
    const defaults = data.filter((row): row is DefaultsRow => row.fn === 'defaults');
    expect(defaults.flatMap((row) => row.releases)).toHaveLength(13);
    for (const row of defaults)
      for (const release of row.releases) {
        const r = networkBufferRules(version(release), {});
        const flinkslot = {
          bpc: r.buffersPerChannel,
          fpg: r.floatingBuffersPerGate,
          smp: r.sortShuffleMinParallelism,
          smb: r.sortShuffleMinBuffers,
        };
        // No sort-shuffle option (1.10, 1.11): flinkslot treats no partition as sort-shuffle.
        const flink = row.smp === null ? { smp: 2 ** 31 - 1, smb: flinkslot.smb } : { smp: row.smp, smb: row.smb };
        expect({ release, ...flinkslot }).toEqual({ release, bpc: row.bpc, fpg: row.fpg, ...flink });
      }
  });

  it('every announcement of an ALL_TO_ALL or POINTWISE edge between two parallelisms agrees (EdgeManagerBuildUtil)', () => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const row of data) if (row.fn === 'edge') for (const release of row.releases) compared += compareEdge(row, release, mismatches);
    expect(mismatches.slice(0, 40)).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  });

  it.each(['partition', 'gate'] as const)('every %s figure Flink computes, flinkslot computes', (fn) => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const row of data) {
      if (row.fn !== fn) continue;
      for (const release of row.releases)
        compared += row.fn === 'partition' ? comparePartition(row, release, mismatches) : compareGate(row as GateRow, release, mismatches);
    }
    expect(mismatches.slice(0, 40)).toEqual([]);
    // The file's grid (README.md): thousands of figures per kind, not an empty or truncated file.
    expect(compared).toBeGreaterThan(fn === 'partition' ? 20000 : 30000);
  });
});
