import { Args, Flags } from '@oclif/core';
import type { PlanDiff } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
import { ExitCode, terminalStyle, useColor } from './support/terminal.js';

const FAIL_ON = ['slots', 'memory', 'any'] as const;
type FailOn = (typeof FAIL_ON)[number];

export default class Diff extends FlinkslotCommand {
  static override summary = 'Compare the plans of two Flink job graphs: minimum slots, requirements, groups, regions, managed memory.';

  static override description = `Plans OLD and NEW (YAML, JSON or Flink's own JSON files; - for stdin, once) and shows
what changed: minimum slots, resource requirements, slot sharing groups (matched by name, or by
their vertices for batch per-region default groups), pipelined regions, vertices and their
parallelism, and managed memory per operator (in bytes with --tm-config, or when both files set
slotManagedMemory). --markdown prints a pull request comment; --fail-on turns growth into exit 1.

Exit codes: 0 ok (nothing named by --fail-on grew), 1 a --fail-on condition holds,
2 bad input or usage, 70 internal error.`;

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
    await this.guarded(async () => {
      const color = useColor(flags.color);
      if (args.old === '-' && args.new === '-') {
        return this.refuse('OLD and NEW cannot both be read from stdin (-)');
      }
      const core = await import('../src/index.js');
      const oldInput = await this.readOrExit(args.old);
      const newInput = await this.readOrExit(args.new);
      const tmConfig = flags['tm-config'] === undefined ? undefined : await this.readOrExit(flags['tm-config']);
      const result = core.diffFromTexts(oldInput, newInput, {
        ...(tmConfig === undefined ? {} : { tmConfig }),
        ...(flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] }),
      });
      const render = (d: PlanDiff): string =>
        core.render({ kind: 'diff', value: d }, flags.markdown ? 'markdown' : 'text', {
          oldFile: oldInput.file,
          newFile: newInput.file,
          style: terminalStyle(color),
        });
      const diff = await this.emit(result, { json: flags.json, color }, render);
      const failing = [...new Set((flags['fail-on'] ?? []) as FailOn[])].filter((q) => (q === 'any' ? diff.changed : diff.grew[q]));
      if (failing.length > 0) {
        process.stderr.write(`flinkslot diff: --fail-on ${failing.join(',')}: ${failing.map(reason).join('; ')}\n`);
        this.exit(ExitCode.NOT_MET);
      }
    });
  }
}

function reason(q: FailOn): string {
  if (q === 'slots') return 'the new plan needs more slots';
  if (q === 'memory') return 'the new plan needs more managed memory or larger slot profiles';
  return 'the plans differ';
}
