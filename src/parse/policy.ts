/**
 * The policies `validate` applies, from flags and an optional policy file
 * (`schemas/policy.schema.json`). Flags win over the file. The command layer reads the files the
 * policy names and passes their text in.
 */
import { type Result, type Severity, error, fail, ok } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { parseMemorySize } from '../model/memory-size.js';
import { parseDocument, stripByteOrderMark } from './document.js';
import validatePolicy from './generated/policy.validate.js';
import { type CompiledValidator, validateWith } from './schema-validator.js';
import { locateDiagnostics } from './source-map.js';
import type { FlinkVersion } from '../model/flink-version.js';
import type { SourceText } from '../model/source-text.js';
import { wrongKind } from './file-kind.js';

export interface ValidatePolicy {
  readonly maxSlots?: number;
  readonly maxParallelism?: number;
  readonly cluster?: SourceText;
  readonly tmConfig?: SourceText;
  readonly minManagedMemory?: bigint;
  readonly requireGroupProfiles?: boolean;
  readonly strict?: boolean;
  readonly execution?: boolean;
  /** `--flink-version`, already checked: replaces every file's flinkVersion. */
  readonly flinkVersion?: FlinkVersion;
  /** The limits the policy file set (not a flag), to name them in findings as written there; absent: the flag set it. */
  readonly sources?: PolicySources;
}

/** A policy file's key and where it is (`fixtures/policies/pr-gate.yaml:3:11`). */
export interface PolicyKey {
  readonly key: string;
  readonly at: string;
}

export interface PolicySources {
  readonly maxSlots?: PolicyKey;
  readonly maxParallelism?: PolicyKey;
  readonly minManagedMemory?: PolicyKey;
}

/** A limit as a finding names it: `--max-slots 16`, or `maxSlots 16 of pr-gate.yaml:3:11` when the policy file set it. */
export function namedLimit(flag: string, value: string | number, source: PolicyKey | undefined): string {
  return source === undefined ? `${flag} ${value}` : `${source.key} ${value} of ${source.at}`;
}

/** A policy file as written: paths still to be read. */
export interface PolicyFile {
  readonly maxSlots?: number;
  readonly maxParallelism?: number;
  readonly cluster?: string;
  readonly tmConfig?: string;
  readonly minManagedMemory?: string | number;
  readonly requireGroupProfiles?: boolean;
  readonly strict?: boolean;
  readonly execution?: boolean;
  readonly failLevel?: Severity | 'none';
}

export function parsePolicyFile(source: string, file: string): Result<PolicyFile> {
  const text = stripByteOrderMark(source);
  const document = parseDocument(text);
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, file));
  const errors = validateWith(validatePolicy as CompiledValidator, document.value.data);
  if (errors.length > 0)
    return fail([wrongKind(text, file, ['policy'], 'a validate policy') ?? locateDiagnostics(errors, text, file)].flat());
  const policy = document.value.data as PolicyFile;
  if (policy.minManagedMemory !== undefined) {
    const size = memorySize(policy.minManagedMemory, 'minManagedMemory');
    if (!size.ok) return fail(locateDiagnostics(size.diagnostics, text, file));
  }
  return ok(policy);
}

/** A Flink MemorySize (`64m`, `1 gb`, or a number of bytes). */
export function memorySize(value: string | number, what: string): Result<bigint> {
  try {
    return ok(typeof value === 'number' ? BigInt(value) : parseMemorySize(value));
  } catch (e) {
    if (e instanceof FlinkException) return fail([error('input/memory-size', `${what}: ${e.message}`, `/${what}`)]);
    throw e;
  }
}
