/**
 * `flinkslot validate` for one file: read it as `plan` does (flinkslot YAML/JSON or one of Flink's
 * own JSON files), keep every diagnostic as a finding, then check the policies. Pure: the caller
 * read the file and the policy's cluster and TaskManager configuration.
 */
import type { Diagnostic, DiagnosticCode } from '../errors/diagnostic.js';
import { formatVersion } from '../model/flink-version.js';
import { formatBytes } from '../model/memory-size.js';
import { analyzeExecution } from '../execution/analyze-execution.js';
import { isSpecified } from '../model/resource-profile.js';
import { locateRanges } from '../parse/source-map.js';
import type { JobAnalysis } from '../plan/analyze-job.js';
import { buildPlanReport } from '../report/plan-report.js';
import { analyzeJobText } from './job-text.js';
import { clusterNetworkFinding, tmConfigNetworkFinding } from './validate-network.js';
import { plannedFrom, simulatePlannedJobsOnCluster } from './simulate.js';
import { FILE_START, type FileResult, type Finding, located } from '../errors/finding.js';
import { type PolicyKey, type ValidatePolicy, namedLimit } from '../parse/policy.js';
import { count } from '../util/plural.js';
import { pushAll } from '../util/push-all.js';
import { maxOf } from '../util/push-all.js';

export function validateFile(source: string, file: string, policy: ValidatePolicy): FileResult {
  const job = analyzeJobText(source, file, {
    unknownKeys: policy.strict ? 'error' : 'warning',
    ...(policy.tmConfig === undefined ? {} : { tmConfig: policy.tmConfig }),
    ...(policy.flinkVersion === undefined ? {} : { flinkVersion: policy.flinkVersion }),
  });
  const { text } = job;
  const found: Diagnostic[] = [...job.parseWarnings];
  if (!job.ok) {
    // Another kind of file (a cluster, a policy, a Flink configuration) in the folders checked is skipped, and said so.
    const wrong = job.failedAt === 'parse' && job.diagnostics.length === 1 ? job.diagnostics[0] : undefined;
    if (wrong?.code === 'input/wrong-kind')
      return { file, valid: true, skipped: true, findings: findingsOf([skippedNote(wrong)], text, file) };
    if (job.failedAt === 'parse') return { file, valid: false, findings: findingsOf(job.diagnostics, text, file) };
    // A TaskManager configuration Flink would reject is the policy's problem, not the job's: the job stays valid.
    if (job.failedAt === 'tm-config')
      return {
        file,
        valid: true,
        findings: [...findingsOf(found, text, file), ...policyFindings(job.diagnostics, file)],
      };
    return { file, valid: false, findings: findingsOf([...found, ...job.diagnostics], text, file) };
  }
  const { graph, analysis } = job;
  pushAll(found, analysis.warnings);
  if (policy.execution) {
    const execution = analyzeExecution(analysis);
    if (execution.ok) pushAll(found, execution.value.warnings);
    else pushAll(found, execution.diagnostics);
  }
  const exact = new Map<Diagnostic, Readonly<Record<string, string>>>();
  pushAll(found, checkPolicies(analysis, policy, exact));
  const network = policy.tmConfig === undefined ? undefined : tmConfigNetworkFinding(analysis, policy.tmConfig);
  if (network !== undefined) found.push(network);
  const findings = findingsOf(found, text, file, exact);
  if (policy.cluster !== undefined) pushAll(findings, clusterFit(analysis, text, file, policy));
  const maxParallelism = maxOf(graph.vertices.map((v) => v.parallelism));
  const summary = {
    job: graph.name,
    minimumSlots: analysis.minimumSlots,
    maxParallelism,
    flinkVersion: formatVersion(graph.flinkVersion),
    flinkVersionSource: graph.flinkVersionSource,
  };
  return { file, valid: true, findings, summary };
}

function skippedNote(wrong: Diagnostic): Diagnostic {
  const message = `skipped: ${wrong.message.replace(/^this is /, 'it is ')}`;
  return { ...wrong, code: 'input/skipped', severity: 'info', message };
}

