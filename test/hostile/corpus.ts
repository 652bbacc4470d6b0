/**
 * The hostile-input corpus (issue "hostile input"): every file is generated here, none is committed,
 * so the corpus follows the schemas as they change and a million-event scenario costs no repository
 * space. `generateCorpus(dir)` writes the files and says which commands may receive each one
 * (its kinds); test/hostile/hostile.test.ts runs them through the built CLI.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { ROOT } from '../support/root.js';

export type Kind = 'job' | 'config' | 'scenario' | 'cluster' | 'policy' | 'flink-json';

export interface HostileCase {
  /** Unique, printable: `category/detail`. */
  readonly name: string;
  /** Absolute path of the file (or directory) to pass to the CLI. */
  readonly file: string;
  /** The commands that may receive it: see hostile.test.ts for the command lines of each kind. */
  readonly kinds: readonly Kind[];
}

export const ALL_KINDS: readonly Kind[] = ['job', 'config', 'scenario', 'cluster', 'policy', 'flink-json'];

/**
 * Variants of a reader-level problem (another truncation, another empty form) go to the two readers
 * that take the most: the job graph reader (plan, validate, diff, simulate) and the configuration
 * reader (memory, --tm-config). One case of each such category still goes everywhere (ALL_KINDS):
 * running every variant through every command would take the suite past its time budget.
 */
export const FEW_KINDS: readonly Kind[] = ['job', 'config'];

type Json = null | boolean | number | string | Raw | Json[] | { [key: string]: Json };
type Segment = string | number;

/** A number literal written verbatim (1e400, .nan, 2^53+1): JSON.stringify and js-yaml cannot spell these. */
class Raw {
  constructor(readonly text: string) {}
}

// ---------------------------------------------------------------------------------------------
// Writing files
// ---------------------------------------------------------------------------------------------

/** Which cases of a category a sample keeps: `index` counts the category's cases from 0, in corpus order. */
export type Sample = (category: string, index: number) => boolean;

/** `npm test`'s sample: every SAMPLE_EVERY-th case of each category, starting with its first. */
export const SAMPLE_EVERY = 16;
export const everyKth: Sample = (_category, index) => index % SAMPLE_EVERY === 0;

const categoryOf = (name: string): string => name.split('/')[0] ?? name;

class Corpus {
  readonly cases: HostileCase[] = [];
  private readonly names = new Set<string>();
  private readonly seen = new Map<string, number>();

  constructor(
    readonly dir: string,
    private readonly sample?: Sample,
  ) {}

  /** Whether the next case named `name` is kept: large documents out of the sample are not even built. */
  wants(name: string): boolean {
    const category = categoryOf(name);
    return this.sample === undefined || this.sample(category, this.seen.get(category) ?? 0);
  }

  /** A case out of the sample, not built: it still counts in its category, so the sample stays the same. */
  skip(name: string): void {
    if (this.wants(name)) throw new Error(`hostile case ${name} is in the sample: build it`);
    this.count(name);
  }

  /**
   * Writes `content` as DIR/<slug of name>.<ext> and records the case. A case out of the sample is
   * written only when small: another case may name it (a policy's cluster, a scenario's job graph).
   */
  add(name: string, ext: string, content: string | Buffer, kinds: readonly Kind[]): string {
    const file = join(this.dir, `${this.slug(name)}.${ext}`);
    if (this.wants(name) || content.length < 1 << 16) writeFileSync(file, content);
    return this.record(name, file, kinds);
  }

  /** A case whose file already exists (a directory, a file with an odd name). */
  record(name: string, file: string, kinds: readonly Kind[]): string {
    if (this.names.has(name)) throw new Error(`duplicate hostile case name ${name}`);
    this.names.add(name);
    if (this.wants(name)) this.cases.push({ name, file, kinds });
    this.count(name);
    return file;
  }

  categories(): string[] {
    return [...this.seen.keys()];
  }

  private count(name: string): void {
    const category = categoryOf(name);
    this.seen.set(category, (this.seen.get(category) ?? 0) + 1);
  }

  yaml(name: string, doc: Json, kinds: readonly Kind[]): string {
    return this.add(name, 'yaml', toYaml(doc), kinds);
  }

  json(name: string, doc: Json, kinds: readonly Kind[]): string {
    return this.add(name, 'json', toJson(doc), kinds);
  }

  /** File names stay short and plain: the name itself may be long or carry odd characters. */
  private slug(name: string): string {
    return `${String(this.names.size).padStart(4, '0')}-${name.replace(/[^A-Za-z0-9.-]+/g, '_').slice(0, 80)}`;
  }
}

