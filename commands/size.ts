import { Args, Flags } from '@oclif/core';
import type { EmitFormat } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
import { ExitCode, terminalStyle, useColor } from './support/terminal.js';

export default class Size extends FlinkslotCommand {
  static override summary = 'What to deploy: the least number of TaskManagers of a shape that runs the jobs, proven by the SlotManager.';

  static override description = `Plans each job graph, then runs the embedded SlotManager with the jobs declaring at once on a
standalone cluster of N TaskManagers of the shape given by --tm-config, searching for the least N
on which every requirement is met. The proof is the two runs: met on N, not met on N - 1. Also
prints, per resource, what the jobs use of the N TaskManagers and what stays idle.

Exit codes: 0 ok, 1 no number of these TaskManagers meets the requirements, 2 bad input or usage.`;

  static override examples = [
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml --tm-config fixtures/config/flink-conf.yaml',
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml --tm-config fixtures/config/flink-conf.yaml --slots 4 --json',
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml --tm-config fixtures/config/flink-conf.yaml --slots 4 --emit flinkdeployment > deployment.yaml',
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml fixtures/jobs/keyed-window.yaml --tm-config fixtures/clusters/flink-deployment-max-slots.yaml',
  ];

  static override strict = false;

  static override args = {
    files: Args.string({ description: 'JobGraph files (YAML or JSON; Flink’s own JSON too)', required: true }),
  };

  static override flags = {
    'tm-config': Flags.string({
      description:
        'the TaskManager shape: flink-conf.yaml or config.yaml, a FlinkDeployment, a standalone manifest, or a cluster file (its default worker)',
      required: true,
    }),
    slots: Flags.integer({ description: 'taskmanager.numberOfTaskSlots of the shape (replaces the configuration’s)', min: 1, max: 10000 }),
    json: Flags.boolean({ description: 'print the answer as one JSON object (schemas/size.schema.json)', exclusive: ['emit'] }),
    emit: Flags.string({
      description: 'print a file to deploy instead of the report: a FlinkDeployment (Kubernetes operator) or the flink-conf.yaml keys',
      options: ['flinkdeployment', 'flink-conf'],
    }),
    'flink-version': Flags.string({ description: 'Flink release whose rules apply (1.10 to 2.2); replaces the files’' }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Size);
    await this.guarded(async () => {
      const color = useColor(flags.color);
      const core = await import('../src/index.js');
      const tmConfig = await this.readOrExit(flags['tm-config']);
      const jobs = [];
      for (const file of argv as string[]) jobs.push(await this.readOrExit(file));
      const options = {
        emit: flags.emit !== undefined,
        ...(flags.slots === undefined ? {} : { slots: flags.slots }),
        ...(flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] }),
      };
      const result = core.sizeJobs(tmConfig, jobs, options);
      if (!result.ok && result.diagnostics.some((d) => d.code === 'size/never-met')) {
        await this.failWith(result.diagnostics, color, ExitCode.NOT_MET);
      }
      const emit = flags.emit as EmitFormat | undefined;
      await this.emit(result, { json: flags.json, color }, (report) =>
        emit === undefined
          ? core.renderSizeText(report, terminalStyle(color))
          : core.renderDeploymentYaml(report, report.deployment!, emit),
      );
    });
  }
}
