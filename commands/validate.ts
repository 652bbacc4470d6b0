import { Args, Flags } from '@oclif/core';
import { writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize } from 'node:path';
import { FlinkslotCommand } from './support/base-command.js';
import { PathError, STDIN, expandPaths, filterPaths } from './support/paths.js';
import { ExitCode, safeText, terminalStyle, useColor } from './support/terminal.js';
import { checkAll } from './support/validate-files.js';
import type { PolicyFile, ValidateFlags, ValidateFormat, ValidationRun } from '../src/index.js';

// Kept in step with the core's VALIDATE_FORMATS (a test checks): listing them here keeps `--help` from loading the core.
const FORMATS = ['text', 'json', 'junit', 'sarif', 'github', 'tap'] as const satisfies readonly ValidateFormat[];

export default class Validate extends FlinkslotCommand {
  static override summary = 'Check many job graph files at once against resource policies; report findings in the formats CI systems read.';

  static override description = `Checks every file (flinkslot YAML/JSON job graphs or Flink's own JSON: StreamGraph and
JobGraph plans, GET /jobs/:jobid answers): syntax, schema, the semantic checks of plan
(--execution adds the subtask level), and the policies given by flags or --policy FILE:
--max-slots, --max-parallelism, --cluster (the job's requirements must be met on that
cluster, by the embedded SlotManager), --tm-config with --min-managed-memory, and
--require-group-profiles (FLIP-156). Unknown keys are warnings, errors with --strict.

PATH is a file, a directory (searched for .yaml, .yml, .json), a quoted glob, or - for stdin.
Every finding has a rule id, severity, message, file, start and end line and column, and a
JSON pointer. Very large batches (10,000 files and more), or -j N, use several threads.

Exit codes: 0 no finding at or above --fail-level, 1 some, 2 usage error (bad flags, a path
that does not exist, an unreadable or invalid policy, cluster or TaskManager configuration),
70 internal error.`;

  static override strict = false;

  static override examples = [
    '<%= config.bin %> validate fixtures/jobs',
    '<%= config.bin %> validate "jobs/**/*.yaml" --max-slots 32 --max-parallelism 128',
    '<%= config.bin %> validate jobs --cluster fixtures/clusters/standalone-4x4.yaml --format sarif -o flinkslot.sarif',
    '<%= config.bin %> validate jobs --tm-config flink-conf.yaml --min-managed-memory 64m --format github',
    '<%= config.bin %> validate jobs --policy flinkslot-policy.yaml --fail-level warning --format junit',
    '<%= config.bin %> validate deploy --include "*.job.yaml" --exclude "**/drafts/**"',
  ];

  static override args = {
    paths: Args.string({ description: 'files, directories, quoted globs, or - for stdin', required: true }),
  };

