import { Args, Flags } from '@oclif/core';
import { FlinkslotCommand } from './support/base-command.js';
export default class Import extends FlinkslotCommand {
  static override summary =
    "Turn one of Flink's own JSON files into the equivalent flinkslot YAML (a job graph or a cluster), to read or edit.";

  static override description = `Reads a StreamGraph execution plan (getExecutionPlan()), a JobGraph plan, the answer of GET /jobs/:jobid or GET /jobs/:jobid/plan (a job graph), or the answer of GET /taskmanagers (a cluster), and writes the flinkslot file that means the same. Given a running cluster's REST address (http://HOST:8081, or http://HOST:8081/jobs/JOBID for a job), it reads the answer there and writes the release of GET /overview as flinkVersion. What the Flink file does not say (slot sharing groups, resources, managed memory, max parallelism) gets flinkslot's defaults, listed as notes in the YAML header. plan, simulate and validate read these Flink files directly too; import is for people who want to edit the result.

Exit codes: 0 ok, 2 bad input or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> import fixtures/real-formats/jobgraph-plan/springline-rs-job-details-CarTopSpeedWindowingExample.json',
    '<%= config.bin %> import plan.json -o job.yaml',
    '<%= config.bin %> import http://jobmanager:8081 -o cluster.yaml',
    '<%= config.bin %> import http://jobmanager:8081/jobs/0123456789abcdef0123456789abcdef -o job.yaml',
  ];

  static override args = {
    file: Args.string({ description: "Flink's JSON file, - for stdin, or a JobManager REST address", required: true }),
  };

  static override flags = {
    json: Flags.boolean({ description: 'write the flinkslot file as JSON instead of YAML' }),
    output: Flags.string({ char: 'o', description: 'write to this file instead of stdout' }),
    color: Flags.boolean({ description: 'colour diagnostics (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Import);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runImport } = await import('./support/import-run.js');
    const code = await runImport(this.shell, { args, flags }, this.runContext());
    if (code !== 0) this.exit(code);
  }
}