/** Raw numbers travel through the serializers as placeholder strings, replaced afterwards. */
function withRaw(doc: Json, serialize: (plain: unknown) => string): string {
  const raws: string[] = [];
  const plain = JSON.parse(
    JSON.stringify(doc, (_key, value: unknown) => (value instanceof Raw ? `@@RAW${raws.push(value.text) - 1}@@` : value)),
  );
  return serialize(plain).replace(/(['"]?)@@RAW(\d+)@@\1/g, (_m, _q, i: string) => raws[Number(i)] ?? '');
}

function toJson(doc: Json): string {
  return withRaw(doc, (plain) => JSON.stringify(plain, null, 1));
}

function toYaml(doc: Json): string {
  return withRaw(doc, (plain) => dump(plain, { lineWidth: -1, noRefs: true }));
}

function clone<T extends Json>(doc: T): T {
  // Raw values are immutable and may be shared between copies.
  if (doc instanceof Raw || doc === null || typeof doc !== 'object') return doc;
  if (Array.isArray(doc)) return doc.map((d) => clone(d)) as T;
  return Object.fromEntries(Object.entries(doc).map(([k, v]) => [k, clone(v)])) as T;
}

// ---------------------------------------------------------------------------------------------
// Valid base documents: each hostile variant changes one thing, so the rest reaches the deep code
// ---------------------------------------------------------------------------------------------

const RESOURCES: Json = { cpuCores: 1, taskHeapMemory: '256m', taskOffHeapMemory: '64m', managedMemory: '128m', extended: { gpu: 1 } };

function baseJob(): Json {
  return {
    name: 'hostile',
    mode: 'streaming',
    flinkVersion: '1.20',
    managedMemoryConfig: {
      stateBackend: 'rocksdb',
      consumerWeights: { OPERATOR: 70, STATE_BACKEND: 70, PYTHON: 30 },
      slotManagedMemory: '512mb',
    },
    vertices: [
      {
        id: 'source',
        name: 'Source',
        parallelism: 4,
        maxParallelism: 128,
        operators: [
          { id: 'src', name: 'src', keyed: true, managedMemory: { operatorScope: { OPERATOR: 1 }, slotScope: ['STATE_BACKEND'] } },
        ],
      },
      { id: 'sink', name: 'Sink', parallelism: 2, slotSharingGroup: 'g' },
    ],
    edges: [{ source: 'source', target: 'sink', distribution: 'ALL_TO_ALL', resultPartitionType: 'PIPELINED_BOUNDED' }],
    slotSharingGroups: [{ name: 'g', resources: clone(RESOURCES) }],
  };
}

function baseCluster(): Json {
  return {
    flinkVersion: '1.20',
    resourceAllocation: 'standalone',
    defaultWorker: {
      totalResources: { cpuCores: 4, taskHeapMemory: '4g', taskOffHeapMemory: '512m', managedMemory: '2g', networkMemory: '512m' },
      numberOfTaskSlots: 4,
    },
    options: { standaloneStartupTime: '2s', maxSlots: 64 },
    taskManagers: [{ id: 'tm', count: 4 }],
  };
}

function baseScenario(): Json {
  return {
    name: 'hostile',
    flinkVersion: '1.20',
    cluster: baseCluster(),
    jobs: [
      { id: 'first', requirements: [{ profile: 'UNKNOWN', count: 4 }] },
      { id: 'second', requirements: [{ profile: 'UNKNOWN', count: 2 }], submitAt: '1s' },
    ],
    events: [{ at: '2s', finishJob: 'first' }],
    until: '10s',
  };
}

function basePolicy(): Json {
  return { maxSlots: 16, maxParallelism: 32, requireGroupProfiles: false, strict: false, execution: false, failLevel: 'error' };
}

function baseConfig(): Json {
  return {
    'taskmanager.memory.process.size': '1728m',
    'taskmanager.numberOfTaskSlots': 4,
    'taskmanager.memory.managed.fraction': 0.4,
  };
}

function baseNestedConfig(): Json {
  return { taskmanager: { memory: { process: { size: '1728m' } }, numberOfTaskSlots: 4 } };
}

function baseDeployment(): Json {
  return {
    apiVersion: 'flink.apache.org/v1beta1',
    kind: 'FlinkDeployment',
    metadata: { name: 'hostile' },
    spec: {
      flinkVersion: 'v1_20',
      flinkConfiguration: { 'taskmanager.numberOfTaskSlots': '2' },
      jobManager: { resource: { memory: '1024m', cpu: 1 } },
      taskManager: { resource: { memory: '2048m', cpu: 1 } },
      job: { jarURI: 'local:///job.jar', parallelism: 2 },
    },
  };
}

/** Flink's own JSON documents, from the real files in fixtures/real-formats/. */
function realFormat(path: string): Json {
  return JSON.parse(readFileSync(join(ROOT, 'fixtures/real-formats', path), 'utf8')) as Json;
}

function flinkBases(): Record<'streamGraph' | 'jobPlan' | 'jobPlanAnswer' | 'jobDetails' | 'taskManagers', Json> {
  const jobPlan = realFormat('jobgraph-plan/apache-flink-testStatementSetJobJsonExplain.plan.json');
  return {
    streamGraph: realFormat('streamgraph/opensourceteams-flink-maven-scala-execution-plan.json'),
    jobPlan,
    jobPlanAnswer: { plan: clone(jobPlan) },
    jobDetails: realFormat('jobgraph-plan/springline-rs-job-details-CarTopSpeedWindowingExample.json'),
    taskManagers: realFormat('rest/springline-rs-taskmanagers.json'),
  };
}

// ---------------------------------------------------------------------------------------------
// Walking the JSON schemas: every key of every format, found programmatically
// ---------------------------------------------------------------------------------------------

type Schema = { readonly [key: string]: unknown };

interface Leaf {
  readonly path: readonly Segment[];
  /** The resolved schema of the value at each prefix of `path` (index 0: the document). */
  readonly chain: readonly Resolved[];
}

const schemaCache = new Map<string, Schema>();

function loadSchema(file: string): Schema {
  let schema = schemaCache.get(file);
  if (schema === undefined) {
    schema = JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8')) as Schema;
    schemaCache.set(file, schema);
  }
  return schema;
}

interface Resolved {
  readonly schema: Schema;
  readonly file: string;
  readonly ref?: string;
}

/** Follows $ref ("#/$defs/x", "cluster.schema.json", "cluster.schema.json#/$defs/x") to the schema it names. */
function resolve(schema: Schema, file: string): Resolved {
  let current: Resolved = { schema, file };
  for (let hops = 0; typeof current.schema.$ref === 'string' && hops < 20; hops++) {
    const [target = '', pointer = ''] = (current.schema.$ref as string).split('#');
    const nextFile = target === '' ? current.file : target;
    let node: unknown = loadSchema(nextFile);
    for (const part of pointer.split('/').filter((p) => p !== '')) node = (node as Schema)[part];
    current = { schema: node as Schema, file: nextFile, ref: `${nextFile}#${pointer}` };
  }
  return current;
}

/** The schemas a value may match: itself, or each of its oneOf/anyOf alternatives. */
function alternatives(r: Resolved): Resolved[] {
  const options = [...((r.schema.oneOf as Schema[] | undefined) ?? []), ...((r.schema.anyOf as Schema[] | undefined) ?? [])];
  return options.length === 0 ? [r] : options.map((o) => resolve(o, r.file));
}

function children(r: Resolved): [Segment, Resolved][] {
  const out: [Segment, Resolved][] = [];
  for (const alt of alternatives(r)) {
    const properties = (alt.schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, child] of Object.entries(properties)) if (key !== '$schema') out.push([key, resolve(child, alt.file)]);
    const extra = alt.schema.additionalProperties;
    if (typeof extra === 'object' && extra !== null) out.push(['k', resolve(extra as Schema, alt.file)]);
    if (typeof alt.schema.items === 'object') out.push([0, resolve(alt.schema.items as Schema, alt.file)]);
  }
  return out;
}

/**
 * Every key path of a schema. A $defs entry is entered once per `entered` set (profileMap appears
 * in a dozen places, a scenario embeds a whole cluster): its other uses are still listed as keys,
 * but not walked again, which keeps the corpus to a size the CLI can run in minutes.
 */
export function schemaLeaves(file: string, pointer = '', entered = new Set<string>()): Leaf[] {
  const root = resolve({ $ref: `${file}#${pointer}` }, file);
  const out: Leaf[] = [];
  const walk = (r: Resolved, path: Segment[], chain: Resolved[]): void => {
    if (path.length > 0) out.push({ path, chain });
    if (r.ref !== undefined) {
      if (entered.has(r.ref)) return;
      entered.add(r.ref);
    }
    for (const [segment, child] of children(r)) walk(child, [...path, segment], [...chain, child]);
  };
  walk(root, [], [root]);
  return out;
}

/** The JSON types a schema admits (enum values count by their own type). */
function admittedTypes(r: Resolved): Set<string> {
  const types = new Set<string>();
  for (const alt of alternatives(r)) {
    const t = alt.schema.type;
    for (const type of Array.isArray(t) ? t : t === undefined ? [] : [t]) types.add(type as string);
    for (const value of (alt.schema.enum as unknown[] | undefined) ?? []) types.add(typeof value);
  }
  if (types.has('integer')) types.add('number');
  return types;
}

/** A value of the wrong type, chosen to look plausible: "4" for a count, 42 for an id, ["64m"] for a size. */
function wrongValue(r: Resolved): Json | undefined {
  const types = admittedTypes(r);
  if (types.size === 0) return undefined;
  if (types.has('string') && types.has('number')) return types.has('boolean') ? { wrong: [1] } : ['64m'];
  if (types.has('string') && types.has('object')) return 5;
  if (types.has('number')) return '4';
  if (types.has('boolean')) return 'true';
  if (types.has('string')) return 42;
  if (types.has('array')) return { 0: 'x' };
  if (types.has('object')) return 'str';
  return 7;
}

/** A valid-looking value for a container created on the way to a leaf (required keys filled). */
function sample(r: Resolved, depth = 0): Json {
  const types = admittedTypes(r);
  const enumValues = r.schema.enum as Json[] | undefined;
  if (enumValues !== undefined) return enumValues[0] ?? null;
  if (types.has('string')) return 'gen';
  if (types.has('number')) return 1;
  if (types.has('boolean')) return false;
  if (types.has('array')) return [];
  const out: { [key: string]: Json } = {};
  if (depth > 4) return out;
  const required = (r.schema.required as string[] | undefined) ?? [];
  const properties = (r.schema.properties ?? {}) as Record<string, Schema>;
  for (const key of required) {
    const property = properties[key];
    out[key] = property === undefined ? 'gen' : sample(resolve(property, r.file), depth + 1);
  }
  return out;
}

/** Sets the value at `leaf.path`, creating the containers on the way (with their required keys). */
function setAt(doc: Json, leaf: Leaf, value: Json): void {
  let node = doc as { [key: string]: Json } | Json[];
  leaf.path.forEach((segment, i) => {
    const container = node as Record<Segment, Json>;
    if (i === leaf.path.length - 1) {
      container[segment] = value;
      return;
    }
    const existing = container[segment];
    if (existing === null || typeof existing !== 'object' || existing instanceof Raw) {
      const nextIsIndex = typeof leaf.path[i + 1] === 'number';
      const schema = leaf.chain[i + 1];
      container[segment] = nextIsIndex || schema === undefined ? [] : sample(schema);
      if (!nextIsIndex && (Array.isArray(container[segment]) || typeof container[segment] !== 'object')) container[segment] = {};
    }
    node = container[segment] as { [key: string]: Json };
  });
}

/** The schema of the leaf itself (an empty one for hand-made leaves). */
function lastOf(leaf: Leaf): Resolved {
  return leaf.chain[leaf.chain.length - 1] ?? { schema: {}, file: 'job-graph.schema.json' };
}

function pathName(path: readonly Segment[]): string {
  return path.map(String).join('.');
}

// ---------------------------------------------------------------------------------------------
// The formats, with their base document, schema and the kinds that may receive them
// ---------------------------------------------------------------------------------------------

interface Format {
  readonly id: string;
  readonly base: () => Json;
  readonly schema: { readonly file: string; readonly pointer: string } | undefined;
  readonly kinds: readonly Kind[];
  readonly write: 'yaml' | 'json';
}

function formats(): Format[] {
  const flink = flinkBases();
  const flinkFormat = (id: keyof typeof flink, kinds: readonly Kind[]): Format => ({
    id: `flink-${id}`,
    base: () => clone(flink[id]),
    schema: { file: 'flink-json.schema.json', pointer: `/$defs/${id}` },
    kinds,
    write: 'json',
  });
  return [
    { id: 'job', base: baseJob, schema: { file: 'job-graph.schema.json', pointer: '' }, kinds: ['job'], write: 'yaml' },
    { id: 'cluster', base: baseCluster, schema: { file: 'cluster.schema.json', pointer: '' }, kinds: ['cluster'], write: 'yaml' },
    { id: 'scenario', base: baseScenario, schema: { file: 'scenario.schema.json', pointer: '' }, kinds: ['scenario'], write: 'yaml' },
    { id: 'policy', base: basePolicy, schema: { file: 'policy.schema.json', pointer: '' }, kinds: ['policy'], write: 'yaml' },
    flinkFormat('streamGraph', ['flink-json']),
    flinkFormat('jobPlan', ['flink-json']),
    flinkFormat('jobDetails', ['flink-json']),
    flinkFormat('taskManagers', ['flink-json', 'cluster']),
  ];
}

function writeDoc(corpus: Corpus, format: Format, name: string, doc: Json): string {
  return format.write === 'json' ? corpus.json(name, doc, format.kinds) : corpus.yaml(name, doc, format.kinds);
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

/**
 * Every key of every schema with a value of the wrong type: one file per object (the document, a
 * vertex, a TaskManager, ...) with all its keys wrong at once. A file per key would be five times
 * as many CLI runs for the same reader paths; the test's time budget decides.
 */
function wrongTypes(corpus: Corpus): void {
  const entered = new Set<string>();
  for (const format of formats()) {
    if (format.schema === undefined) continue;
    for (const [parent, leaves] of byParent(schemaLeaves(format.schema.file, format.schema.pointer, entered))) {
      const doc = format.base();
      for (const leaf of leaves) {
        const value = wrongValue(lastOf(leaf));
        if (value !== undefined) setAt(doc, leaf, value);
      }
      writeDoc(corpus, format, `wrong-type/${format.id}/${parent === '' ? '(document)' : parent}`, doc);
    }
  }
}

function byParent(leaves: readonly Leaf[]): Map<string, Leaf[]> {
  const groups = new Map<string, Leaf[]>();
  for (const leaf of leaves) {
    const parent = pathName(leaf.path.slice(0, -1));
    groups.set(parent, [...(groups.get(parent) ?? []), leaf]);
  }
  return groups;
}

interface HostileNumber {
  readonly name: string;
  readonly yaml: string;
  /** Absent: JSON cannot spell it (NaN, Infinity). */
  readonly json?: string;
}

const NUMBERS: readonly HostileNumber[] = [
  { name: 'huge-2^53+1', yaml: '9007199254740993', json: '9007199254740993' },
  { name: 'long-overflow', yaml: '9223372036854775808', json: '9223372036854775808' },
  { name: 'negative', yaml: '-1', json: '-1' },
  { name: 'fraction', yaml: '1.5', json: '1.5' },
  { name: '1e400', yaml: '1.0e+400', json: '1e400' },
  { name: 'negative-zero', yaml: '-0.0', json: '-0' },
  { name: 'nan', yaml: '.nan' },
  { name: 'infinity', yaml: '.inf' },
  { name: 'minus-infinity', yaml: '-.inf' },
];

/**
 * Job graphs get every hostile number in every field; the other formats the ones most likely to
 * matter (Flink's JSON cannot spell NaN or Infinity at all): the suite's time budget decides.
 */
const FEW_NUMBERS: Readonly<Record<'yaml' | 'json', ReadonlySet<string>>> = {
  yaml: new Set(['huge-2^53+1', 'negative', 'fraction', '1e400', 'nan', 'infinity']),
  json: new Set(['huge-2^53+1', 'negative', 'fraction', '1e400']),
};

function numbersFor(format: Format): readonly HostileNumber[] {
  return format.id === 'job' ? NUMBERS : NUMBERS.filter((n) => FEW_NUMBERS[format.write].has(n.name));
}

/** A leaf that may hold a number: counts, parallelism, cpuCores, memory sizes and durations. */
function numericLeaves(format: Format, entered = new Set<string>()): Leaf[] {
  if (format.schema === undefined) return [];
  return schemaLeaves(format.schema.file, format.schema.pointer, entered).filter((leaf) => admittedTypes(lastOf(leaf)).has('number'));
}

function isUnboundedInteger(r: Resolved): boolean {
  const types = admittedTypes(r);
  return types.has('integer') && !types.has('string') && r.schema.maximum === undefined;
}

function literal(format: Format, n: HostileNumber): Raw | undefined {
  const text = format.write === 'json' ? n.json : n.yaml;
  return text === undefined ? undefined : new Raw(text);
}

/** Each hostile number in every numeric field at once, and 2^53+1 in each numeric field alone. */
function hostileNumbers(corpus: Corpus): void {
  const entered = new Set<string>();
  for (const format of formats()) {
    for (const n of numbersFor(format)) {
      const value = literal(format, n);
      if (value === undefined) continue;
      const doc = format.base();
      for (const leaf of numericLeaves(format)) setAt(doc, leaf, value);
      writeDoc(corpus, format, `numbers/${format.id}/all-fields/${n.name}`, doc);
    }
    // Alone, only the integers without a maximum: counts and parallelism that code may loop over. Flink's
    // JSON files are read leniently (no schema errors stop the reader), so all-fields reaches them all already.
    if (format.write === 'json') continue;
    for (const leaf of numericLeaves(format, entered).filter((l) => isUnboundedInteger(lastOf(l)))) {
      const doc = format.base();
      setAt(doc, leaf, new Raw('9007199254740993'));
      writeDoc(corpus, format, `numbers/${format.id}/one-field/${pathName(leaf.path)}`, doc);
    }
  }
}

/** The Flink configuration options flinkslot reads: config files have no JSON schema of their own. */
const CONFIG_KEYS = [
  'taskmanager.memory.process.size',
  'taskmanager.memory.flink.size',
  'taskmanager.memory.framework.heap.size',
  'taskmanager.memory.framework.off-heap.size',
  'taskmanager.memory.task.heap.size',
  'taskmanager.memory.task.off-heap.size',
  'taskmanager.memory.managed.size',
  'taskmanager.memory.managed.fraction',
  'taskmanager.memory.managed.consumer-weights',
  'taskmanager.memory.network.min',
  'taskmanager.memory.network.max',
  'taskmanager.memory.network.fraction',
  'taskmanager.network.numberOfBuffers',
  'taskmanager.memory.segment-size',
  'taskmanager.memory.jvm-metaspace.size',
  'taskmanager.memory.jvm-overhead.min',
  'taskmanager.memory.jvm-overhead.max',
  'taskmanager.memory.jvm-overhead.fraction',
  'taskmanager.memory.size',
  'taskmanager.numberOfTaskSlots',
  'taskmanager.cpu.cores',
  'taskmanager.heap.size',
  'state.backend.type',
  'execution.target',
  'kubernetes.taskmanager.cpu.amount',
  'yarn.containers.vcores',
];

const WRONG_CONFIG_VALUES: readonly Json[] = [{ size: '1g' }, ['1g'], true, null];

/** Config keys: a wrong type each, hostile numbers each, all at once per number, in flat and nested form. */
function configValues(corpus: Corpus): void {
  CONFIG_KEYS.forEach((key, i) => {
    corpus.yaml(
      `config-wrong-type/${key}`,
      { ...(baseConfig() as object), [key]: WRONG_CONFIG_VALUES[i % WRONG_CONFIG_VALUES.length] ?? null },
      ['config'],
    );
    // Sizes get a huge number in the all-keys files; counts, fractions and CPUs also one at a time.
    if (!/\.(size|min|max)$/.test(key))
      corpus.yaml(`config-numbers/one-key/${key}`, { ...(baseConfig() as object), [key]: new Raw('9007199254740993') }, ['config']);
  });
  for (const n of NUMBERS) {
    const all: { [key: string]: Json } = {};
    for (const key of CONFIG_KEYS) all[key] = new Raw(n.yaml);
    corpus.yaml(`config-numbers/all-keys/${n.name}`, all, ['config']);
  }
  const nested = baseNestedConfig() as { taskmanager: { memory: { process: { size: Json } } } };
  nested.taskmanager.memory.process.size = { wrong: true };
  corpus.yaml('config-wrong-type/nested-process-size-object', nested, ['config']);
}

/** FlinkDeployment keys flinkslot reads, each with a wrong type or NaN (alternately). */
function deploymentValues(corpus: Corpus): void {
  const paths: Segment[][] = [
    ['spec', 'flinkVersion'],
    ['spec', 'flinkConfiguration'],
    ['spec', 'taskManager'],
    ['spec', 'taskManager', 'resource'],
    ['spec', 'taskManager', 'resource', 'memory'],
    ['spec', 'taskManager', 'resource', 'cpu'],
    ['spec', 'taskManager', 'replicas'],
    ['spec', 'job', 'parallelism'],
    ['spec', 'jobManager', 'resource', 'memory'],
    ['kind'],
    ['spec'],
  ];
  paths.forEach((path, i) => {
    const [label, value]: [string, Json] = i % 2 === 0 ? ['wrong-type', { wrong: [1] }] : ['nan', new Raw('.nan')];
    const doc = baseDeployment();
    setAt(doc, { path, chain: [] }, value);
    corpus.yaml(`deployment/${label}/${pathName(path)}`, doc, ['config']);
  });
}

const ODD_SIZES = [
  '1.5g',
  '10 parsecs',
  '-1m',
  '0x10m',
  '1e3m',
  '',
  '   ',
  '1 g g',
  'm',
  '9223372036854775808b',
  '99999999999999999999t',
  '\u0661\u0662\u0663m',
  '1_000m',
  '+1m',
  'NaNm',
  'Infinitym',
  '1g\u0000',
];

const ODD_DURATIONS = ['-1s', '1e400ms', '10 parsecs', '5 fortnights', '0x10s', '1.5s', 'NaN ms', '', '9223372036854775808ms', '1 s s'];

/** Memory sizes with odd units in configs, job graphs and clusters; odd durations in scenarios and clusters. */
function oddUnits(corpus: Corpus): void {
  const sizeKeys = CONFIG_KEYS.filter((k) => k.endsWith('.size') || k.endsWith('.min') || k.endsWith('.max'));
  ODD_SIZES.forEach((size, i) => {
    corpus.yaml(`odd-size/config/process-size/${i}`, { ...(baseConfig() as object), 'taskmanager.memory.process.size': size }, ['config']);
    // Every other size key gets the odd sizes too, each a different one, in a few files.
    if (i < 4) {
      const all: { [key: string]: Json } = { 'taskmanager.numberOfTaskSlots': 2 };
      sizeKeys.forEach((key, k) => (all[key] = ODD_SIZES[(i * 5 + k) % ODD_SIZES.length] ?? ''));
      corpus.yaml(`odd-size/config/all-sizes/${i}`, all, ['config']);
    }
    // Job graphs and clusters read sizes with the same parser: a quarter of the units suffice there.
    if (i % 4 !== 0) return;
    for (const format of formats().filter((f) => f.id === 'job' || f.id === 'cluster')) {
      const doc = format.base();
      for (const leaf of numericLeaves(format).filter((l) => admittedTypes(lastOf(l)).has('string'))) setAt(doc, leaf, size);
      writeDoc(corpus, format, `odd-size/${format.id}/${i}`, doc);
    }
  });
  const scenario = formats().find((f) => f.id === 'scenario');
  if (scenario === undefined) return;
  const durationLeaves = numericLeaves(scenario).filter((l) => admittedTypes(lastOf(l)).has('string'));
  ODD_DURATIONS.forEach((duration, i) => {
    const doc = scenario.base();
    for (const leaf of durationLeaves) setAt(doc, leaf, duration);
    writeDoc(corpus, scenario, `odd-duration/scenario/${i}`, doc);
  });
}

/** Options Flink rejects together: process smaller than flink size, fractions above 1, min above max. */
function contradictoryMemory(corpus: Corpus): void {
  const cases: Record<string, Record<string, Json>> = {
    'process-below-flink': { 'taskmanager.memory.process.size': '512m', 'taskmanager.memory.flink.size': '1g' },
    'managed-fraction-above-1': { 'taskmanager.memory.managed.fraction': 1.5 },
    'network-fraction-2': { 'taskmanager.memory.network.fraction': 2 },
    'overhead-fraction-negative': { 'taskmanager.memory.jvm-overhead.fraction': -0.1 },
    'fractions-sum-above-1': { 'taskmanager.memory.managed.fraction': 0.9, 'taskmanager.memory.network.fraction': 0.9 },
    'network-min-above-max': { 'taskmanager.memory.network.min': '1g', 'taskmanager.memory.network.max': '64m' },
    'overhead-min-above-max': { 'taskmanager.memory.jvm-overhead.min': '2g', 'taskmanager.memory.jvm-overhead.max': '1m' },
    'task-heap-above-process': { 'taskmanager.memory.task.heap.size': '10g', 'taskmanager.memory.managed.size': '10g' },
    'metaspace-above-process': { 'taskmanager.memory.jvm-metaspace.size': '4g' },
    'zero-process': { 'taskmanager.memory.process.size': '0' },
    'zero-slots': { 'taskmanager.numberOfTaskSlots': 0 },
    'negative-slots': { 'taskmanager.numberOfTaskSlots': -4 },
    'billion-slots': { 'taskmanager.numberOfTaskSlots': 1000000000 },
    'negative-cpu': { 'taskmanager.cpu.cores': -1 },
    'zero-segment-size': { 'taskmanager.memory.segment-size': '0' },
    'huge-segment-size': { 'taskmanager.memory.segment-size': '1t' },
    'buffers-negative': { 'taskmanager.network.numberOfBuffers': -1 },
    'legacy-and-new-size': { 'taskmanager.memory.size': '1g', 'taskmanager.heap.size': '2g', 'taskmanager.memory.managed.size': '3g' },
    'weights-garbage': { 'taskmanager.memory.managed.consumer-weights': 'OPERATOR:-1,FOO:1,STATE_BACKEND:abc,:,,' },
    'weights-all-zero': { 'taskmanager.memory.managed.consumer-weights': 'OPERATOR:0,STATE_BACKEND:0,PYTHON:0' },
    'weights-overflow': { 'taskmanager.memory.managed.consumer-weights': 'OPERATOR:99999999999999999999' },
    'unknown-state-backend': { 'state.backend.type': 'floppy-disk', 'state.backend.rocksdb.memory.fixed-per-slot': '-1m' },
    'everything-set-inconsistently': {
      'taskmanager.memory.process.size': '1g',
      'taskmanager.memory.flink.size': '1g',
      'taskmanager.memory.task.heap.size': '1g',
      'taskmanager.memory.managed.size': '1g',
      'taskmanager.memory.network.min': '1g',
      'taskmanager.memory.network.max': '1g',
    },
  };
  for (const [name, options] of Object.entries(cases)) {
    corpus.yaml(`contradictory-memory/${name}`, { ...(baseConfig() as object), ...options }, ['config']);
  }
  const deployment = baseDeployment() as { spec: { taskManager: { resource: { memory: Json; cpu: Json } } } };
  deployment.spec.taskManager.resource = { memory: '1m', cpu: -2 };
  corpus.yaml('contradictory-memory/deployment-1m-negative-cpu', deployment, ['config']);
}

/** Billion laughs: nine levels of nine aliases expand to 387 million nodes if anything copies them. */
function laughs(kind: 'seq' | 'map', anchor: string): string {
  let value = kind === 'seq' ? `&${anchor}0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]` : `&${anchor}0 {k: lol}`;
  for (let level = 1; level <= 9; level++) {
    const refs = Array.from({ length: 8 }, (_, i) => (kind === 'seq' ? `*${anchor}${level - 1}` : `k${i + 1}: *${anchor}${level - 1}`));
    value = kind === 'seq' ? `&${anchor}${level} [${value}, ${refs.join(', ')}]` : `&${anchor}${level} {k0: ${value}, ${refs.join(', ')}}`;
  }
  return value;
}

function yamlBombs(corpus: Corpus): void {
  const seq = laughs('seq', 'a');
  const map = laughs('map', 'm');
  corpus.add('yaml-bomb/top-level-sequence', 'yaml', `${seq}\n`, ALL_KINDS);
  corpus.add('yaml-bomb/top-level-map', 'yaml', `x: ${map}\n`, ALL_KINDS);
  corpus.add('yaml-bomb/job-vertices', 'yaml', `name: bomb\nvertices: ${seq}\n`, ['job']);
  corpus.add('yaml-bomb/job-name', 'yaml', `name: ${map}\nvertices: [{id: a}]\n`, ['job']);
  corpus.add('yaml-bomb/job-consumer-weights', 'yaml', `managedMemoryConfig: {consumerWeights: ${map}}\nvertices: [{id: a}]\n`, ['job']);
  corpus.add('yaml-bomb/config-nested', 'yaml', `taskmanager:\n  memory: ${map}\n  numberOfTaskSlots: 2\n`, ['config']);
  corpus.add('yaml-bomb/config-flat-value', 'yaml', `taskmanager.memory.process.size: ${seq}\n`, ['config']);
  corpus.add('yaml-bomb/config-unknown-key', 'yaml', `taskmanager.memory.process.size: 1g\nenv: ${map}\n`, ['config']);
  const deployment = `apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nspec:\n  flinkConfiguration: ${map}\n  taskManager: {resource: {memory: 1g, cpu: 1}}\n`;
  corpus.add('yaml-bomb/deployment-flink-configuration', 'yaml', deployment, ['config']);
  const cluster = `defaultWorker:\n  numberOfTaskSlots: 2\n  flinkConfiguration: ${map}\ntaskManagers: [{id: tm}]\n`;
  corpus.add('yaml-bomb/cluster-flink-configuration', 'yaml', cluster, ['cluster']);
  corpus.add('yaml-bomb/cluster-profiles', 'yaml', `profiles: ${map}\ntaskManagers: [{id: tm}]\n`, ['cluster']);
  const scenario = `cluster: {taskManagers: [{id: tm, numberOfTaskSlots: 1}]}\nevents:\n  - {at: 0, expect: ${map}}\n  - {at: 1, declare: ${map}}\n`;
  corpus.add('yaml-bomb/scenario-expect-declare', 'yaml', scenario, ['scenario']);
  corpus.add('yaml-bomb/scenario-events', 'yaml', `cluster: {taskManagers: [{id: tm}]}\nevents: ${seq}\n`, ['scenario']);
  corpus.add('yaml-bomb/policy', 'yaml', `maxSlots: 4\ncluster: ${map}\n`, ['policy']);
  corpus.add('yaml-bomb/flink-yaml-nodes', 'yaml', `nodes: ${seq}\nextra: ${map}\n`, ['flink-json']);
  // Quadratic blow-up: one long string referenced many times (no nesting, just bytes).
  const long = 'x'.repeat(100_000);
  const refs = Array.from({ length: 10_000 }, () => '*s').join(', ');
  corpus.add('yaml-bomb/long-string-aliases', 'yaml', `name: &s ${long}\nvertices: [${refs}]\n`, ['job', 'config', 'scenario']);
}

/** 100,000 levels of nesting, in JSON and in YAML (flow and block), at the top and where free-form objects are allowed. */
function deepNesting(corpus: Corpus): void {
  const depth = 100_000;
  const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objectsJson = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const objectsYaml = `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;
  corpus.add('deep/json-arrays', 'json', arrays, ALL_KINDS);
  corpus.add('deep/json-objects', 'json', objectsJson, ALL_KINDS);
  corpus.add('deep/yaml-flow-arrays', 'yaml', `vertices: ${arrays}\n`, FEW_KINDS);
  corpus.add('deep/yaml-flow-objects', 'yaml', `x: ${objectsYaml}\n`, FEW_KINDS);
  corpus.add('deep/yaml-block-sequences', 'yaml', `${'- '.repeat(depth)}x\n`, FEW_KINDS);
  corpus.add(
    'deep/yaml-block-mappings',
    'yaml',
    Array.from({ length: 2000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n') + ' 1\n',
    FEW_KINDS,
  );
  corpus.add('deep/job-vertices', 'json', `{"vertices":${arrays}}`, ['job']);
  corpus.add('deep/config-nested', 'json', `{"taskmanager":${objectsJson}}`, ['config']);
  const deployment = `{"kind":"FlinkDeployment","apiVersion":"flink.apache.org/v1beta1","spec":{"flinkConfiguration":${objectsJson}}}`;
  corpus.add('deep/deployment-flink-configuration', 'json', deployment, ['config']);
  const cluster = `{"defaultWorker":{"numberOfTaskSlots":2,"flinkConfiguration":${objectsJson}},"taskManagers":[{"id":"tm"}]}`;
  corpus.add('deep/cluster-flink-configuration', 'json', cluster, ['cluster']);
  const scenario = `{"cluster":{"taskManagers":[{"id":"tm","numberOfTaskSlots":1}]},"events":[{"at":0,"expect":${objectsJson}}]}`;
  corpus.add('deep/scenario-expect', 'json', scenario, ['scenario']);
  corpus.add('deep/flink-stream-graph-extra', 'json', `{"nodes":[{"id":1,"type":"a","parallelism":1,"extra":${objectsJson}}]}`, [
    'flink-json',
  ]);
  corpus.add('deep/flink-taskmanagers-hardware', 'json', `{"taskmanagers":[{"id":"t","slotsNumber":1,"hardware":${objectsJson}}]}`, [
    'flink-json',
    'cluster',
  ]);
  // An iteration body inside an iteration body inside ...: import may recurse on step_function.
  const steps = `${'{"id":1,"type":"s","parallelism":1,"step_function":['.repeat(depth)}{"id":2}${']}'.repeat(depth)}`;
  corpus.add('deep/flink-step-function', 'json', `{"nodes":[${steps}]}`, ['flink-json']);
}

/** Ids and names of a megabyte, many vertices, and a scenario with a million events. */
function hugeValues(corpus: Corpus): void {
  const mb = 'v'.repeat(1 << 20);
  const job = baseJob() as { vertices: { id: string; name: string }[]; edges: { source: string }[]; name: string };
  job.name = mb;
  job.vertices[0]!.id = mb;
  job.vertices[0]!.name = mb;
  job.edges[0]!.source = mb;
  corpus.json('huge/job-1mb-id-and-name', job, ['job']);
  const scenario = baseScenario() as { cluster: { taskManagers: { id: string }[] }; jobs: { id: string }[]; events: Json[] };
  scenario.cluster.taskManagers[0]!.id = mb;
  scenario.jobs[0]!.id = mb;
  scenario.events = [{ at: '2s', finishJob: mb }];
  corpus.json('huge/scenario-1mb-ids', scenario, ['scenario']);
  const cluster = baseCluster() as { taskManagers: { id: string }[] };
  cluster.taskManagers[0]!.id = mb;
  corpus.json('huge/cluster-1mb-id', cluster, ['cluster']);
  corpus.json('huge/config-1mb-key-and-value', { ...(baseConfig() as object), [mb]: mb, 'execution.target': mb }, ['config']);
  const plan = flinkBases().jobPlan as { name: string; nodes: { id: string; description: string }[] };
  plan.name = mb;
  plan.nodes[0]!.description = mb;
  corpus.json('huge/flink-plan-1mb-name', plan, ['flink-json']);
  corpus.json('huge/policy-1mb-cluster-path', { maxSlots: 4, cluster: mb }, ['policy']);
  corpus.add('huge/one-line-10mb', 'yaml', `name: ${'n'.repeat(10 << 20)}\n`, ['job', 'config']);
  wideJobs(corpus);
  millionEvents(corpus);
}

/** Many vertices, and one vertex with a billion subtasks (plan --execution lists subtasks). */
function wideJobs(corpus: Corpus): void {
  const vertices = Array.from({ length: 20_000 }, (_, i) => `{"id":"v${i}","parallelism":100}`).join(',');
  const edges = Array.from({ length: 19_999 }, (_, i) => `{"source":"v${i}","target":"v${i + 1}"}`).join(',');
  corpus.add('huge/job-20k-vertices-chain', 'json', `{"name":"wide","vertices":[${vertices}],"edges":[${edges}]}`, ['job']);
  const allToAll = Array.from({ length: 300 }, (_, i) => `{"source":"a","target":"b${i}"}`).join(',');
  const targets = Array.from({ length: 300 }, (_, i) => `{"id":"b${i}","parallelism":32768,"maxParallelism":32768}`).join(',');
  corpus.add('huge/job-all-to-all-32768', 'json', `{"vertices":[{"id":"a","parallelism":32768},${targets}],"edges":[${allToAll}]}`, [
    'job',
  ]);
  corpus.yaml('huge/job-billion-subtasks', { vertices: [{ id: 'a', parallelism: 1_000_000_000, maxParallelism: 1_000_000_000 }] }, ['job']);
  corpus.yaml(
    'huge/job-batch-max-parallelism',
    {
      mode: 'batch',
      vertices: [
        { id: 'a', parallelism: 32768, maxParallelism: 32768 },
        { id: 'b', parallelism: 32768, maxParallelism: 32768 },
      ],
      edges: [{ source: 'a', target: 'b' }],
    },
    ['job'],
  );
  corpus.yaml('huge/cluster-100k-taskmanagers-10k-slots', { taskManagers: [{ id: 'tm', count: 100000, numberOfTaskSlots: 10000 }] }, [
    'cluster',
  ]);
}

/** A million events, written in chunks: building one string of ~40 MB is fine, a million objects for a serializer is not needed. */
function millionEvents(corpus: Corpus): void {
  const header = `{"name":"million","cluster":{"resourceAllocation":"standalone","defaultWorker":{"totalResources":{"cpuCores":4,"taskHeapMemory":"4g","managedMemory":"2g"},"numberOfTaskSlots":4},"taskManagers":[{"id":"tm","count":2}]},"jobs":[{"id":"j","requirements":[{"profile":"UNKNOWN","count":1}]}],"events":[`;
  if (corpus.wants('huge/scenario-million-events')) {
    const chunks: string[] = [header];
    for (let i = 0; i < 1_000_000; i++) {
      const event = i % 2 === 0 ? `{"at":${i},"declare":{"j":[{"profile":"UNKNOWN","count":${i % 9}}]}}` : `{"at":${i},"advanceTime":1}`;
      chunks.push(i === 0 ? event : `,${event}`);
    }
    chunks.push(']}');
    corpus.add('huge/scenario-million-events', 'json', chunks.join(''), ['scenario']);
  } else corpus.skip('huge/scenario-million-events');
  const yamlLines = [
    'cluster: {defaultWorker: {totalResources: {cpuCores: 4, taskHeapMemory: 4g}, numberOfTaskSlots: 4}, taskManagers: [{id: tm}]}',
    'jobs: [{id: j, requirements: [{profile: UNKNOWN, count: 1}]}]',
    'events:',
  ];
  const million = corpus.wants('huge/scenario-million-events-yaml');
  for (let i = 0; i < (million ? 1_000_000 : 200_000); i++) yamlLines.push(`  - {at: ${i}, registerTaskManager: tm${i}}`);
  if (million) corpus.add('huge/scenario-million-events-yaml', 'yaml', yamlLines.join('\n') + '\n', ['scenario']);
  else corpus.skip('huge/scenario-million-events-yaml');
  // A fifth of it fits in 512 MB: what a million events would hit after the memory (one TaskManager per event).
  if (corpus.wants('huge/scenario-200k-taskmanagers-yaml'))
    corpus.add('huge/scenario-200k-taskmanagers-yaml', 'yaml', yamlLines.slice(0, 200_003).join('\n') + '\n', ['scenario']);
  else corpus.skip('huge/scenario-200k-taskmanagers-yaml');
}

/** Unknown keys (typos of real ones), duplicate keys and duplicate ids. */
function unknownAndDuplicateKeys(corpus: Corpus): void {
  for (const format of formats()) {
    const doc = format.base() as { [key: string]: Json };
    doc.paralellism = 4;
    doc['x-unknown'] = { nested: { deeper: [1, 2, 3] } };
    writeDoc(corpus, format, `unknown-key/${format.id}`, doc);
  }
  corpus.yaml('unknown-key/config', { ...(baseConfig() as object), 'taskmanager.memory.proces.size': '1g', 'x.y.z': 'q' }, ['config']);
  corpus.add('duplicate-key/yaml-top', 'yaml', 'name: a\nname: b\nvertices: [{id: a}]\n', FEW_KINDS);
  corpus.add('duplicate-key/yaml-nested', 'yaml', 'vertices:\n  - {id: a, parallelism: 1, parallelism: 2}\n', ['job', 'config']);
  corpus.add('duplicate-key/json-top', 'json', '{"vertices":[{"id":"a"}],"vertices":[{"id":"b"}]}', FEW_KINDS);
  corpus.add('duplicate-key/json-escaped', 'json', '{"vertices":[{"id":"a","\\u0069d":"b"}]}', ['job', 'flink-json']);
  corpus.add('duplicate-key/config', 'yaml', 'taskmanager.memory.process.size: 1g\ntaskmanager.memory.process.size: 2g\n', ['config']);
  corpus.add(
    'duplicate-key/config-flat-vs-nested',
    'yaml',
    'taskmanager.memory.process.size: 1g\ntaskmanager:\n  memory:\n    process:\n      size: 2g\n',
    ['config'],
  );
  corpus.yaml('duplicate-id/job-vertices', { vertices: [{ id: 'a' }, { id: 'a' }], edges: [{ source: 'a', target: 'a' }] }, ['job']);
  corpus.yaml(
    'duplicate-id/job-operators',
    {
      vertices: [
        { id: 'a', operators: [{ id: 'o' }] },
        { id: 'b', operators: [{ id: 'o' }] },
      ],
    },
    ['job'],
  );
  corpus.yaml('duplicate-id/cluster-taskmanagers', { taskManagers: [{ id: 'tm', count: 2 }, { id: 'tm-1' }, { id: 'tm' }] }, ['cluster']);
  const scenario = baseScenario() as { jobs: Json[]; events: Json[] };
  scenario.jobs.push({ id: 'first', submitAt: '0s' });
  scenario.events.push({ registerTaskManager: ['tm-1', 'tm-1'] }, { registerTaskManager: 'tm-1' });
  corpus.yaml('duplicate-id/scenario-jobs-and-taskmanagers', scenario, ['scenario']);
  const graph = flinkBases().streamGraph as { nodes: Json[] };
  graph.nodes.push(clone(graph.nodes[0] ?? null));
  corpus.json('duplicate-id/flink-stream-graph-nodes', graph, ['flink-json']);
}

/** Keys that are special on JavaScript objects, as keys and as ids that end up as map keys. */
function prototypeKeys(corpus: Corpus): void {
  // 'prototype' is special on functions only, not on the plain objects input becomes: left out for time.
  for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    // At the top of a document every reader sees them; __proto__ goes to every command.
    const readers: readonly Kind[] = key === '__proto__' ? ALL_KINDS : FEW_KINDS;
    corpus.add(`proto/${key}/json-top`, 'json', `{"${key}":{"polluted":true},"vertices":[{"id":"a","${key}":{"parallelism":4}}]}`, readers);
    corpus.add(`proto/${key}/yaml-top`, 'yaml', `${key}: {polluted: true}\nvertices: [{id: a}]\n`, readers);
    corpus.json(`proto/${key}/job`, protoJob(key), ['job']);
    corpus.json(`proto/${key}/scenario`, protoScenario(key), ['scenario']);
    corpus.json(`proto/${key}/cluster`, { profiles: { [key]: { cpuCores: 1 } }, taskManagers: [{ id: key, slotProfile: key }] }, [
      'cluster',
    ]);
    // Flat keys and nested ones in one file: the reader merges both forms.
    corpus.add(
      `proto/${key}/config`,
      'yaml',
      `${key}: 1g\ntaskmanager.${key}: 1g\ntaskmanager:\n  ${key}:\n    size: 1g\n  memory:\n    ${key}: 2g\n`,
      ['config'],
    );
    const resource = `{"cpuCores":1,"taskHeapMemory":1,"taskOffHeapMemory":0,"managedMemory":1,"networkMemory":1,"extendedResources":{"${key}":1}}`;
    corpus.add(
      `proto/${key}/flink-taskmanagers`,
      'json',
      `{"taskmanagers":[{"id":"${key}","slotsNumber":1,"totalResource":${resource}}]}`,
      ['flink-json', 'cluster'],
    );
    const plan = `{"nodes":[{"id":"${key}","parallelism":1},{"id":"b","inputs":[{"id":"${key}"}]}]}`;
    corpus.add(`proto/${key}/flink-plan-ids`, 'json', plan, ['flink-json']);
    // A map holding the key where the FlinkDeployment wants a scalar: String() and Number() of it throw for toString.
    const map = `{${key}: 1}`;
    const deployment = `apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata: {name: ${map}}\nspec:\n  image: ${map}\n  flinkVersion: ${map}\n  job: {parallelism: ${map}}\n  taskManager:\n    replicas: ${map}\n    resource: {memory: ${map}, cpu: ${map}}\n`;
    corpus.add(`proto/${key}/deployment-values`, 'yaml', deployment, ['config', 'cluster']);
    corpus.add(
      `proto/${key}/deployment-cpu`,
      'yaml',
      deployment.replace(/flinkVersion: .*/, 'flinkVersion: v1_20').replace(/memory: \{[^}]*\}/, 'memory: 2g'),
      ['config', 'cluster'],
    );
  }
}

/** The key as vertex id, group names and edge end, and as a key of the consumer-weight and extended-resource maps. */
function protoJob(key: string): Json {
  const job = baseJob() as { managedMemoryConfig: { consumerWeights: Json }; vertices: Json[]; edges: Json[] };
  job.managedMemoryConfig.consumerWeights = { [key]: 5, OPERATOR: 1 };
  job.vertices.push({ id: key, slotSharingGroup: key, coLocationGroup: key, resources: { cpuCores: 1, extended: { [key]: 1 } } });
  job.edges.push({ source: 'sink', target: key });
  return job;
}

function protoScenario(key: string): Json {
  return {
    profiles: { [key]: { cpuCores: 1 } },
    cluster: { taskManagers: [{ id: key, numberOfTaskSlots: 2 }] },
    jobs: [{ id: key, requirements: [{ profile: key, count: 1 }] }],
    events: [{ at: 1, freeSlot: { [key]: key } }, { declare: { [key]: [] } }, { unregisterTaskManager: key }, { finishJob: key }],
  };
}

/** Edges that close a cycle, and edges to vertices that do not exist (vertices a, b and c exist). */
const CYCLES: Readonly<Record<string, { readonly mode?: string; readonly edges: readonly (readonly [string, string])[] }>> = {
  'self-loop': { edges: [['a', 'a']] },
  two: {
    edges: [
      ['a', 'b'],
      ['b', 'a'],
    ],
  },
  'three-blocking': {
    mode: 'batch',
    edges: [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
    ],
  },
  'unknown-endpoints': {
    edges: [
      ['a', 'nope'],
      ['', 'b'],
    ],
  },
};

function cycles(corpus: Corpus): void {
  for (const [name, { mode, edges }] of Object.entries(CYCLES)) {
    const vertices = ['a', 'b', 'c'].map((id) => ({ id, parallelism: 2 }));
    const doc: Json = { vertices, edges: edges.map(([source, target]) => ({ source, target })) };
    corpus.yaml(`cycle/${name}`, mode === undefined ? doc : { mode, ...doc }, ['job']);
  }
  const many = Array.from({ length: 2000 }, (_, i) => `{"source":"v${i}","target":"v${(i + 1) % 2000}"}`).join(',');
  const vs = Array.from({ length: 2000 }, (_, i) => `{"id":"v${i}"}`).join(',');
  corpus.add('cycle/ring-2000', 'json', `{"vertices":[${vs}],"edges":[${many}]}`, ['job']);
  const stream =
    '{"nodes":[{"id":1,"type":"a","parallelism":1,"predecessors":[{"id":2}]},{"id":2,"type":"b","parallelism":1,"predecessors":[{"id":1}]}]}';
  corpus.add('cycle/flink-stream-graph', 'json', stream, ['flink-json']);
  const plan = '{"nodes":[{"id":"x","parallelism":1,"inputs":[{"id":"y"}]},{"id":"y","parallelism":1,"inputs":[{"id":"x"}]}]}';
  corpus.add('cycle/flink-plan', 'json', plan, ['flink-json']);
  corpus.add('cycle/flink-plan-self', 'json', '{"nodes":[{"id":"x","parallelism":1,"inputs":[{"id":"x"},{"id":"missing"}]}]}', [
    'flink-json',
  ]);
}

/** Encodings and bytes: BOM, UTF-16 LE/BE, binary garbage, NUL bytes. */
function encodings(corpus: Corpus): void {
  const valid: [string, string, Kind[]][] = [
    ['job', toYaml(baseJob()), ['job']],
    ['job-json', toJson(baseJob()), ['job']],
    ['config', toYaml(baseConfig()), ['config']],
    ['scenario', toYaml(baseScenario()), ['scenario']],
    ['cluster', toYaml(baseCluster()), ['cluster']],
    ['policy', toYaml(basePolicy()), ['policy']],
  ];
  for (const [name, text, kinds] of valid) {
    corpus.add(`encoding/utf8-bom/${name}`, 'yaml', `\ufeff${text}`, kinds);
    corpus.add(`encoding/utf16le-bom/${name}`, 'yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), kinds);
    // The rarer forms go to the job and config readers only: they test the decoding, which every reader shares.
    if (name !== 'job' && name !== 'config') continue;
    corpus.add(`encoding/utf16be-bom/${name}`, 'yaml', utf16be(`\ufeff${text}`), kinds);
    corpus.add(`encoding/double-bom/${name}`, 'yaml', `\ufeff\ufeff${text}`, kinds);
    corpus.add(`encoding/utf16le-no-bom/${name}`, 'yaml', Buffer.from(text, 'utf16le'), kinds);
    corpus.add(`encoding/nul-in-middle/${name}`, 'yaml', `${text.slice(0, 20)}\u0000${text.slice(20)}`, kinds);
  }
  corpus.add('encoding/utf32-bom', 'json', Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from('{\0\0\0}\0\0\0')]), FEW_KINDS);
  corpus.add(
    'encoding/invalid-utf8',
    'yaml',
    Buffer.concat([Buffer.from('name: '), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('\nvertices: [{id: a}]\n')]),
    FEW_KINDS,
  );
  corpus.add('encoding/binary-garbage', 'bin', garbage(64 * 1024, 1), ALL_KINDS);
  corpus.add('encoding/binary-garbage-brace', 'json', Buffer.concat([Buffer.from('{'), garbage(4096, 2)]), FEW_KINDS);
  corpus.add('encoding/gzip-magic', 'gz', Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), garbage(1024, 3)]), FEW_KINDS);
  corpus.add('encoding/nul-only', 'yaml', Buffer.alloc(4096), FEW_KINDS);
  corpus.add('encoding/nul-in-json-string', 'json', '{"name":"a\\u0000b","vertices":[{"id":"a\\u0000b","name":"\\u0000"}]}', ['job']);
  corpus.add('encoding/lone-surrogates', 'json', '{"name":"\\ud800","vertices":[{"id":"\\udfff\\ud800"}]}', ['job', 'flink-json']);
  corpus.add('encoding/crlf-and-cr-only', 'yaml', toYaml(baseJob()).replace(/\n/g, '\r'), ['job']);
}

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
  return le;
}

/** Deterministic garbage (a seeded xorshift), so a failure reproduces from the same corpus. */
function garbage(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed * 2654435761;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** YAML tags js-yaml must not execute or turn into objects the code does not expect. */
function yamlTags(corpus: Corpus): void {
  const tags: Record<string, string> = {
    'js-function': 'name: !!js/function "function () { process.exit(70) }"\nvertices: [{id: a}]\n',
    binary: 'name: !!binary aGVsbG8=\nvertices: [{id: a}]\n',
    custom: 'name: !foo bar\nvertices: [{id: a, parallelism: !bar 4}]\n',
    set: 'vertices: !!set {a, b}\n',
    omap: 'vertices: !!omap [{id: a}]\n',
    timestamp: 'name: !!timestamp 2001-12-14\nflinkVersion: 2001-12-14\nvertices: [{id: 2001-12-14}]\n',
    'str-on-number': 'vertices: [{id: a, parallelism: !!str 4}]\n',
    'int-on-string': 'vertices: [{id: !!int 5, parallelism: !!int "4"}]\n',
    'float-tag': 'vertices: [{id: a, parallelism: !!float 4}]\n',
    merge: 'base: &b {parallelism: 4}\nvertices: [{<<: *b, id: a}, {<<: [*b, *b], id: b}]\n',
    'merge-non-map': 'vertices: [{<<: 5, id: a}]\n',
    'yaml-directive-1.1': '%YAML 1.1\n---\nvertices: [{id: a, parallelism: 0b101, keyed: yes}]\n',
    'two-documents': 'vertices: [{id: a}]\n---\nvertices: [{id: b}]\n',
    'anchor-undefined': 'vertices: [*nope]\n',
    'complex-key': '? [a, b]\n: c\nvertices: [{id: a}]\n',
    'null-key': '~: 1\nvertices: [{id: a}]\n',
  };
  // Tags are resolved by the one YAML reader every command shares: two go everywhere, the rest to the job reader
  // (the config reader gets its own two below).
  const everywhere = new Set(['js-function', 'timestamp']);
  for (const [name, text] of Object.entries(tags)) {
    corpus.add(`yaml-tag/${name}`, 'yaml', text, everywhere.has(name) ? ALL_KINDS : ['job']);
  }
  corpus.add('yaml-tag/config-function', 'yaml', 'taskmanager.memory.process.size: !!js/function "function(){}"\n', ['config']);
  corpus.add(
    'yaml-tag/config-timestamp',
    'yaml',
    'taskmanager.memory.process.size: 2001-12-14\ntaskmanager.numberOfTaskSlots: !!float 2\n',
    ['config'],
  );
}

/** Truncated and broken JSON/YAML, empty and comment-only files. */
function brokenSyntax(corpus: Corpus): void {
  const job = toJson(baseJob());
  const bases: [string, string, Kind[]][] = [
    ['job', job, ['job']],
    ['scenario', toJson(baseScenario()), ['scenario']],
    ['cluster', toJson(baseCluster()), ['cluster']],
    ['flink-plan', toJson(flinkBases().jobDetails), ['flink-json']],
  ];
  for (const [name, text, kinds] of bases) {
    corpus.add(`truncated/${name}/half`, 'json', text.slice(0, text.length >> 1), kinds);
    corpus.add(`truncated/${name}/in-string`, 'json', text.slice(0, text.indexOf('"', 10) + 3), kinds);
    corpus.add(`truncated/${name}/last-byte`, 'json', text.slice(0, -1), kinds);
  }
  corpus.add('truncated/open-brace', 'json', '{', ALL_KINDS);
  corpus.add('truncated/open-bracket', 'json', '[', FEW_KINDS);
  corpus.add('truncated/yaml-flow', 'yaml', 'vertices: [{id: a, parallelism: 4', FEW_KINDS);
  corpus.add('truncated/yaml-quote', 'yaml', 'name: "abc\nvertices: [{id: a}]\n', FEW_KINDS);
  corpus.add('syntax/json-nan', 'json', '{"vertices":[{"id":"a","parallelism":NaN}]}', FEW_KINDS);
  corpus.add('syntax/json-trailing-comma', 'json', '{"vertices":[{"id":"a",},],}', FEW_KINDS);
  corpus.add('syntax/json-comments', 'json', '{/* c */"vertices":[{"id":"a"}] // x\n}', FEW_KINDS);
  corpus.add('syntax/json-then-garbage', 'json', '{"vertices":[{"id":"a"}]} trailing', FEW_KINDS);
  corpus.add('syntax/yaml-tabs', 'yaml', 'vertices:\n\t- {id: a}\n', FEW_KINDS);
  corpus.add('syntax/scalar-document', 'yaml', '42\n', ALL_KINDS);
  corpus.add('syntax/string-document', 'yaml', '"just a string"\n', FEW_KINDS);
  corpus.add('syntax/null-document', 'yaml', 'null\n', ALL_KINDS);
  corpus.add('syntax/array-document', 'json', '[{"id":"a"}]', ALL_KINDS);
  corpus.add('empty/zero-bytes', 'yaml', '', ALL_KINDS);
  corpus.add('empty/whitespace', 'yaml', ' \n\t\n   \r\n\n', ALL_KINDS);
  corpus.add('empty/comments', 'yaml', '# only a comment\n   # another\n#\n', ALL_KINDS);
  corpus.add('empty/document-marker', 'yaml', '---\n', FEW_KINDS);
  corpus.add('empty/empty-object', 'json', '{}', FEW_KINDS);
  corpus.add('empty/empty-array', 'json', '[]', FEW_KINDS);
  corpus.add('empty/bom-only', 'yaml', '\ufeff', FEW_KINDS);
}

/** A directory, a file without read permission, and a file name full of control characters. */
function oddPaths(corpus: Corpus): void {
  const dir = join(corpus.dir, 'a-directory.yaml');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  corpus.record('path/directory', dir, ALL_KINDS);
  const empty = join(corpus.dir, 'an-empty-directory');
  mkdirSync(empty);
  corpus.record('path/empty-directory', empty, FEW_KINDS);
  const locked = corpus.add('path/no-permission', 'yaml', toYaml(baseJob()), FEW_KINDS);
  writeFileSync(locked, toYaml(baseJob()), { mode: 0o000 });
  const evil = join(corpus.dir, 'evil-\u001b[31m-\u0007-\r-\u202e-name.yaml');
  writeFileSync(evil, 'vertices: [{id: a, parallelism: -1}]\nbogus: 1\n');
  corpus.record('path/control-characters-in-name', evil, ALL_KINDS);
  corpus.record('path/missing', join(corpus.dir, 'does-not-exist-\u001b[2J.yaml'), ALL_KINDS);
  // Endless: read until the 128 MiB bound.
  corpus.record('path/dev-zero', '/dev/zero', FEW_KINDS);
  const documents = Array.from({ length: 5000 }, (_, i) => `apiVersion: v1\nkind: Service\nmetadata: {name: s${i}}`);
  corpus.add('huge/manifest-5000-documents', 'yaml', documents.join('\n---\n') + '\n', ['config', 'cluster']);
}

/** Timelines that are out of order, or name TaskManagers, jobs and slots that do not exist. */
const SCENARIO_EVENTS: Readonly<Record<string, Json[]>> = {
  'out-of-order': [
    { at: '5s', finishJob: 'first' },
    { at: '1s', submitJob: 'second' },
    { at: '-3s', advanceTime: '1s' },
  ],
  'unknown-taskmanager': [
    { unregisterTaskManager: 'nope' },
    { freeSlot: { nope: 'first' } },
    { slotReport: { nope: [{ slot: 0, job: 'first' }] } },
  ],
  'unknown-job': [
    { finishJob: 'nope' },
    { submitJob: 'nope' },
    { clearRequirements: 'nope' },
    { declare: { nope: [{ profile: 'UNKNOWN', count: 1 }] } },
  ],
  twice: [
    { registerTaskManager: 'tm-1' },
    { unregisterTaskManager: 'tm-1' },
    { unregisterTaskManager: 'tm-1' },
    { finishJob: 'first' },
    { finishJob: 'first' },
  ],
  'free-unheld-slot': [{ at: 0, freeSlot: { 'tm-1': 'second' } }, { freeSlot: { 'tm-1': 'second' } }],
  'slot-report-huge-index': [
    {
      at: '1s',
      slotReport: {
        'tm-1': [
          { slot: 1_000_000_000, job: 'first' },
          { slot: 0, job: 'nope' },
        ],
      },
    },
  ],
  'declare-max-counts': [
    {
      declare: {
        first: [
          { profile: 'UNKNOWN', count: 1_000_000 },
          { profile: { cpuCores: 1e-300 }, count: 1_000_000 },
        ],
      },
    },
  ],
  'empty-events': [{}, { at: '1s' }],
  'advance-forever': [{ advanceTime: '9223372036854775807ms' }, { advanceTime: new Raw('9007199254740993') }],
  'register-existing': [{ registerTaskManager: ['tm-1', 'tm-2', 'tm-1'] }],
  'undefined-profile': [
    {
      declare: {
        first: [
          { profile: 'NOPE x3', count: 1 },
          { profile: 'UNKNOWN x-1', count: 1 },
        ],
      },
    },
  ],
};

/** Scenarios with those timelines, an `until` of 0 and a job that finishes before it is submitted. */
function scenarioEvents(corpus: Corpus): void {
  for (const [name, list] of Object.entries(SCENARIO_EVENTS)) {
    const doc = baseScenario() as { events: Json[] };
    doc.events = clone(list);
    corpus.yaml(`scenario-events/${name}`, doc, ['scenario']);
  }
  const until = baseScenario() as { until: Json; jobs: { finishAt?: Json; submitAt?: Json }[] };
  until.until = 0;
  until.jobs[0]!.finishAt = '-1s';
  until.jobs[1]!.submitAt = '1000000000d';
  corpus.yaml('scenario-events/until-zero-finish-before-submit', until, ['scenario']);
  scenarioJobGraphs(corpus);
}

/** Scenario jobs whose jobGraph points at odd files: itself, a directory, /etc/passwd, /dev/null, a bomb. */
function scenarioJobGraphs(corpus: Corpus): void {
  const targets = [
    'itself.yaml',
    '.',
    '/etc/passwd',
    '/dev/null',
    '../../../../../../../../etc/shadow',
    'missing.yaml',
    '',
    'a-directory.yaml',
  ];
  targets.forEach((target, i) => {
    const doc = baseScenario() as { jobs: { jobGraph?: string }[] };
    doc.jobs[0]!.jobGraph = target;
    const file = corpus.yaml(`scenario-job-graph/${i}-${target.replace(/\W/g, '_')}`, doc, ['scenario']);
    if (target === 'itself.yaml')
      writeFileSync(file, toYaml({ ...(doc as object), jobs: [{ id: 'self', jobGraph: file.split('/').pop() ?? '' }] }));
  });
  const bomb = corpus.add('scenario-job-graph/bomb-target', 'yaml', `name: x\nvertices: ${laughs('seq', 'b')}\n`, ['job']);
  corpus.yaml('scenario-job-graph/points-at-bomb', { ...(baseScenario() as object), jobs: [{ id: 'b', jobGraph: bomb }] }, ['scenario']);
  const policy = { maxSlots: 4, cluster: '/dev/null', tmConfig: '.' };
  corpus.yaml('policy-paths/dev-null-and-dot', policy, ['policy']);
  corpus.yaml('policy-paths/bomb', { maxSlots: 4, cluster: bomb, tmConfig: bomb }, ['policy']);
  corpus.yaml('policy-paths/missing', { cluster: 'missing.yaml', tmConfig: 'missing.yaml', minManagedMemory: '10 parsecs' }, ['policy']);
}

/**
 * Time and work a small scenario asks for (issue 27 §7, found by a held-out corpus): `until` or an
 * event far in the future, delays that overflow, a 1 ms idle check over a day, advances that add
 * up, workers an active ResourceManager would start by the million, `variants: []`.
 */
function scenarioTimeAndWork(corpus: Corpus): void {
  const active = (options: Json = {}, slots = 4): Json => {
    const cluster = baseCluster() as { [key: string]: Json };
    delete cluster.taskManagers;
    cluster.resourceAllocation = 'active';
    cluster.options = options;
    (cluster.defaultWorker as { numberOfTaskSlots: number }).numberOfTaskSlots = slots;
    return cluster;
  };
  const scenario = (extra: { [key: string]: Json }, cluster: Json = active()): Json => {
    const doc = baseScenario() as { [key: string]: Json };
    doc.cluster = cluster;
    delete doc.until;
    return { ...doc, ...extra };
  };
  const cases: Record<string, Json> = {
    'until-9e15': scenario({ until: new Raw('9000000000000000') }),
    'until-1e400': scenario({ until: new Raw('1.0e+400') }),
    'until-overflowing-text': scenario({ until: '99999999999999999999 d' }),
    'until-2^63-ms': scenario({ until: '9223372036854775807 ms' }),
    'event-at-1e15': scenario({ events: [{ at: new Raw('1000000000000000'), finishJob: 'first' }] }),
    'submit-at-10000-days': scenario({ jobs: [{ id: 'late', requirements: [{ profile: 'UNKNOWN', count: 1 }], submitAt: '10000d' }] }),
    'advances-add-up': scenario({ events: Array.from({ length: 500 }, () => ({ advanceTime: '364d' })) }),
    'timeout-1ms-until-1d': scenario({ until: '1d' }, active({ taskManagerTimeout: 1 })),
    'timeout-1ms-event-at-300d': scenario({ events: [{ at: '300d', finishJob: 'first' }] }, active({ taskManagerTimeout: '1 ms' })),
    'delays-overflow': scenario(
      {},
      active({
        taskManagerTimeout: '99999999999999999999 d',
        requirementCheckDelay: '99999999999999999999 d',
        declareNeededResourceDelay: '99999999999999999999 d',
        slotIdleTimeout: '99999999999999999999 d',
        workerStartupLatency: '99999999999999999999 d',
      }),
    ),
    'worker-latency-364d': scenario({}, active({ workerStartupLatency: '364d', slotIdleTimeout: '364d' })),
    'million-one-slot-workers': scenario(
      { jobs: [{ id: 'big', requirements: [{ profile: 'UNKNOWN', count: 1_000_000 }] }] },
      active({}, 1),
    ),
    'min-slots-100000': scenario({}, active({ minSlots: 100_000 }, 1)),
    'redundant-10000': scenario({}, active({ redundantTaskManagers: 10_000 }, 1)),
    'min-total-cpu-100000': scenario({}, active({ minTotalCpu: 100_000 }, 1)),
    'declare-million-slots': scenario({ events: [{ declare: { first: [{ profile: 'UNKNOWN', count: 1_000_000 }] } }] }, active({}, 1)),
    'variants-empty': scenario({ variants: [] }),
  };
  for (const [name, doc] of Object.entries(cases)) corpus.yaml(`scenario-time/${name}`, doc, ['scenario']);
  const cluster = active({ taskManagerTimeout: 1 }) as { [key: string]: Json };
  corpus.yaml('scenario-time/cluster-min-slots-100000', { ...cluster, options: { minSlots: 100_000 } }, ['cluster']);
}

/** Version texts that are not versions: a million digits after "1.", numbers beyond 2^53, in every file that names one. */
function versionTexts(corpus: Corpus): void {
  const texts: Record<string, string> = {
    'million-digits': `1.${'9'.repeat(1_000_000)}`,
    'minor-2^64': '1.18446744073709551616',
    'major-2^64': '18446744073709551616.0',
    'patch-2^64': '1.17.18446744073709551616',
  };
  for (const [name, text] of Object.entries(texts)) {
    for (const format of formats().filter((f) => ['job', 'scenario', 'cluster'].includes(f.id))) {
      const doc = format.base() as { [key: string]: Json };
      doc.flinkVersion = text;
      writeDoc(corpus, format, `version/${format.id}/${name}`, doc);
    }
    const deployment = baseDeployment() as { spec: { [key: string]: Json } };
    deployment.spec.image = `flink:${text}`;
    corpus.yaml(`version/deployment-image/${name}`, deployment, ['config']);
  }
  corpus.yaml('version/config-int-overflow', { ...(baseConfig() as object), 'taskmanager.numberOfTaskSlots': '99999999999' }, ['config']);
}

const ESCAPES = [
  '\u001b[31mred\u001b[0m',
  'bell\u0007',
  'carriage\rreturn',
  'rtl\u202eevil\u202c',
  'nul\u0000',
  'c1\u009b31m',
  'mark\ue000[31m',
  'bs\b\b\b',
  'ls\u2028ps\u2029',
];

/** Names and ids with terminal escapes, bells, carriage returns, RTL overrides and our own colour mark. */
function terminalEscapes(corpus: Corpus): void {
  const evil = ESCAPES.join('|');
  corpus.json('escape/job-valid', escapedJob(evil), ['job']);
  const invalid = { name: evil, vertices: [{ id: evil, parallelism: -1 }], edges: [{ source: evil, target: `x${evil}` }], [evil]: 1 };
  corpus.json('escape/job-invalid', invalid, ['job']);
  corpus.json('escape/scenario', escapedScenario(evil), ['scenario']);
  const cluster = { profiles: { [evil]: { cpuCores: 1 } }, taskManagers: [{ id: evil, slotProfile: evil, numberOfTaskSlots: 1 }] };
  corpus.json('escape/cluster', cluster, ['cluster']);
  corpus.json('escape/cluster-invalid', { [evil]: 1, taskManagers: [{ id: evil, slotProfile: `${evil} x2` }] }, ['cluster']);
  const config = { ...(baseConfig() as object), [evil]: evil, 'execution.target': evil, 'taskmanager.memory.process.size': evil };
  corpus.json('escape/config', config, ['config']);
  corpus.json('escape/config-valid-unknown-key', { ...(baseConfig() as object), [`x.${evil}`]: evil }, ['config']);
  corpus.json('escape/policy', { [evil]: true, cluster: evil, minManagedMemory: evil }, ['policy']);
  corpus.json('escape/flink-job-details', escapedJobDetails(evil), ['flink-json']);
  const tms = `{"taskmanagers":[{"id":${JSON.stringify(evil)},"slotsNumber":-1}]}`;
  corpus.add('escape/flink-taskmanagers', 'json', tms, ['flink-json', 'cluster']);
  // Raw bytes in the file itself, in a value and in a line a syntax error quotes.
  corpus.add('escape/yaml-raw-bytes', 'yaml', `name: "\u001b]0;title\u0007"\nvertices: [{id: "\u001b[2J", parallelism: x}]\n`, ALL_KINDS);
  corpus.add('escape/yaml-syntax-error-line', 'yaml', `vertices: [{id: a}]\n\u001b[31m: : :\r\n`, FEW_KINDS);
}

/** A valid job whose name, a vertex id and name, a group and an edge carry the escapes: every report prints them. */
function escapedJob(evil: string): Json {
  const job = baseJob() as {
    name: string;
    vertices: { id: string; name: string; slotSharingGroup?: string }[];
    edges: { target: string }[];
  };
  job.name = evil;
  job.vertices[1]!.id = `sink${evil}`;
  job.vertices[1]!.name = evil;
  job.vertices[1]!.slotSharingGroup = `g${evil}`;
  job.edges[0]!.target = `sink${evil}`;
  return job;
}

function escapedScenario(evil: string): Json {
  const scenario = baseScenario() as { name: string; jobs: { id: string }[]; events: Json[]; cluster: { taskManagers: { id: string }[] } };
  scenario.name = evil;
  scenario.jobs[0]!.id = evil;
  scenario.cluster.taskManagers[0]!.id = `tm${evil}`;
  scenario.events = [{ at: '2s', finishJob: evil }, { unregisterTaskManager: evil }, { [evil]: 1 }];
  return scenario;
}

function escapedJobDetails(evil: string): Json {
  const details = flinkBases().jobDetails as { name: string; vertices: { name: string }[]; plan: { nodes: { description: string }[] } };
  details.name = evil;
  details.vertices[0]!.name = evil;
  details.plan.nodes[0]!.description = evil;
  return details;
}

/** Flink-looking JSON of kinds flinkslot does not read, and the other config forms, given to every command. */
function wrongKinds(corpus: Corpus): void {
  corpus.yaml('valid/config-flat', baseConfig(), ALL_KINDS);
  corpus.yaml('valid/config-nested', baseNestedConfig(), ALL_KINDS);
  corpus.yaml('valid/flink-deployment', baseDeployment(), ALL_KINDS);
  corpus.json('valid/flink-jobPlanAnswer', flinkBases().jobPlanAnswer, ALL_KINDS);
  corpus.json(
    'wrong-flink-kind/rest-overview',
    { taskmanagers: 2, 'slots-total': 8, 'slots-available': 0, jobs: 1, 'flink-version': '1.20' },
    ALL_KINDS,
  );
  corpus.json('wrong-flink-kind/jobs-overview', { jobs: [{ id: 'x', status: 'RUNNING' }] }, FEW_KINDS);
  corpus.json('wrong-flink-kind/nodes-number', { nodes: 5 }, ALL_KINDS);
  corpus.json('wrong-flink-kind/plan-nodes-string', { plan: { nodes: 'x' }, vertices: 'y', jid: 1 }, FEW_KINDS);
  corpus.json('wrong-flink-kind/jobmanager-config', [{ key: 'taskmanager.memory.process.size', value: '1g' }], FEW_KINDS);
  corpus.json('wrong-flink-kind/both-nodes-and-taskmanagers', { nodes: [{ id: 1 }], taskmanagers: [], vertices: [{ id: 'a' }] }, ALL_KINDS);
  corpus.json('wrong-flink-kind/rest-snapshot', realFormat('rest/apache-flink-rest_api_v1.snapshot-extract.json'), ALL_KINDS);
}

/** Every format's valid document, given to every command: the right one must work, the others must say why not. */
function validEverywhere(corpus: Corpus): void {
  for (const format of formats()) {
    const file = join(corpus.dir, `valid-${format.id}.${format.write}`);
    writeFileSync(file, format.write === 'json' ? toJson(format.base()) : toYaml(format.base()));
    corpus.record(`valid/${format.id}`, file, ALL_KINDS);
  }
}

const CATEGORIES: readonly ((corpus: Corpus) => void)[] = [
  validEverywhere,
  wrongKinds,
  wrongTypes,
  hostileNumbers,
  configValues,
  deploymentValues,
  oddUnits,
  contradictoryMemory,
  yamlBombs,
  deepNesting,
  hugeValues,
  unknownAndDuplicateKeys,
  prototypeKeys,
  cycles,
  encodings,
  yamlTags,
  brokenSyntax,
  oddPaths,
  scenarioEvents,
  scenarioTimeAndWork,
  versionTexts,
  terminalEscapes,
];

/** Writes the corpus (or a sample of it) into `dir` (which must exist and be empty): its cases, and every category of the whole corpus. */
export function generateCorpus(dir: string, sample?: Sample): { cases: HostileCase[]; categories: string[] } {
  const corpus = new Corpus(dir, sample);
  for (const category of CATEGORIES) category(corpus);
  return { cases: corpus.cases, categories: corpus.categories() };
}
