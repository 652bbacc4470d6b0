/**
 * Flink's job JSON (StreamGraph plan, JobGraph plan, the /jobs/:jobid/plan and /jobs/:jobid
 * answers) → the equivalent flinkslot JobGraph data, the facts read from the file, and notes for
 * every default the file made flinkslot choose. Pure: the caller parsed the text.
 *
 * None of these documents carries slot sharing groups, co-location, resources or managed memory;
 * the JobGraph gets flinkslot's defaults for them (Flink's too: one 'default' group in streaming
 * mode, one group per region in batch mode) and a note says so.
 */
import { type Diagnostic, type Result, fail, ok } from '../../errors/diagnostic.js';
import validateJobDetails from '../generated/flink-job-details.validate.js';
import validateJobPlan from '../generated/flink-job-plan.validate.js';
import validateJobPlanAnswer from '../generated/flink-job-plan-answer.validate.js';
import validateStreamGraph from '../generated/flink-stream-graph.validate.js';
import { type CompiledValidator, validateWith } from '../schema-validator.js';
import { FORMAT_DESCRIPTIONS, type FlinkFormat } from './flink-format.js';
import { type ResultPartitionTypeName, distributionOf, isBatchExchange, resultPartitionTypeOf, unescapeDescription } from './mapping.js';
import { type ImportNote, OriginMap, note } from './import-notes.js';
import { definedOnly } from '../../util/defined-only.js';
import { type ImportedEdge, type ImportedJob, type ImportedVertex, assemble } from './imported-job.js';

interface Raw {
  [key: string]: unknown;
}

const VALIDATORS: Readonly<Record<Exclude<FlinkFormat, 'rest-taskmanagers-json'>, unknown>> = {
  'streamgraph-json': validateStreamGraph,
  'jobgraph-plan-json': validateJobPlan,
  'rest-job-plan-json': validateJobPlanAnswer,
  'rest-job-details-json': validateJobDetails,
};

export function importJob(data: unknown, format: Exclude<FlinkFormat, 'rest-taskmanagers-json'>): Result<ImportedJob> {
  const errors = validateWith(VALIDATORS[format] as CompiledValidator, data);
  if (errors.length > 0) return fail(errors.map((d) => ({ ...d, message: `${d.message} (${FORMAT_DESCRIPTIONS[format]})` })));
  const doc = data as Raw;
  switch (format) {
    case 'streamgraph-json':
      return ok(fromStreamGraph(doc));
    case 'jobgraph-plan-json':
      return ok(fromJobPlan(doc, '', format, {}));
    case 'rest-job-plan-json':
      return ok(fromJobPlan(doc.plan as Raw, '/plan', format, {}));
    case 'rest-job-details-json':
      return ok(fromJobPlan(doc.plan as Raw, '/plan', format, jobDetails(doc)));
  }
}

// ----- StreamGraph -------------------------------------------------------------------------------

interface Located<T> {
  readonly value: T;
  readonly pointer: string;
}

/** The nodes, with an iteration's body (`step_function`) in place of its wrapper. */
function streamNodes(nodes: readonly Raw[], at: string): Located<Raw>[] {
  return nodes.flatMap((node, i) => {
    const pointer = `${at}/${i}`;
    const body = Array.isArray(node.step_function) ? streamNodes(node.step_function as Raw[], `${pointer}/step_function`) : [];
    return [{ value: node, pointer }, ...body];
  });
}