  static override flags = {
    format: Flags.string({ description: 'report format', options: [...FORMATS], default: 'text' }),
    json: Flags.boolean({ description: 'same as --format json' }),
    output: Flags.string({ char: 'o', description: 'write the report to this file instead of stdout' }),
    'fail-level': Flags.string({
      description: 'least severe finding that makes the exit code 1',
      options: ['error', 'warning', 'info', 'none'],
    }),
    policy: Flags.string({ description: 'policy file (schemas/policy.schema.json); flags override it' }),
    'max-slots': Flags.integer({ description: 'most slots a job may need', min: 0 }),
    'max-parallelism': Flags.integer({ description: 'highest parallelism a vertex may run with', min: 1 }),
    cluster: Flags.string({ description: "cluster file (or Flink's GET /taskmanagers answer): each job alone must get its slots there" }),
    'tm-config': Flags.string({ description: "TaskManagers' Flink configuration: managed memory of a slot" }),
    'min-managed-memory': Flags.string({
      description: 'with --tm-config: least managed memory per subtask for an operator that uses it (e.g. 64m)',
    }),
    'require-group-profiles': Flags.boolean({ description: 'every slot sharing group must have a resource profile (FLIP-156)' }),
    strict: Flags.boolean({ description: 'unknown keys are errors, not warnings' }),
    execution: Flags.boolean({ description: 'also run the subtask-level checks of plan --execution' }),
    'flink-version': Flags.string({
      description: "Flink release whose rules apply (1.10 to 2.2; a newer one gets 2.2's rules); replaces the files' flinkVersion",
    }),
    include: Flags.string({
      description: 'check only files matching this glob (repeatable; a glob without / matches the file name)',
      multiple: true,
    }),
    exclude: Flags.string({
      description: 'skip files matching this glob (repeatable; a glob without / matches the file name)',
      multiple: true,
    }),
    jobs: Flags.integer({ char: 'j', description: 'threads (default: 1, or the number of cores from 10,000 files on)', min: 1 }),
    verbose: Flags.boolean({ description: 'text format: list files without findings too' }),
    color: Flags.boolean({ description: 'colour the text report (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Validate);
    await this.guarded(async () => {
      const core = await import('../src/index.js');
      const { policy: fromFile, source: policySource } = flags.policy === undefined ? { policy: {} } : await this.policyFile(flags.policy);
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
      const given: ValidateFlags = {
        maxSlots: flags['max-slots'],
        maxParallelism: flags['max-parallelism'],
        minManagedMemory: flags['min-managed-memory'],
        requireGroupProfiles: flags['require-group-profiles'],
        strict: flags.strict,
        execution: flags.execution,
        failLevel: flags['fail-level'],
        flinkVersion: flags['flink-version'],
      };
      const min = await this.checkInput(core.resolveMinManagedMemory(given, fromFile, tmConfigPath !== undefined, policySource));
      const cluster = clusterPath === undefined ? undefined : await this.readOrExit(clusterPath, namedBy.cluster);
      const tmConfig = tmConfigPath === undefined ? undefined : await this.readOrExit(tmConfigPath, namedBy.tmConfig);
      const version = await this.checkInput(core.versionOption(flags['flink-version']));
      await this.checkInput(core.checkPolicyInputs({ cluster, tmConfig, flinkVersion: flags['flink-version'], namedBy }));
      const policy = core.mergeValidatePolicy(given, fromFile, {
        cluster,
        tmConfig,
        minManagedMemory: min,
        flinkVersion: version.flinkVersion,
        policy: policySource,
      });
      const failLevel = core.resolveFailLevel(given, fromFile);
      let files: string[];
      try {
        files = filterPaths(expandPaths(argv as string[]), flags.include ?? [], flags.exclude ?? []);
      } catch (e) {
        if (!(e instanceof PathError)) throw e;
        return this.usage(e.message);
      }
      const stdin = async (): Promise<string> => (await this.readOrExit(STDIN)).text;
      const checked = await checkAll(files, policy, stdin, flags.jobs);
      if (checked.every((r) => r.skipped === true))
        return this.usage(
          `no job graph among the ${files.length === 1 ? 'file' : `${files.length} files`} given: ${checked[0]!.findings[0]!.message.replace(/^skipped: /, '')}`,
        );
      const results = core.gatherPolicyInputFindings(checked);
      const run: ValidationRun = { files: results, failLevel };
      const format: ValidateFormat = flags.json ? 'json' : (flags.format as ValidateFormat);
      const color = useColor(flags.color) && flags.output === undefined && format === 'text';
      const report = core.render({ kind: 'validate', value: run }, format, {
        version: this.config.version,
        style: terminalStyle(color),
        verbose: flags.verbose,
      });
      if (flags.output === undefined) await this.writeOut(format === 'text' ? safeText(report) : report);
      else {
        try {
          await writeFile(flags.output, report);
        } catch (e) {
          await this.usage(`cannot write ${flags.output}: ${(e as Error).message}`);
        }
      }
      const failed = core.summarizeValidation(run).failed > 0;
      if (failed) this.exit(ExitCode.NOT_MET);
    });
  }

  private async policyFile(path: string): Promise<{ policy: PolicyFile; source: { text: string; file: string } }> {
    const core = await import('../src/index.js');
    const source = await this.readOrExit(path);
    return { policy: await this.checkInput(core.parsePolicyFile(source.text, source.file)), source };
  }

  /** A policy input (policy file, cluster, TaskManager configuration) that is wrong is a usage error: exit 2. */
  private async checkInput<T>(result: { ok: true; value: T } | { ok: false; diagnostics: unknown[] }): Promise<T> {
    if (result.ok) return result.value;
    return this.emit(result as never, { json: false, color: false }, () => '');
  }

  private usage(message: string): Promise<never> {
    return this.refuse(message);
  }
}
