import { Args, Command, Flags } from '@oclif/core';
import { InputReadError, readInput } from './support/io.js';
import { ExitCode, formatForStderr, isOclifExit, terminalStyle, useColor } from './support/terminal.js';

export default class Plan extends Command {
  static override summary = 'Analyse one Flink job graph: regions, slot sharing, managed-memory fractions, resource profiles and minimum slots.';

  static override description = `Reads a JobGraph file (YAML or JSON; - for stdin) and computes, exactly as Flink does:
pipelined regions, connected components, slot sharing and co-location groups,
managed-memory fractions per operator, the ResourceProfile each slot requests,
the job's ResourceRequirements (FLIP-138) and the minimum number of slots.

Exit codes: 0 ok, 2 bad input or usage.`;

  static override examples = [
    '<%= config.bin %> plan fixtures/jobs/wordcount-streaming.yaml',
    '<%= config.bin %> plan job.json --json',
    '<%= config.bin %> plan fixtures/jobs/batch-tpch-q3.yaml --execution',
    'cat job.yaml | <%= config.bin %> plan -',
  ];

  static override args = {
    file: Args.string({ description: 'JobGraph file (YAML or JSON), or - for stdin', required: true }),
  };

  static override flags = {
    json: Flags.boolean({ description: 'print the plan as one JSON object (schemas/plan.schema.json)' }),
    limit: Flags.integer({ description: 'rows per list in the text report (0 = all)', default: 50, min: 0 }),
    color: Flags.boolean({ description: 'colour the text report (default: on a terminal without NO_COLOR)', allowNo: true }),
    execution: Flags.boolean({ description: 'add the subtask-level analysis: scheduling regions, shared slots, requested slot profiles, batch peak' }),
    members: Flags.boolean({ description: 'with --execution: list the subtasks of every region and shared slot (default only up to 100 subtasks)', dependsOn: ['execution'] }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Plan);
    try {
      await this.plan(args.file, flags);
    } catch (e) {
      if (isOclifExit(e)) throw e;
      process.stderr.write(`flinkslot internal error (a bug; please report it with the input): ${(e as Error).message}\n`);
      return this.exit(ExitCode.INTERNAL);
    }
  }

  private async plan(file: string, flags: { json: boolean; limit: number; color: boolean | undefined; execution: boolean; members: boolean }): Promise<void> {
    const color = useColor(flags.color);
    const core = await import('../src/index.js');
    let input: { text: string; file: string };
    try {
      input = await readInput(file);
    } catch (e) {
      if (!(e instanceof InputReadError)) throw e;
      process.stderr.write(`error ${e.message}\n`);
      return this.exit(ExitCode.BAD_INPUT);
    }
    const result = core.planFromText(input.text, input.file, { execution: flags.execution, members: flags.members });
    if (!result.ok) {
      for (const d of result.diagnostics) process.stderr.write(formatForStderr(d, core.formatDiagnostic, color) + '\n');
      return this.exit(ExitCode.BAD_INPUT);
    }
    if (flags.json) {
      process.stdout.write(JSON.stringify(result.value, null, 2) + '\n');
    } else {
      process.stdout.write(core.renderPlanText(result.value, { style: terminalStyle(color), limit: flags.limit }));
    }
  }
}
