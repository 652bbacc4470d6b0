/**
 * The policy `validate` applies, from its flags and an optional policy file: flags win over the
 * file. The shell resolves the paths the policy names and reads those files; this checks what it
 * read once, before any job graph is checked, so a bad cluster or configuration is one usage error
 * (exit 2) instead of a finding in every file.
 */
import { type Diagnostic, type Result, error, fail, info, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { type PolicyFile, type PolicyKey, type PolicySources, type ValidatePolicy, memorySize } from '../parse/policy.js';
import { locateDiagnostics, locatePointer } from '../parse/source-map.js';
import type { FileResult, Finding, FindingSeverity } from '../errors/finding.js';
import { definedOnly } from '../util/defined-only.js';
import { type FlinkVersion, formatVersion, knownReleases } from '../model/flink-version.js';
import { memoryFromText } from './memory.js';
import { simulatePlannedJobsOnCluster } from './simulate.js';

/** The policy flags of `validate`, as given (undefined or false: not given). */
export interface ValidateFlags {
  readonly maxSlots?: number;
  readonly maxParallelism?: number;
  readonly minManagedMemory?: string;
  readonly requireGroupProfiles?: boolean;
  readonly strict?: boolean;
  readonly execution?: boolean;
  readonly failLevel?: string;
  /** `--flink-version` as given. */
  readonly flinkVersion?: string;
}

/**
 * `--min-managed-memory` (or the policy file's): a Flink MemorySize, meaningful only with a
 * TaskManager configuration. `policy` is the policy file's text, to point at its key.
 */
export function resolveMinManagedMemory(
  flags: ValidateFlags,
  file: PolicyFile,
  hasTmConfig: boolean,
  policy?: SourceText,
): Result<bigint | undefined> {
  const text = flags.minManagedMemory ?? file.minManagedMemory;
  if (text === undefined) return ok(undefined);
  if (hasTmConfig) return memorySize(text, 'min-managed-memory');
  const why = 'the managed memory of a slot comes from it';
  if (flags.minManagedMemory !== undefined || policy === undefined)
    return fail([error('usage/min-managed-memory', `--min-managed-memory needs --tm-config (${why})`)]);
  const d = error(
    'usage/min-managed-memory',
    `minManagedMemory needs tmConfig in the policy file or --tm-config (${why})`,
    '/minManagedMemory',
  );
  return fail(locateDiagnostics([d], policy.text, policy.file));
}

/** A note at the policy file's key that named a file (`cluster`, `tmConfig`), shown when that file is refused. */
export function policyKeyNote(policy: SourceText, key: 'cluster' | 'tmConfig'): Diagnostic {
  const d = info('policy/path', `${key} in the policy file names it (a relative path is read from the policy file's folder)`, `/${key}`);
  return locateDiagnostics([d], policy.text, policy.file)[0]!;
}

/** The cluster must be one flinkslot can simulate, the configuration one Flink would start with. */
export function checkPolicyInputs(inputs: {
  cluster?: SourceText | undefined;
  tmConfig?: SourceText | undefined;
  flinkVersion?: string | undefined;
  /** Where the policy file named each input (policyKeyNote), added to its refusal. */
  namedBy?: { cluster?: Diagnostic | undefined; tmConfig?: Diagnostic | undefined };
}): Result<void> {
  const version = inputs.flinkVersion === undefined ? {} : { flinkVersion: inputs.flinkVersion };
  const refused = (diagnostics: Diagnostic[], origin: Diagnostic | undefined): Result<void> =>
    fail(origin === undefined ? diagnostics : [...diagnostics, origin]);
  if (inputs.cluster !== undefined) {
    const cluster = simulatePlannedJobsOnCluster(inputs.cluster, [], version);
    if (!cluster.ok) return refused(cluster.diagnostics, inputs.namedBy?.cluster);
  }
  if (inputs.tmConfig !== undefined) {
    const memory = readByAnyRelease(inputs.tmConfig, inputs.flinkVersion);
    if (!memory.ok) return refused(memory.diagnostics, inputs.namedBy?.tmConfig);
  }
  return ok(undefined);
}

/**
 * Without --flink-version each job's configuration is read with the job's release (as plan
 * --tm-config reads it), so the configuration is refused up front only when no release reads it
 * (with the newest release's reasons); an error only some releases raise (a legacy key removed in
 * 2.0) is a finding of the jobs of those releases.
 */
function readByAnyRelease(tmConfig: SourceText, flinkVersion: string | undefined): Result<unknown> {
  if (flinkVersion !== undefined) return memoryFromText(tmConfig.text, tmConfig.file, { flinkVersion });
  let newest: Result<unknown> | undefined;
  for (const release of [...knownReleases()].reverse()) {
    const memory = memoryFromText(tmConfig.text, tmConfig.file, { flinkVersion: formatVersion(release) });
    if (memory.ok) return memory;
    newest ??= memory;
  }
  return newest!;
}

export interface PolicyInputs {
  readonly cluster?: SourceText | undefined;
  readonly tmConfig?: SourceText | undefined;
  readonly minManagedMemory?: bigint | undefined;
  /** `--flink-version`, checked by checkPolicyInputs. */
  readonly flinkVersion?: FlinkVersion | undefined;
  /** The policy file's text: findings name the limits it set at their keys. */
  readonly policy?: SourceText | undefined;
}

/** The limits the file set and no flag overrode, with where the file sets them. */
function policySources(flags: ValidateFlags, file: PolicyFile, policy: SourceText | undefined): PolicySources | undefined {
  if (policy === undefined) return undefined;
  const at = (key: keyof PolicySources): PolicyKey => {
    const position = locatePointer(policy.text, `/${key}`);
    return { key, at: position === undefined ? policy.file : `${policy.file}:${position.line}:${position.column}` };
  };
  const fromFile = (key: keyof PolicySources): PolicyKey | undefined =>
    flags[key] === undefined && file[key] !== undefined ? at(key) : undefined;
  const sources = definedOnly({
    maxSlots: fromFile('maxSlots'),
    maxParallelism: fromFile('maxParallelism'),
    minManagedMemory: fromFile('minManagedMemory'),
  });
  return Object.keys(sources).length === 0 ? undefined : sources;
}

export function mergeValidatePolicy(flags: ValidateFlags, file: PolicyFile, inputs: PolicyInputs): ValidatePolicy {
  return {
    ...definedOnly({
      maxSlots: flags.maxSlots ?? file.maxSlots,
      maxParallelism: flags.maxParallelism ?? file.maxParallelism,
      cluster: inputs.cluster,
      tmConfig: inputs.tmConfig,
      minManagedMemory: inputs.minManagedMemory,
      flinkVersion: inputs.flinkVersion,
      sources: policySources(flags, file, inputs.policy),
    }),
    requireGroupProfiles: flags.requireGroupProfiles === true || file.requireGroupProfiles === true,
    strict: flags.strict === true || file.strict === true,
    execution: flags.execution === true || file.execution === true,
  };
}

/** The least severe finding that fails the run: flag, file, else errors only. */
export function resolveFailLevel(flags: ValidateFlags, file: PolicyFile): FindingSeverity | 'none' {
  return (flags.failLevel ?? file.failLevel ?? 'error') as FindingSeverity | 'none';
}

/**
 * A finding located in a policy input (a near miss of a key, a legacy key of the TaskManager
 * configuration) comes with every job read against it: it is said once, as a result of that file
 * (after the checked files), not once per job. A policy input that was also among the checked
 * paths (skipped there as not a job graph) keeps only this result.
 */
export function gatherPolicyInputFindings(results: readonly FileResult[]): FileResult[] {
  const inputs = new Map<string, Map<string, Finding>>();
  const jobs = results.map((r) => {
    const elsewhere = r.findings.filter((f) => f.location.file !== r.file);
    if (elsewhere.length === 0) return r;
    for (const f of elsewhere) {
      const { file, line, column, endLine, endColumn } = f.location;
      const seen = inputs.get(file) ?? new Map<string, Finding>();
      inputs.set(file, seen);
      seen.set(JSON.stringify([f.code, f.severity, f.message, line, column, endLine, endColumn]), f);
    }
    return { ...r, findings: r.findings.filter((f) => f.location.file === r.file) };
  });
  const out = jobs.filter((r) => !(r.skipped === true && inputs.has(r.file)));
  for (const [file, findings] of inputs) out.push({ file, valid: true, findings: [...findings.values()] });
  return out;
}