function fromStreamGraph(doc: Raw): ImportedJob {
  const notes: ImportNote[] = [
    note(
      'import/operators-not-chained',
      'a StreamGraph plan lists operators, not JobVertices: each operator becomes a vertex (Flink would chain some of them; regions and minimum slots are the same either way)',
    ),
    note(
      'import/no-exchange',
      'a StreamGraph plan states no exchange: every edge is PIPELINED_BOUNDED, as Flink makes it for a streaming job',
    ),
    note('import/assumed-streaming', 'a StreamGraph plan comes from a DataStream program: the job is read as a streaming job'),
  ];
  const origin = new OriginMap();
  const vertices: ImportedVertex[] = [];
  const edges: (ImportedEdge & { pointer: string })[] = [];
  const unset: string[] = [];
  const nodes = streamNodes(doc.nodes as Raw[], '/nodes');
  if (nodes.some((n) => Array.isArray(n.value.step_function)))
    notes.push(
      note('import/iteration', 'the iteration body (step_function) is read as ordinary vertices; the feedback edge is not in the file'),
    );
  for (const { value: node, pointer } of nodes) {
    const id = String(node.id);
    const parallelism = typeof node.parallelism === 'number' && node.parallelism > 0 ? node.parallelism : undefined;
    if (parallelism === undefined) unset.push(id);
    vertices.push(definedOnly({ id, name: str(node.type), pact: str(node.pact), parallelism }));
    origin.vertex(vertices.length - 1, pointer, { name: 'type' });
    const inputs = Array.isArray(node.predecessors) ? (node.predecessors as Raw[]) : [];
    inputs.forEach((input, k) => {
      const shipStrategy = str(input.ship_strategy);
      edges.push(
        definedOnly({
          source: String(input.id),
          target: id,
          shipStrategy,
          resultPartitionType: 'PIPELINED_BOUNDED' as const,
          distribution: distributionOf(shipStrategy),
          pointer: `${pointer}/predecessors/${k}`,
        }),
      );
    });
  }
  if (unset.length > 0)
    notes.push(
      note(
        'import/parallelism-unset',
        `no parallelism in the file for ${listIds(unset)}: the default scheduler runs them at 1, the AdaptiveBatchScheduler (batch jobs from Flink 1.17) decides them at run time`,
      ),
    );
  return assemble({
    format: 'streamgraph-json',
    jobType: null,
    mode: 'streaming',
    vertices,
    edges,
    notes,
    origin,
    edgeFields: { source: 'id', target: '', distribution: 'ship_strategy', resultPartitionType: '' },
  });
}

// ----- JobGraph plan (bare, /plan answer, /jobs/:jobid answer) ------------------------------------

interface DetailFacts {
  readonly jobId?: string;
  readonly jobName?: string;
  readonly jobState?: string;
  /** vertex id → what the job details say about it, with its pointer (several when an id repeats, in order). */
  readonly vertices?: ReadonlyMap<string, Located<Raw>[]>;
}

function jobDetails(doc: Raw): DetailFacts {
  const vertices = new Map<string, Located<Raw>[]>();
  (doc.vertices as Raw[]).forEach((v, i) => {
    const list = vertices.get(String(v.id)) ?? [];
    list.push({ value: v, pointer: `/vertices/${i}` });
    vertices.set(String(v.id), list);
  });
  return definedOnly({ jobId: str(doc.jid), jobName: str(doc.name), jobState: str(doc.state), vertices });
}

