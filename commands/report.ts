import { Args, Flags } from '@oclif/core';
import { FlinkslotCommand } from './support/base-command.js';
export default class Report extends FlinkslotCommand {
  static override summary = 'Write one self-contained HTML page: job graphs, slots, managed memory, and the run on a cluster or scenario.';

  static override description = `Each job graph is drawn left to right (vertices filled by slot sharing group, pipelined regions outlined, edges not consumed while produced dashed, hover titles with names and slot profiles), with its requirements and minimum slots, and managed memory per operator within one slot.

With --cluster CLUSTER the jobs declare at time 0 as in \`simulate\`: each TaskManager is drawn as a row of slots coloured by the job that holds them, with what is left free. --cluster http://HOST:8081 (a JobManager's REST address) draws the running cluster with its jobs and the new ones, and the answer \`simulate\` gives (fits now, fits if jobs stop, needs N TaskManagers).

A scenario file among the arguments is run as \`simulate\` runs it: a timeline of the slots each job held, events marked, and each unmet requirement's explanation. Graphs above --max-vertices are drawn in groups, and the page says so.

Given Flink logs (a JobManager's, TaskManager logs beside it), the page is \`flinkslot explain\`'s answer: the diagnosis and what to do on top, the log lines that show it, then a timeline of the slots each job required and held, the workers requested and registered, the TaskManagers registered and lost, and the moment it gave up.

The page has no script and fetches nothing: it opens from a file and in CI artefact viewers, in the viewer's light or dark scheme.

Exit codes: 0 the report was written, 2 bad input or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> report fixtures/jobs/keyed-window.yaml -o report.html',
    '<%= config.bin %> report --cluster fixtures/clusters/standalone-4x4.yaml fixtures/jobs/wordcount-streaming.yaml fixtures/jobs/twenty-vertices.json -o report.html',
    '<%= config.bin %> report fixtures/scenarios/rolling-jobs.yaml -o scenario.html',
    '<%= config.bin %> report jobmanager.log -o explain.html',
  ];

  static override strict = false;

  static override args = {
    files: Args.string({ description: 'job graph files, and at most one scenario file; or Flink logs (- for stdin)', required: true }),
  };

  static override flags = {
    cluster: Flags.string({
      char: 'c',
      description:
        "cluster file (schemas/cluster.schema.json, a FlinkDeployment, a standalone manifest), or a running cluster's REST address http://HOST:8081: the jobs run on it",
    }),
    output: Flags.string({ char: 'o', description: 'write the page to this file instead of stdout' }),
    'tm-config': Flags.string({
      description: 'TaskManager configuration (flink-conf.yaml / config.yaml): managed memory per operator in bytes',
    }),
    'flink-version': Flags.string({ description: 'Flink release when a file names none' }),
    title: Flags.string({ description: 'the page title (default: the jobs or the scenario)' }),
    'max-vertices': Flags.integer({ description: 'vertices drawn one by one; a larger graph is drawn in groups', default: 200, min: 1 }),
    'max-task-managers': Flags.integer({ description: 'TaskManager rows drawn', default: 500, min: 1 }),
    color: Flags.boolean({ description: 'colour the messages on stderr (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Report);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runReport } = await import('./support/report-run.js');
    const code = await runReport(this.shell, { argv: argv as string[], flags }, this.runContext());
    if (code !== 0) this.exit(code);
  }
}
