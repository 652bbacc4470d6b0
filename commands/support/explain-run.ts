/**
 * `flinkslot explain`'s work once its command line is read, shared by the oclif command
 * (commands/explain.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/explain.js';
import type { ExplainFormat } from '../../src/index.js';
import { MAX_FILES } from './explain-files.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface ExplainFlags {
  readonly 'flink-version'?: string | undefined;
  readonly json?: boolean | undefined;
  readonly format: string;
  readonly output?: string | undefined;
  readonly limit: number;
  readonly color?: boolean | undefined;
}

/** Runs `explain LOGS`; the exit code. */
export async function runExplain(shell: CommandShell, line: { argv: readonly string[]; flags: ExplainFlags }): Promise<number> {
  const { flags } = line;
  const format: ExplainFormat = flags.json ? 'json' : (flags.format as ExplainFormat);
  const color = useColor(flags.color) && flags.output === undefined && format === 'text';
  return shell.run({ json: format === 'json', color, output: flags.output }, async () => {
    const paths = line.argv;
    if (paths.length > MAX_FILES)
      return shell.refuse(`${paths.length} log files given; flinkslot explain reads at most ${MAX_FILES} at once`);
    if (paths.filter((p) => p === '-').length > 1) return shell.refuse('- (standard input) can be given once');
    const files = await shell.readAllOrExit(paths);
    const result = core.explainLogs(files, flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] });
    return core.explainResult(result, { format, limit: flags.limit });
  });
}
