import { Args, Flags } from '@oclif/core';
import { FlinkslotCommand } from './support/base-command.js';
import { runPlan } from './support/plan-run.js';

export default class Plan extends FlinkslotCommand {
  static override summary =
    'Analyse one Flink job graph: regions, slot sharing, managed-memory fractions, resource profiles and minimum slots.';

  static override description = `Reads a JobGraph file (YAML or JSON; - for stdin) and computes, exactly as Flink does: pipelined regions, connected components, slot sharing and co-location groups, managed-memory fractions per operator, the ResourceProfile each slot requests, the job's ResourceRequirements (FLIP-138) and the minimum number of slots. With --execution also the subtask level: scheduling regions, shared slots, batch peak.

Exit codes: 0 ok, 2 bad input or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> plan fixtures/jobs/wordcount-streaming.yaml',
    '<%= config.bin %> plan job.json --json',
    '<%= config.bin %> plan fixtures/jobs/batch-tpch-q3.yaml --execution',
    '<%= config.bin %> plan fixtures/jobs/batch-tpch-q3.yaml --format dot | dot -Tsvg > tpch-q3.svg',
    '<%= config.bin %> plan fixtures/jobs/wordcount-streaming.yaml --tm-config fixtures/config/flink-conf.yaml',
    'cat job.yaml | <%= config.bin %> plan -',
    '<%= config.bin %> plan http://localhost:8081/jobs/a97b6344d775aafe03e55a8e812d2713',
  ];

  static override args = {
    file: Args.string({
      description: "JobGraph file (YAML or JSON; Flink's own JSON too), - for stdin, or a running job: http://HOST:8081/jobs/JOBID",
      required: true,
    }),
  };

  static override flags = {
    json: Flags.boolean({ description: 'print the plan as one JSON object (schemas/plan.schema.json)' }),
    limit: Flags.integer({ description: 'rows per list in the text report (0 = all)', default: 50, min: 0 }),
    color: Flags.boolean({ description: 'colour the text report (default: on a terminal without NO_COLOR)', allowNo: true }),
    execution: Flags.boolean({
      description: 'add the subtask-level analysis: scheduling regions, shared slots, requested slot profiles, batch peak',
    }),
    members: Flags.boolean({
      description: 'with --execution: list the subtasks of every region and shared slot (default only up to 100 subtasks)',
      dependsOn: ['execution'],
    }),
    'flink-version': Flags.string({
      description:
        "Flink release whose rules apply (1.10 to 2.2; a newer one gets 2.2's rules and a warning); replaces the files' flinkVersion",
    }),
    format: Flags.string({
      description: 'text (default), or the job graph as Graphviz dot or Mermaid: slot sharing groups, regions, edges',
      options: ['text', 'dot', 'mermaid'],
      exclusive: ['json'],
    }),
    'tm-config': Flags.string({
      description:
        'Flink configuration (flink-conf.yaml or config.yaml) of the TaskManagers: managed memory per operator in bytes from its slot size, and whether their network buffers serve the tasks',
    }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Plan);
    const code = await runPlan(this.shell, args.file, flags);
    if (code !== 0) this.exit(code);
  }
}
