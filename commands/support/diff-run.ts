/**
 * `flinkslot diff`'s work once its command line is read, shared by the oclif command
 * (commands/diff.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/diff.js';
import type { FailOn } from '../../src/face/diff.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface DiffFlags {
  readonly json?: boolean | undefined;
  readonly markdown?: boolean | undefined;
  readonly 'tm-config'?: string | undefined;
  readonly 'flink-version'?: string | undefined;
  readonly 'fail-on'?: readonly string[] | undefined;
  readonly color?: boolean | undefined;
}

/** Runs `diff OLD NEW`; the exit code. */
export async function runDiff(shell: CommandShell, line: { args: { old: string; new: string }; flags: DiffFlags }): Promise<number> {
  const { args, flags } = line;
  return shell.run({ json: flags.json === true, color: useColor(flags.color) }, async () => {
    if (args.old === '-' && args.new === '-') return shell.refuse('OLD and NEW cannot both be read from stdin (-)');
    const oldInput = await shell.readOrExit(args.old);
    const newInput = await shell.readOrExit(args.new);
    const tmConfig = flags['tm-config'] === undefined ? undefined : await shell.readOrExit(flags['tm-config']);
    const result = core.diffFromTexts(oldInput, newInput, {
      ...(tmConfig === undefined ? {} : { tmConfig }),
      ...(flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] }),
    });
    const failOn = (flags['fail-on'] ?? []) as FailOn[];
    return core.diffResult(result, { markdown: flags.markdown as boolean, oldFile: oldInput.file, newFile: newInput.file, failOn });
  });
}
