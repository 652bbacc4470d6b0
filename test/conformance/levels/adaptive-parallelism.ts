/**
 * Level `adaptive-parallelism`: the AdaptiveScheduler's SlotSharingSlotAllocator — desired slots
 * (calculateRequiredSlots), minimum slots, and the parallelism chosen for a number of free slots.
 */
import { FlinkException } from '../../../src/errors/flink-exception.js';
import {
  type VertexInformation,
  calculateRequiredSlots,
  determineParallelism,
  minimumRequiredSlots,
} from '../../../src/sim/scheduler/slot-sharing-slot-allocator.js';
import { CaseError, type ConformanceCase, checkKeys } from '../case-file.js';
import { ProfileTable } from '../profiles.js';

type Raw = Record<string, unknown>;

const RESULT_KEYS = ['parallelism', 'requiredSlots', 'minimumSlots'];

interface SubCase {
  label: string;
  vertices: VertexInformation[];
  freeSlots: number | undefined;
  wants: Raw[];
}

function integer(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new CaseError(`${where} must be an integer`);
  return value;
}

function readVertices(value: unknown, where: string): VertexInformation[] {
  if (!Array.isArray(value)) throw new CaseError(`${where} must be a list of vertices`);
  return value.map((v: Raw, i) => {
    const at = `${where}[${i}]`;
    checkKeys(v, ['id', 'parallelism', 'minParallelism', 'slotSharingGroup'], at);
    if (typeof v.id !== 'string') throw new CaseError(`${at}.id must be a string`);
    return {
      id: v.id,
      parallelism: integer(v.parallelism, `${at}.parallelism`),
      minParallelism: v.minParallelism === undefined ? undefined : integer(v.minParallelism, `${at}.minParallelism`),
      // Vertices without a group share Flink's default slot sharing group.
      slotSharingGroup: String(v.slotSharingGroup ?? 'default'),
    };
  });
}

function inputVertices(c: ConformanceCase): unknown {
  if (c.input.jobGraph === undefined) return undefined;
  const graph = c.input.jobGraph as Raw;
  checkKeys(graph, ['name', 'vertices'], 'input.jobGraph');
  return graph.vertices;
}

function subCases(c: ConformanceCase): SubCase[] {
  checkKeys(c.expect, [...RESULT_KEYS, 'seeVariants'], 'expect');
  const { seeVariants: _ignored, ...top } = c.expect;
  const freeSlots = (value: unknown, where: string) => (value === undefined ? undefined : integer(value, where));
  const variants = c.input.variants as Raw[] | undefined;
  if (variants === undefined) {
    if (c.expect.seeVariants !== undefined) throw new CaseError('expect.seeVariants without input.variants');
    return [
      {
        label: '',
        vertices: readVertices(inputVertices(c), 'input.jobGraph.vertices'),
        freeSlots: freeSlots(c.input.freeSlots, 'input.freeSlots'),
        wants: [top],
      },
    ];
  }
  return variants.map((v, i) => {
    const where = `input.variants[${i}]`;
    checkKeys(v, ['name', 'vertices', 'freeSlots', 'expect'], where);
    return {
      label: `[${String(v.name ?? `variant ${i}`)}] `,
      vertices:
        v.vertices !== undefined
          ? readVertices(v.vertices, `${where}.vertices`)
          : readVertices(inputVertices(c), 'input.jobGraph.vertices'),
      freeSlots: freeSlots(v.freeSlots ?? c.input.freeSlots, `${where}.freeSlots`),
      wants: [(v.expect ?? {}) as Raw, top],
    };
  });
}

function show(parallelism: Map<string, number> | undefined): string {
  return parallelism === undefined ? 'none' : JSON.stringify(Object.fromEntries(parallelism));
}

function sameParallelism(actual: Map<string, number> | undefined, want: unknown): boolean {
  if (want === 'none') return actual === undefined;
  if (actual === undefined || typeof want !== 'object' || want === null) return false;
  const entries = Object.entries(want);
  return entries.length === actual.size && entries.every(([id, n]) => actual.get(id) === n);
}

function checkResults(sub: SubCase, want: Raw, where: string): string[] {
  checkKeys(want, RESULT_KEYS, where);
  const f: string[] = [];
  if (want.parallelism !== undefined) {
    if (sub.freeSlots === undefined) throw new CaseError(`${where}.parallelism needs freeSlots`);
    const actual = determineParallelism(sub.vertices, sub.freeSlots);
    if (!sameParallelism(actual, want.parallelism))
      f.push(`parallelism for ${sub.freeSlots} free slots: expected ${JSON.stringify(want.parallelism)}, got ${show(actual)}`);
  }
  if (want.requiredSlots !== undefined) {
    const actual = calculateRequiredSlots(sub.vertices);
    const table = new ProfileTable(undefined);
    const expected = Object.entries(want.requiredSlots as Raw).filter(([, n]) => n !== 0);
    const same = expected.length === actual.size && expected.every(([name, n]) => actual.get(table.resolve(name)) === n);
    if (!same) f.push(`requiredSlots: expected ${JSON.stringify(want.requiredSlots)}, got ${actual.total()} × UNKNOWN`);
  }
  if (want.minimumSlots !== undefined) {
    const actual = minimumRequiredSlots(sub.vertices);
    if (actual !== want.minimumSlots) f.push(`minimumSlots: expected ${JSON.stringify(want.minimumSlots)}, got ${actual}`);
  }
  return f;
}

export function runAdaptiveParallelism(c: ConformanceCase): string[] {
  checkKeys(c.input, ['jobGraph', 'freeSlots', 'variants'], 'input');
  return subCases(c).flatMap((sub) => runSubCase(sub).map((x) => `${sub.label}${x}`));
}

function runSubCase(sub: SubCase): string[] {
  try {
    return sub.wants.flatMap((want) => checkResults(sub, want, 'expect'));
  } catch (e) {
    if (e instanceof FlinkException) return [`${e.errorType}: ${e.message}`];
    throw e;
  }
}
