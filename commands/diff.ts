import { Args, Flags } from '@oclif/core';
import type { FailOn } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
const FAIL_ON = ['slots', 'memory', 'any'] as const satisfies readonly FailOn[];

export default class Diff extends FlinkslotCommand {
  static override summary = 'Compare the plans of two Flink job graphs: minimum slots, requirements, groups, regions, managed memory.';

  static override description = `Plans OLD and NEW (YAML, JSON or Flink's own JSON files; - for stdin, once) and shows what changed: minimum slots, resource requirements, slot sharing groups (matched by name, or by their vertices for batch per-region default groups), pipelined regions, vertices and their parallelism, and managed memory per operator (in bytes with --tm-config, or when both files set slotManagedMemory). --markdown prints a pull request comment; --fail-on turns growth into exit 1.

Exit codes: 0 ok (nothing named by --fail-on grew), 1 a --fail-on condition holds, 2 bad input or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> diff main/job.yaml job.yaml',
    '<%= config.bin %> diff old.yaml new.yaml --fail-on slots,memory',
    '<%= config.bin %> diff old.yaml new.yaml --tm-config flink-conf.yaml --markdown > comment.md',
    '<%= config.bin %> diff old.json new.json --json',
  ];

  static override args = {
    old: Args.string({ description: 'the job graph before the change (YAML or JSON), or - for stdin', required: true }),
    new: Args.string({ description: 'the job graph after the change (YAML or JSON), or - for stdin', required: true }),
  };

  static override flags = {
    json: Flags.boolean({ description: 'print the diff as one JSON object (schemas/diff.schema.json)', exclusive: ['markdown'] }),
    markdown: Flags.boolean({ description: 'print the diff as Markdown for a pull request comment', exclusive: ['json'] }),
    'tm-config': Flags.string({
      description: 'Flink configuration of the TaskManagers, applied to both plans: managed memory per operator in bytes',
    }),
    'flink-version': Flags.string({
      description:
        "Flink release whose rules apply (1.10 to 2.2; a newer one gets 2.2's rules and a warning); replaces the files' flinkVersion",
    }),
    'fail-on': Flags.string({
      description:
        "exit 1 when this grew: slots (minimum slots or a requirement), memory (an operator's managed memory or a group profile), any (any change); comma-separated or repeated",
      multiple: true,
      multipleNonGreedy: true,
      delimiter: ',',
      options: [...FAIL_ON],
    }),
    color: Flags.boolean({ description: 'colour the text report (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Diff);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runDiff } = await import('./support/diff-run.js');
    const code = await runDiff(this.shell, { args, flags });
    if (code !== 0) this.exit(code);
  }
}
