/**
 * What Flink's JSON files do not say about managed memory, inferred from what they do say, each
 * inference listed as a note so a user can check it (docs/research/keyed-state-and-rest.md):
 * - a streaming vertex with a HASH input is keyed (a keyBy or SQL group-by shuffle): its head
 *   operator declares STATE_BACKEND (`setStateKeySelector`); a DataStream batch job's keyed vertex
 *   too (its sorted inputs then declare OPERATOR);
 * - batch SQL operators declare OPERATOR weights, in MiB of their `table.exec.resource.*` defaults
 *   (1.16+): Sort 128, HashAggregate / HashWindowAggregate 128 (none without grouping keys),
 *   HashJoin and SortMergeJoin 266 (276 for a full outer join), NestedLoopJoin 10;
 * - streaming window-TVF operators (WindowAggregate, WindowRank, WindowDeduplicate) declare OPERATOR 1;
 * - Python operators declare PYTHON (`python.fn-execution.memory.managed`, true from 1.12).
 * A vertex's chained operators are one operator here: their weights add up.
 */
import type { ManagedMemoryDeclarationInput } from '../job-graph-input.js';
import { type ImportNote, note } from './import-notes.js';

/** What the inference reads of a vertex and of an edge. */
interface ImportedVertex {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
}

interface ImportedEdge {
  readonly target: string;
  readonly shipStrategy?: string;
}

export interface VertexInference {
  readonly keyed?: true;
  readonly managedMemory?: ManagedMemoryDeclarationInput;
}

/** A Table/SQL node as its name or description shows it: `HashJoin[7]`, `HashJoin(joinType=…)`. */
const SQL_NODE =
  /\b(TableSourceScan|Calc|HashAggregate|LocalHashAggregate|SortAggregate|HashJoin|SortMergeJoin|NestedLoopJoin|GroupAggregate|LocalGroupAggregate|GlobalGroupAggregate|WindowAggregate|LocalWindowAggregate|GlobalWindowAggregate|SortLimit|Sort|Rank|Deduplicate|TemporalJoin|Join|Limit|Correlate|Expand|OverAggregate|MultipleInput|WatermarkAssigner|ChangelogNormalize|SinkMaterializer|ConstraintEnforcer|HashWindowAggregate|LocalHashWindowAggregate|WindowRank|WindowDeduplicate)\s*[([]/;

/** Batch SQL operators that declare OPERATOR managed memory, with their default weight (MiB, 1.16+). */
function batchSqlWeight(text: string): number | undefined {
  const node = (name: string): boolean => new RegExp(`(^|[^A-Za-z])${name}\\s*[(\\[]`).test(text);
  const fullOuter = /joinType=\[FullOuterJoin\]/.test(text);
  if (node('HashJoin') || node('SortMergeJoin')) return fullOuter ? 276 : 266;
  if (node('HashWindowAggregate') || node('LocalHashWindowAggregate')) return 128;
  // Without grouping keys a hash aggregate declares nothing; a bare name (no details) is taken as grouped.
  if (node('HashAggregate') || node('LocalHashAggregate')) return /groupBy=\[/.test(text) || !/Aggregate\(/.test(text) ? 128 : undefined;
  if (node('NestedLoopJoin')) return /singleRowJoin=\[true\]/.test(text) ? undefined : 10;
  if (node('Sort')) return 128;
  return undefined;
}

const WINDOW_TVF = /(^|[^A-Za-z])(Local|Global)?Window(Aggregate|Rank|Deduplicate)\s*[([]/;

/** Every line of the vertex's name and description: its chained operators. */
function textOf(v: ImportedVertex): string {
  return [v.name ?? '', v.description ?? ''].join('\n');
}

function short(v: ImportedVertex): string {
  const name = (v.name ?? v.id).replace(/\s+/g, ' ');
  return `'${name.length > 40 ? `${name.slice(0, 37)}...` : name}'`;
}

function listed(vs: readonly ImportedVertex[]): string {
  const shown = vs.slice(0, 5).map(short).join(', ');
  return vs.length > 5 ? `${shown} and ${vs.length - 5} more` : shown;
}

export function inferManagedMemory(
  vertices: readonly ImportedVertex[],
  edges: readonly ImportedEdge[],
  mode: 'streaming' | 'batch',
  notes: ImportNote[],
): Map<string, VertexInference> {
  const sql = vertices.some((v) => SQL_NODE.test(textOf(v)));
  const hashTargets = new Set(edges.filter((e) => /^HASH/i.test(e.shipStrategy ?? '')).map((e) => e.target));
  const out = new Map<string, VertexInference>();
  const keyed: ImportedVertex[] = [];
  const operatorWeights: ImportedVertex[] = [];
  const python: ImportedVertex[] = [];
  for (const v of vertices) {
    const text = textOf(v);
    // Batch SQL operators keep no keyed state: their HASH inputs only partition the data.
    const isKeyed = hashTargets.has(v.id) && (mode === 'streaming' || !sql);
    const weight = mode === 'batch' ? (sql ? batchSqlWeight(text) : undefined) : WINDOW_TVF.test(text) ? 1 : undefined;
    const isPython = /Python/.test(text);
    if (isKeyed) keyed.push(v);
    if (weight !== undefined) operatorWeights.push(v);
    if (isPython) python.push(v);
    if (!isKeyed && weight === undefined && !isPython) continue;
    const managedMemory: ManagedMemoryDeclarationInput = {
      ...(weight === undefined ? {} : { operatorScope: { OPERATOR: weight } }),
      ...(isPython ? { slotScope: ['PYTHON'] } : {}),
    };
    out.set(v.id, { ...(isKeyed ? { keyed: true } : {}), ...(weight !== undefined || isPython ? { managedMemory } : {}) });
  }
  if (keyed.length > 0)
    notes.push(note('import/inferred-keyed', `inferred keyed state from the HASH input of ${listed(keyed)}: each declares STATE_BACKEND`));
  if (operatorWeights.length > 0) {
    const what =
      mode === 'batch'
        ? 'batch SQL operators (sort, hash aggregate, joins) declare OPERATOR managed memory, weights in MiB of the table.exec.resource.* defaults as Flink 1.16+ declares them'
        : 'window TVF operators declare OPERATOR managed memory (weight 1)';
    notes.push(note('import/inferred-operator-memory', `inferred from the operator names of ${listed(operatorWeights)}: ${what}`));
  }
  if (python.length > 0)
    notes.push(note('import/inferred-python', `inferred Python operators in ${listed(python)}: each declares PYTHON managed memory`));
  return out;
}
