import { Args, Flags } from '@oclif/core';
import { FlinkslotCommand } from './support/base-command.js';
export default class Simulate extends FlinkslotCommand {
  static override summary = "Run jobs' resource requirements against a cluster on an embedded copy of Flink's declarative SlotManager.";

  static override description = `Either a scenario file (cluster, jobs with submit times, a timeline of events), or --cluster CLUSTER with job graph files, each planned as in \`plan\` and declared at time 0 in order. Reports per job whether its requirements are met (partly met: the parallelism the adaptive scheduler would run), which slots it got on which TaskManagers, and for anything missing the closest TaskManager and the dimension it falls short in, or the limit that stopped a new worker. Jobs are served first-come-first-served in the order they declare (FLIP-138's policy).

With --cluster http://HOST:8081 (a JobManager's REST address) the cluster is the running one: its TaskManagers, the jobs holding slots (planned from their details, declaring first), its release and configuration; then the new jobs. The answer: fits now, fits if these jobs stop, or needs N more TaskManagers like one of its own. Credentials: FLINKSLOT_REST_TOKEN, or FLINKSLOT_REST_USER and FLINKSLOT_REST_PASSWORD; FLINKSLOT_REST_TIMEOUT seconds per request.

Exit codes: 0 every requirement met at the end, 1 some not met, 2 bad input or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> simulate fixtures/scenarios/rolling-jobs.yaml',
    '<%= config.bin %> simulate --cluster fixtures/clusters/standalone-4x4.yaml fixtures/jobs/wordcount-streaming.yaml fixtures/jobs/twenty-vertices.json',
    '<%= config.bin %> simulate fixtures/scenarios/rolling-jobs.yaml --trace',
    '<%= config.bin %> simulate fixtures/scenarios/rolling-jobs.yaml --json',
    '<%= config.bin %> simulate --cluster http://localhost:8081 fixtures/jobs/keyed-window.yaml',
  ];

  static override strict = false;

  static override args = {
    files: Args.string({ description: 'a scenario file, or with --cluster the job graph files (- for stdin)', required: true }),
  };

  static override flags = {
    cluster: Flags.string({
      char: 'c',
      description:
        "cluster file (schemas/cluster.schema.json), or a running cluster's REST address http://HOST:8081; the arguments are then job graph files",
    }),
    json: Flags.boolean({
      description: 'print the result as JSON (schemas/simulation.schema.json; with variants, schemas/simulation-variants.schema.json)',
    }),
    trace: Flags.boolean({ description: 'also print every SlotManager decision in order' }),
    'flink-version': Flags.string({
      description: 'Flink release when the file names none (picks the SlotManager: declarative up to 1.17)',
    }),
    limit: Flags.integer({ description: 'TaskManager rows in the text report (0 = all)', default: 20, min: 0 }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Simulate);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runSimulate } = await import('./support/simulate-run.js');
    const code = await runSimulate(this.shell, { argv: argv as string[], flags });
    if (code !== 0) this.exit(code);
  }
}