/** The policy checks that need only the analysis. */
function checkPolicies(a: JobAnalysis, policy: ValidatePolicy, exact: Map<Diagnostic, Readonly<Record<string, string>>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const g = a.graph;
  if (policy.maxSlots !== undefined && a.minimumSlots > policy.maxSlots) {
    // Point at the vertex that makes the biggest group as wide as it is.
    const widest = [...a.slotSharingGroups].sort((x, y) => y.slots - x.slots)[0];
    const v = widest === undefined ? undefined : g.vertices[widest.widestVertex];
    const groups = a.slotSharingGroups
      .map((p) => `${p.group.name === 'default' || p.group.name === '' ? p.group.id : p.group.name} ${p.slots}`)
      .join(', ');
    out.push(
      violation(
        'policy/max-slots',
        `the job needs ${a.minimumSlots} slots, more than ${namedLimit('--max-slots', policy.maxSlots, policy.sources?.maxSlots)} (per slot sharing group: ${groups})`,
        v === undefined ? '' : `${v.pointer}/parallelism`,
      ),
    );
  }
  if (policy.maxParallelism !== undefined) {
    for (const v of g.vertices) {
      if (v.parallelism > policy.maxParallelism)
        out.push(
          violation(
            'policy/max-parallelism',
            `vertex '${v.id}' runs with parallelism ${v.parallelism}, more than ${namedLimit('--max-parallelism', policy.maxParallelism, policy.sources?.maxParallelism)}`,
            `${v.pointer}/parallelism`,
          ),
        );
    }
  }
  if (policy.requireGroupProfiles) {
    for (const p of a.slotSharingGroups) {
      if (isSpecified(p.resourceProfile)) continue;
      const first = g.vertices[p.group.vertices[0]!]!;
      out.push(
        violation(
          'policy/group-profile',
          `slot sharing group '${p.group.name || p.group.id}' has no resource profile (FLIP-156: declare its resources in slotSharingGroups, or resources on every operator)`,
          first.pointer,
        ),
      );
    }
  }
  if (policy.minManagedMemory !== undefined && g.managedMemoryConfig.slotManagedMemory !== undefined)
    pushAll(out, managedMemoryShortfalls(a, policy.minManagedMemory, policy.sources?.minManagedMemory, exact));
  return out;
}

/**
 * Operators that declare managed memory but get less than the minimum per subtask: in units a person
 * reads (exact bytes too when both round to the same text), the exact bytes kept for --json in `exact`.
 */
function managedMemoryShortfalls(
  a: JobAnalysis,
  min: bigint,
  source: PolicyKey | undefined,
  exact: Map<Diagnostic, Readonly<Record<string, string>>>,
): Diagnostic[] {
  const report = buildPlanReport(a);
  const pointers = new Map(a.graph.vertices.flatMap((v) => v.operators.map((o) => [`${v.id}\u0000${o.id}`, o.pointer] as const)));
  const out: Diagnostic[] = [];
  for (const op of report.operators) {
    const total = totalBytes(op.bytes);
    const declares = Object.values(op.fractionsOfSlot ?? {}).some((f) => f > 0) || (op.legacyFraction ?? 0) > 0;
    if (!declares || total === undefined || total >= min) continue;
    const [got, wanted] = sizes(total, min);
    const finding = violation(
      'policy/min-managed-memory',
      `operator '${op.id}' of vertex '${op.vertex}' gets ${got} of managed memory per subtask, less than ${namedLimit('--min-managed-memory', wanted, source)}`,
      pointers.get(`${op.vertex}\u0000${op.id}`) ?? '',
    );
    exact.set(finding, { managedMemory: String(total), minManagedMemory: String(min) });
    out.push(finding);
  }
  return out;
}

/** Two sizes in binary units; with their bytes when the units would show them equal ("512 MiB … less than 512 MiB"). */
function sizes(a: bigint, b: bigint): [string, string] {
  const [x, y] = [formatBytes(a), formatBytes(b)];
  return x === y ? [`${x} (${a} bytes)`, `${y} (${b} bytes)`] : [x, y];
}

