import { Args, Flags } from '@oclif/core';
import type { ExplainFormat } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
import { MAX_FILES } from './support/explain-files.js';
// Kept in step with the core's EXPLAIN_FORMATS (a test checks): listing them here keeps `--help` from loading the core.
const FORMATS = ['text', 'markdown', 'json'] as const satisfies readonly ExplainFormat[];

export default class Explain extends FlinkslotCommand {
  static override summary = 'Read a JobManager log (and TaskManager logs) and say why a job has no slots, and what to do.';

  static override description = `Reads the logs Flink writes, 1.10 to 2.x (log4j 1 and 2 layouts, \`kubectl logs --timestamps\` prefixes, wrapped and multi-line records, JSON log lines, excerpts with gaps), recognises the lines that carry the slot protocol, the ResourceManager's workers, TaskManagers registering and lost, and failures; rebuilds the cluster and each job's requirements, replays them through the embedded SlotManager of that release, and gives one diagnosis with the log lines that show it and what to do (proven by a replay where the log gives enough). The text leads with the diagnosis, then the facts and the timeline.

Give the JobManager's log first and TaskManager logs beside it (at most ${MAX_FILES} files; - for stdin). The release comes from the log (its Version: banner, a flink-dist jar) or --flink-version.

Exit codes: 0 the diagnosis is ok, 1 any other diagnosis (a problem found, or unknown: the log stops before the outcome), 2 a file that is not a Flink log, unreadable or too large, or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> explain jobmanager.log',
    '<%= config.bin %> explain jobmanager.log taskmanager-1.log --json',
    'kubectl logs deploy/my-job | <%= config.bin %> explain - --flink-version 1.17',
    '<%= config.bin %> explain jobmanager.log --format markdown -o explain.md',
  ];

  static override strict = false;

  static override args = {
    log: Args.string({ description: `JobManager and TaskManager log files (at most ${MAX_FILES}; - for stdin)`, required: true }),
  };

  static override flags = {
    'flink-version': Flags.string({ description: 'Flink release when the log names none (its Version: banner or flink-dist jar)' }),
    json: Flags.boolean({ description: 'print the explanation as one JSON object (schemas/explain.schema.json); same as --format json' }),
    format: Flags.string({ description: 'report format', options: [...FORMATS], default: 'text' }),
    output: Flags.string({ char: 'o', description: 'write the report to this file instead of stdout' }),
    limit: Flags.integer({ description: 'timeline rows in the text report (0 = all)', default: 40, min: 0 }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Explain);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runExplain } = await import('./support/explain-run.js');
    const code = await runExplain(this.shell, { argv: argv as string[], flags });
    if (code !== 0) this.exit(code);
  }
}
