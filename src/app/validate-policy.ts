/**
 * The policy `validate` applies, from its flags and an optional policy file: flags win over the
 * file. The shell resolves the paths the policy names and reads those files; this checks what it
 * read once, before any job graph is checked, so a bad cluster or configuration is one usage error
 * (exit 2) instead of a finding in every file.
 */
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { type PolicyFile, type ValidatePolicy, memorySize } from '../parse/policy.js';
import type { FindingSeverity } from '../report/validate/finding.js';
import { definedOnly } from '../util/defined-only.js';
import type { FlinkVersion } from '../model/flink-version.js';
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

/** `--min-managed-memory` (or the file's): a Flink MemorySize, meaningful only with a TaskManager configuration. */
export function resolveMinManagedMemory(flags: ValidateFlags, file: PolicyFile, hasTmConfig: boolean): Result<bigint | undefined> {
  const text = flags.minManagedMemory ?? file.minManagedMemory;
  if (text === undefined) return ok(undefined);
  if (!hasTmConfig)
    return fail([error('usage/min-managed-memory', '--min-managed-memory needs --tm-config (the managed memory of a slot comes from it)')]);
  return memorySize(text, 'min-managed-memory');
}

/** The cluster must be one flinkslot can simulate, the configuration one Flink would start with. */
export function checkPolicyInputs(inputs: {
  cluster?: SourceText | undefined;
  tmConfig?: SourceText | undefined;
  flinkVersion?: string | undefined;
}): Result<void> {
  if (inputs.cluster !== undefined) {
    const cluster = simulatePlannedJobsOnCluster(
      inputs.cluster,
      [],
      inputs.flinkVersion === undefined ? {} : { flinkVersion: inputs.flinkVersion },
    );
    if (!cluster.ok) return cluster;
  }
  if (inputs.tmConfig !== undefined) {
    const memory = memoryFromText(
      inputs.tmConfig.text,
      inputs.tmConfig.file,
      inputs.flinkVersion === undefined ? {} : { flinkVersion: inputs.flinkVersion },
    );
    if (!memory.ok) return memory;
  }
  return ok(undefined);
}

export interface PolicyInputs {
  readonly cluster?: SourceText | undefined;
  readonly tmConfig?: SourceText | undefined;
  readonly minManagedMemory?: bigint | undefined;
  /** `--flink-version`, checked by checkPolicyInputs. */
  readonly flinkVersion?: FlinkVersion | undefined;
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
