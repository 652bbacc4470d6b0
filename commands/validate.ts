import { Args, Flags } from '@oclif/core';
import type { ValidateFormat } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
// Kept in step with the core's VALIDATE_FORMATS (a test checks): listing them here keeps `--help` from loading the core.
const FORMATS = ['text', 'json', 'junit', 'sarif', 'github', 'tap'] as const satisfies readonly ValidateFormat[];

export default class Validate extends FlinkslotCommand {
  static override summary = 'Check many job graph files at once against resource policies; report findings in the formats CI systems read.';

  static override description = `Checks every file (flinkslot YAML/JSON job graphs or Flink's own JSON: StreamGraph and JobGraph plans, GET /jobs/:jobid answers): syntax, schema, the semantic checks of plan (--execution adds the subtask level), and the policies given by flags or --policy FILE: --max-slots, --max-parallelism, --cluster (the job's requirements must be met on that cluster, by the embedded SlotManager), --tm-config with --min-managed-memory, and --require-group-profiles (FLIP-156). Unknown keys are warnings, errors with --strict.

PATH is a file, a directory (searched for .yaml, .yml, .json), a quoted glob, or - for stdin. Every finding has a rule id, severity, message, file, start and end line and column, and a JSON pointer. Very large batches (10,000 files and more), or -j N, use several threads.

Exit codes: 0 no finding at or above --fail-level, 1 some, 2 usage error (bad flags, a path that does not exist, an unreadable or invalid policy, cluster or TaskManager configuration), 70 internal error.`;

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
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runValidate } = await import('./support/validate-run.js');
    const code = await runValidate(this.shell, { argv: argv as string[], flags }, this.runContext());
    if (code !== 0) this.exit(code);
  }
}