function totalBytes(bytes: unknown): bigint | undefined {
  if (bytes === undefined || bytes === null) return undefined;
  if (typeof bytes === 'object') {
    let sum = 0n;
    for (const v of Object.values(bytes as Record<string, unknown>)) sum += BigInt(String(v));
    return sum;
  }
  return BigInt(String(bytes));
}

/** The job alone on the policy's cluster, through the embedded SlotManager. */
function clusterFit(analysis: JobAnalysis, text: string, file: string, policy: ValidatePolicy): Finding[] {
  const version = policy.flinkVersion === undefined ? {} : { flinkVersion: formatVersion(policy.flinkVersion) };
  const result = simulatePlannedJobsOnCluster(policy.cluster!, [{ file, job: plannedFrom(analysis) }], version);
  if (!result.ok) return policyFindings(result.diagnostics, file);
  const report = result.value[0]!;
  const job = report.jobs[0];
  if (job === undefined || job.verdict === 'met') return [];
  if (job.networkBuffers !== undefined) return findingsOf([clusterNetworkFinding(job.networkBuffers, policy.cluster!.file)], text, file);
  const why = job.explanations
    .flatMap((e) => e.reasons.map((r) => r.message))
    .slice(0, 3)
    .join('; ');
  const missing = job.missing.map((m) => m.count).reduce((x, y) => x + y, 0);
  const message = `the job's requirements are ${job.verdict === 'partly-met' ? 'only partly' : 'not'} met on the cluster ${policy.cluster!.file}: ${count(missing, 'slot')} missing${why ? ` (${why})` : ''}`;
  return findingsOf([violation('policy/cluster-fit', message, '')], text, file);
}

function violation(rule: DiagnosticCode, message: string, pointer: string): Diagnostic {
  return { code: rule, severity: 'error', message, location: { pointer } };
}

function elsewhereFinding(d: Diagnostic): Finding {
  const line = d.location!.line!;
  const column = d.location!.column ?? 1;
  return located(d, d.location!.file!, d.location!.pointer ?? '', { line, column, endLine: line, endColumn: column + 1 });
}

/** Problems with a policy input (cluster, TaskManager configuration): errors of the checked file, located in theirs. */
function policyFindings(ds: readonly Diagnostic[], file: string): Finding[] {
  // A note that explains the refusal (a legacy key no longer read) stays a note.
  return ds.map((d) =>
    located({ code: d.code, severity: d.severity, message: `${d.location?.file ?? 'policy input'}: ${d.message}` }, file, '', FILE_START),
  );
}

function findingsOf(
  ds: readonly Diagnostic[],
  text: string,
  file: string,
  exact?: ReadonlyMap<Diagnostic, Readonly<Record<string, string>>>,
): Finding[] {
  const ranges = locateRanges(
    text,
    ds.map((d) => ({ pointer: d.location?.pointer ?? '', atKey: d.code === 'input/unknown-key' })),
  );
  return ds.map((d, i) => {
    const pointer = d.location?.pointer ?? '';
    // A finding about the TaskManager configuration (a near miss of a key, a legacy key) is located in that file.
    const elsewhere = d.location?.file !== undefined && d.location.file !== file && d.location.line !== undefined;
    if (elsewhere) return elsewhereFinding(d);
    const range = ranges[i]!;
    // A syntax error has a position but no node: keep its position.
    const given = d.location?.line !== undefined && d.location.column !== undefined && (pointer === '' || d.code === 'input/syntax');
    const start = given ? { line: d.location!.line!, column: d.location!.column! } : range.start;
    const end = given ? { line: start.line, column: start.column + 1 } : range.end;
    const finding = located(d, file, pointer, { line: start.line, column: start.column, endLine: end.line, endColumn: end.column });
    return exact?.has(d) === true ? { ...finding, bytes: exact.get(d)! } : finding;
  });
}
