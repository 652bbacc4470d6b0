/**
 * `flinkslot validate`'s work once its command line is read, shared by the oclif command
 * (commands/validate.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/validate.js';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import type { Diagnostic } from '../../src/face/shell.js';
import type { PolicyFile, ValidateFlags as PolicyFlags, ValidationRun } from '../../src/face/validate.js';
import type { ValidateFormat } from '../../src/index.js';
import type { RunContext } from './command-line.js';
import { STDIN, expandPaths, filterPaths } from './paths.js';
import type { CommandShell } from './shell.js';
import { terminalStyle, useColor } from './terminal.js';
import { checkAll } from './validate-files.js';

export interface ValidateFlags {
  readonly format: string;
  readonly json?: boolean | undefined;
  readonly output?: string | undefined;
  readonly 'fail-level'?: string | undefined;
  readonly policy?: string | undefined;
  readonly 'max-slots'?: number | undefined;
  readonly 'max-parallelism'?: number | undefined;
  readonly cluster?: string | undefined;
  readonly 'tm-config'?: string | undefined;
  readonly 'min-managed-memory'?: string | undefined;
  readonly 'require-group-profiles'?: boolean | undefined;
  readonly strict?: boolean | undefined;
  readonly execution?: boolean | undefined;
  readonly 'flink-version'?: string | undefined;
  readonly include?: readonly string[] | undefined;
  readonly exclude?: readonly string[] | undefined;
  readonly jobs?: number | undefined;
  readonly verbose?: boolean | undefined;
  readonly color?: boolean | undefined;
}

/** Runs `validate PATHS`; the exit code. */
export async function runValidate(
  shell: CommandShell,
  line: { argv: readonly string[]; flags: ValidateFlags },
  context: RunContext,
): Promise<number> {
  const { flags } = line;
  // Failures are printed without colour; the text report has its own (useColor, below).
  return shell.run({ json: false, color: false, output: flags.output, unwritable: 'usage' }, async () => {
    const checkInput = <T>(result: { ok: true; value: T } | { ok: false; diagnostics: unknown[] }): T =>
      result.ok ? result.value : shell.fail(result.diagnostics as Diagnostic[]);
    const { policy: fromFile, source: policySource } =
      flags.policy === undefined ? { policy: {} as PolicyFile, source: undefined } : await policyFile(shell, flags.policy);
    const base = flags.policy === undefined ? '.' : dirname(flags.policy);
    // Paths in the policy file are relative to it.
    const fromPolicy = (p: string | undefined): string | undefined => (p === undefined || isAbsolute(p) ? p : normalize(join(base, p)));
    const clusterPath = flags.cluster ?? fromPolicy(fromFile.cluster);
    const tmConfigPath = flags['tm-config'] ?? fromPolicy(fromFile.tmConfig);
    // A file the policy named is refused together with the policy line that named it.
    const namedBy = {
      cluster:
        flags.cluster === undefined && policySource !== undefined && clusterPath !== undefined
          ? core.policyKeyNote(policySource, 'cluster')
          : undefined,
      tmConfig:
        flags['tm-config'] === undefined && policySource !== undefined && tmConfigPath !== undefined
          ? core.policyKeyNote(policySource, 'tmConfig')
          : undefined,
    };
    const given: PolicyFlags = {
      maxSlots: flags['max-slots'],
      maxParallelism: flags['max-parallelism'],
      minManagedMemory: flags['min-managed-memory'],
      requireGroupProfiles: flags['require-group-profiles'],
      strict: flags.strict,
      execution: flags.execution,
      failLevel: flags['fail-level'],
      flinkVersion: flags['flink-version'],
    };
    const min = checkInput(core.resolveMinManagedMemory(given, fromFile, tmConfigPath !== undefined, policySource));
    const cluster = clusterPath === undefined ? undefined : await shell.readOrExit(clusterPath, namedBy.cluster);
    const tmConfig = tmConfigPath === undefined ? undefined : await shell.readOrExit(tmConfigPath, namedBy.tmConfig);
    const version = checkInput(core.versionOption(flags['flink-version']));
    checkInput(core.checkPolicyInputs({ cluster, tmConfig, flinkVersion: flags['flink-version'], namedBy }));
    const policy = core.mergeValidatePolicy(given, fromFile, {
      cluster,
      tmConfig,
      minManagedMemory: min,
      flinkVersion: version.flinkVersion,
      policy: policySource,
    });
    const failLevel = core.resolveFailLevel(given, fromFile);
    const files = filterPaths(expandPaths(line.argv), flags.include ?? [], flags.exclude ?? []);
    const stdin = async (): Promise<string> => (await shell.readOrExit(STDIN)).text;
    const checked = await checkAll(files, policy, stdin, flags.jobs);
    if (checked.every((r) => r.skipped === true))
      return shell.refuse(
        `no job graph among the ${files.length === 1 ? 'file' : `${files.length} files`} given: ${checked[0]!.findings[0]!.message.replace(/^skipped: /, '')}`,
      );
    const results = core.gatherPolicyInputFindings(checked);
    const run: ValidationRun = { files: results, failLevel };
    const format: ValidateFormat = flags.json ? 'json' : (flags.format as ValidateFormat);
    const color = useColor(flags.color) && flags.output === undefined && format === 'text';
    return core.validateResult(run, format, { version: context.version, style: terminalStyle(color), verbose: flags.verbose });
  });
}

/** `--policy FILE`: the policy it sets, or the file's diagnostics (a usage error: exit 2). */
async function policyFile(shell: CommandShell, path: string): Promise<{ policy: PolicyFile; source: { text: string; file: string } }> {
  const source = await shell.readOrExit(path);
  const parsed = core.parsePolicyFile(source.text, source.file);
  if (!parsed.ok) return shell.fail(parsed.diagnostics as Diagnostic[]);
  return { policy: parsed.value, source };
}
