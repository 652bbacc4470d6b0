/**
 * Deterministic job-graph generators for the benchmark (no Math.random): random DAGs as plain data
 * (serialised to JSON and to block-style YAML) and a long chain built directly as JSON text.
 */

/** mulberry32: a tiny seeded PRNG; returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Integer in [lo, hi], both inclusive. */
function intIn(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const NAMED_GROUPS = ['ssg-0', 'ssg-1', 'ssg-2', 'ssg-3'];

/**
 * A streaming job with `n` vertices: ~2 edges into every vertex from lower-indexed ones (so the
 * graph is acyclic), 70 % PIPELINED_BOUNDED / 30 % BLOCKING, 1–3 chained operators per vertex,
 * ~10 % of operators declaring managed memory, ~5 % of vertices in one of four named slot sharing
 * groups (two with FLIP-156 resources), parallelism 1..128.
 */
export function randomJobGraph(n: number, seed: number): { [key: string]: Json } {
  const rand = prng(seed);
  const vertices: Json[] = [];
  for (let i = 0; i < n; i++) {
    const operators: Json[] = [];
    const count = intIn(rand, 1, 3);
    for (let k = 0; k < count; k++) {
      const op: { [key: string]: Json } = { id: `v${i}.op${k}` };
      if (rand() < 0.1) {
        const pick = intIn(rand, 0, 3);
        if (pick === 0) op.managedMemory = { operatorScope: { OPERATOR: intIn(rand, 1, 100) } };
        else if (pick === 1) op.managedMemory = { slotScope: ['STATE_BACKEND'] };
        else if (pick === 2) op.managedMemory = { slotScope: ['PYTHON'] };
        else op.managedMemory = { operatorScope: { OPERATOR: intIn(rand, 1, 100) }, slotScope: ['STATE_BACKEND'] };
      }
      operators.push(op);
    }
    const vertex: { [key: string]: Json } = { id: `v${i}`, name: `Vertex ${i}`, parallelism: intIn(rand, 1, 128) };
    if (rand() < 0.05) vertex.maxParallelism = 256;
    if (rand() < 0.05) vertex.slotSharingGroup = NAMED_GROUPS[intIn(rand, 0, NAMED_GROUPS.length - 1)]!;
    vertex.operators = operators;
    vertices.push(vertex);
  }
  const edges: Json[] = [];
  for (let target = 1; target < n; target++) {
    const first = intIn(rand, 0, target - 1);
    const sources = [first];
    if (target >= 2) {
      let second = intIn(rand, 0, target - 2);
      if (second >= first) second++; // distinct from the first source
      sources.push(second);
    }
    for (const source of sources) {
      edges.push({
        source: `v${source}`,
        target: `v${target}`,
        distribution: rand() < 0.5 ? 'POINTWISE' : 'ALL_TO_ALL',
        resultPartitionType: rand() < 0.7 ? 'PIPELINED_BOUNDED' : 'BLOCKING',
      });
    }
  }
  return {
    name: `random-${n}`,
    mode: 'streaming',
    flinkVersion: '1.20',
    managedMemoryConfig: { stateBackend: 'rocksdb', slotManagedMemory: '512mb' },
    slotSharingGroups: [
      { name: 'ssg-0', resources: { cpuCores: 1, taskHeapMemory: '256mb', managedMemory: '128mb' } },
      { name: 'ssg-1', resources: { cpuCores: 2, taskHeapMemory: '1g' } },
      { name: 'ssg-2' },
    ],
    vertices,
    edges,
  };
}

/**
 * A streaming chain v0 -> v1 -> ... of `n` vertices, one operator each, edges alternating
 * PIPELINED_BOUNDED / BLOCKING (so regions of two vertices), written straight to JSON text.
 */
export function chainJobGraphJson(n: number, seed: number): string {
  const rand = prng(seed);
  const parts: string[] = ['{"name":"chain-', String(n), '","mode":"streaming","flinkVersion":"1.20","vertices":['];
  for (let i = 0; i < n; i++) {
    if (i > 0) parts.push(',');
    parts.push(`{"id":"v${i}","parallelism":${intIn(rand, 1, 128)},"operators":[{"id":"v${i}.op"}]}`);
  }
  parts.push('],"edges":[');
  for (let i = 1; i < n; i++) {
    if (i > 1) parts.push(',');
    const type = i % 2 === 1 ? 'PIPELINED_BOUNDED' : 'BLOCKING';
    parts.push(`{"source":"v${i - 1}","target":"v${i}","resultPartitionType":"${type}"}`);
  }
  parts.push(']}');
  return parts.join('');
}

// ---- a small block-style YAML emitter (enough for the generated data) ----

const RESERVED = /^(true|false|null|yes|no|on|off|y|n|~)$/i;
const PLAIN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function scalar(v: Json): string {
  if (typeof v === 'string') return PLAIN.test(v) && !RESERVED.test(v) ? v : JSON.stringify(v);
  return String(v);
}

function isCollection(v: Json): v is Json[] | { [key: string]: Json } {
  return typeof v === 'object' && v !== null;
}

function flow(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(flow).join(', ')}]`;
  if (isCollection(v))
    return `{${Object.entries(v)
      .map(([k, x]) => `${k}: ${flow(x)}`)
      .join(', ')}}`;
  return scalar(v);
}

/** Scalars, lists of scalars and maps of scalars. */
function simple(v: Json): boolean {
  if (!isCollection(v)) return true;
  return (Array.isArray(v) ? v : Object.values(v)).every((x) => !isCollection(x));
}

/** Flow style for scalars, scalar lists and short maps of simple values; block style for everything else. */
function inline(v: Json): boolean {
  if (!isCollection(v)) return true;
  if (Array.isArray(v)) return v.every((x) => !isCollection(x));
  return Object.values(v).every(simple) && flow(v).length <= 100;
}

function emit(v: Json[] | { [key: string]: Json }, indent: string, out: string[]): void {
  if (Array.isArray(v)) {
    for (const item of v) {
      if (inline(item)) {
        out.push(`${indent}- ${flow(item)}`);
      } else {
        const start = out.length;
        emit(item as Json[] | { [key: string]: Json }, `${indent}  `, out);
        out[start] = `${indent}- ${out[start]!.slice(indent.length + 2)}`;
      }
    }
    return;
  }
  for (const [key, value] of Object.entries(v)) {
    if (inline(value)) {
      out.push(`${indent}${key}: ${flow(value)}`);
    } else {
      out.push(`${indent}${key}:`);
      emit(value as Json[] | { [key: string]: Json }, `${indent}  `, out);
    }
  }
}

export function toYaml(doc: { [key: string]: Json }): string {
  const out: string[] = [];
  emit(doc, '', out);
  return out.join('\n') + '\n';
}

// ---- subtask-level (plan --execution) inputs ----

/**
 * The topology of Flink's scheduler benchmark (flink-runtime/src/test/java/org/apache/flink/
 * runtime/scheduler/benchmark): exactly two job vertices, source → sink, both at `parallelism`,
 * joined by one ALL_TO_ALL edge, PIPELINED in streaming mode and BLOCKING in batch mode.
 * maxParallelism 32768 (Flink's upper bound) so that any parallelism up to it is accepted.
 */
export function schedulerBenchmarkJobGraph(parallelism: number, mode: 'streaming' | 'batch'): { [key: string]: Json } {
  return {
    name: `scheduler-benchmark-${mode}-${parallelism}`,
    mode,
    flinkVersion: '1.20',
    vertices: [
      { id: 'source', name: 'source', parallelism, maxParallelism: 32768 },
      { id: 'sink', name: 'sink', parallelism, maxParallelism: 32768 },
    ],
    edges: [
      { source: 'source', target: 'sink', distribution: 'ALL_TO_ALL', resultPartitionType: mode === 'batch' ? 'BLOCKING' : 'PIPELINED' },
    ],
  };
}

/** A streaming chain v0 -> v1 -> ... of `n` vertices, all at `parallelism`, POINTWISE PIPELINED_BOUNDED edges. */
export function pointwiseChainJobGraph(n: number, parallelism: number): { [key: string]: Json } {
  const vertices: Json[] = [];
  const edges: Json[] = [];
  for (let i = 0; i < n; i++) {
    vertices.push({ id: `v${i}`, parallelism });
    if (i > 0) edges.push({ source: `v${i - 1}`, target: `v${i}`, distribution: 'POINTWISE', resultPartitionType: 'PIPELINED_BOUNDED' });
  }
  return { name: `pointwise-chain-${n}x${parallelism}`, mode: 'streaming', flinkVersion: '1.20', vertices, edges };
}
