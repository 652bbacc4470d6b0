import { Args, Flags } from '@oclif/core';
import { FlinkslotCommand } from './support/base-command.js';
export default class Memory extends FlinkslotCommand {
  static override summary =
    'Derive the TaskManager memory components, JVM options and slot profile from a Flink configuration, to the byte.';

  static override description = `Reads flink-conf.yaml (flat) or config.yaml (nested; Flink 1.19+), a FlinkDeployment, or - for stdin, and derives every TaskManager memory component as Flink does (FLIP-49), with Flink's error messages for inconsistent configurations.

Given a running cluster's REST address (http://HOST:8081), it reads the JobManager's configuration (GET /jobmanager/config) with the release of GET /overview, and checks the result against what every TaskManager reports of itself (GET /taskmanagers).

Exit codes: 0 ok, 2 bad input (including a configuration Flink rejects), 70 internal error.`;

  static override examples = [
    '<%= config.bin %> memory fixtures/config/flink-conf.yaml',
    '<%= config.bin %> memory config.yaml --flink-version 1.16 --json',
    '<%= config.bin %> memory config.yaml -D taskmanager.numberOfTaskSlots=4',
    '<%= config.bin %> memory http://jobmanager:8081',
  ];

  static override args = {
    file: Args.string({ description: 'Flink configuration file, - for stdin, or a JobManager REST address', required: true }),
  };

  static override flags = {
    json: Flags.boolean({ description: 'print the breakdown as one JSON object (schemas/memory.schema.json)' }),
    'flink-version': Flags.string({ description: 'Flink release whose defaults apply (e.g. 1.16: network.max 1g)' }),
    set: Flags.string({
      char: 'D',
      description: 'KEY=VALUE on top of the file (repeatable), like Flink dynamic properties',
      multiple: true,
    }),
    target: Flags.string({
      description: "deployment target: the TaskManager's CPU comes from its option (default: execution.target, else standalone)",
      options: ['standalone', 'kubernetes', 'yarn'],
    }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Memory);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runMemory } = await import('./support/memory-run.js');
    const code = await runMemory(this.shell, { args, flags });
    if (code !== 0) this.exit(code);
  }
}