function fromJobPlan(plan: Raw, at: string, format: FlinkFormat, details: DetailFacts): ImportedJob {
  const notes: ImportNote[] = [];
  const origin = new OriginMap();
  const vertices: ImportedVertex[] = [];
  const edges: (ImportedEdge & { pointer: string })[] = [];
  const jobType = plan.type === 'STREAMING' || plan.type === 'BATCH' ? plan.type : null;
  const unknownExchanges = new Set<string>();
  // The k-th plan node with an id takes the k-th details entry with it (ids repeat only in broken files).
  const seen = new Map<string, number>();
  (plan.nodes as Raw[]).forEach((node, i) => {
    const pointer = `${at}/nodes/${i}`;
    const id = String(node.id);
    const k = seen.get(id) ?? 0;
    seen.set(id, k + 1);
    const detail = details.vertices?.get(id)?.[k];
    const description = str(node.description);
    const detailName = str(detail?.value.name);
    const name = detailName ?? (description === undefined ? undefined : unescapeDescription(description)[0]);
    const parallelism = positive(detail?.value.parallelism) ?? positive(node.parallelism);
    const maxParallelism = positive(detail?.value.maxParallelism);
    const slotSharingGroupId = str(detail?.value.slotSharingGroupId);
    vertices.push(definedOnly({ id, name, description, parallelism, maxParallelism, slotSharingGroupId }));
    origin.vertex(vertices.length - 1, detail?.pointer ?? pointer, detail === undefined ? { name: 'description' } : {});
    const inputs = Array.isArray(node.inputs) ? [...(node.inputs as Raw[])].map((input, k) => ({ input, k })) : [];
    inputs.sort((a, b) => numberOr(a.input.num, a.k) - numberOr(b.input.num, b.k));
    for (const { input, k } of inputs) {
      const shipStrategy = str(input.ship_strategy);
      const exchange = str(input.exchange);
      const type = resultPartitionTypeOf(exchange);
      if (exchange !== undefined && type === undefined) unknownExchanges.add(exchange);
      edges.push(
        definedOnly({
          source: String(input.id),
          target: id,
          inputNum: typeof input.num === 'number' ? input.num : undefined,
          shipStrategy,
          exchange,
          resultPartitionType: type ?? ('' as ResultPartitionTypeName),
          distribution: distributionOf(shipStrategy),
          pointer: `${pointer}/inputs/${k}`,
        }),
      );
    }
  });
  const mode =
    jobType === 'BATCH' ||
    (jobType === null && edges.some((e) => e.resultPartitionType !== ('' as string) && isBatchExchange(e.resultPartitionType)))
      ? 'batch'
      : 'streaming';
  if (jobType === null) {
    notes.push(
      note(
        'import/job-type-not-stated',
        `the plan states no job type (Flink's plan JSON carries 'type' from 1.14, GET /jobs/:jobid its 'job-type' from 1.20): read as a ${mode} job, ${mode === 'batch' ? 'because an exchange is blocking or hybrid' : 'as every exchange is pipelined'}`,
        `${at}`,
      ),
    );
  }
  const defaultType: ResultPartitionTypeName = mode === 'batch' ? 'BLOCKING' : 'PIPELINED_BOUNDED';
  const filled = edges.map((e) => (e.resultPartitionType === ('' as string) ? { ...e, resultPartitionType: defaultType } : e));
  if (filled.some((e, i) => e !== edges[i])) {
    const unknown = unknownExchanges.size === 0 ? '' : ` (unknown exchange ${[...unknownExchanges].map((x) => `'${x}'`).join(', ')})`;
    notes.push(note('import/no-exchange', `an input without a known exchange${unknown} is ${defaultType}, the default of a ${mode} job`));
  }
  if (format !== 'rest-job-details-json')
    notes.push(
      note(
        'import/no-max-parallelism',
        'a JobGraph plan states no max parallelism: flinkslot derives it from the parallelism as Flink does',
      ),
    );
  const missing = vertices.filter((v) => v.parallelism === undefined).map((v) => v.id);
  if (missing.length > 0)
    notes.push(
      note(
        'import/parallelism-unset',
        `no parallelism in the file for ${listIds(missing)}: the default scheduler runs them at 1, the AdaptiveBatchScheduler (batch jobs from Flink 1.17) decides them at run time`,
      ),
    );
  return assemble({
    format,
    jobType,
    mode,
    vertices,
    edges: filled,
    notes,
    origin,
    edgeFields: { source: 'id', target: '', distribution: 'ship_strategy', resultPartitionType: 'exchange' },
    ...definedOnly({
      jobId: details.jobId ?? (str(plan.jid) || undefined),
      jobName: details.jobName ?? str(plan.name),
      jobState: details.jobState,
    }),
  });
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function positive(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
}

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' ? v : fallback;
}

function listIds(ids: readonly string[]): string {
  const shown = ids
    .slice(0, 5)
    .map((id) => `'${id}'`)
    .join(', ');
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown;
}

export type { Diagnostic };
