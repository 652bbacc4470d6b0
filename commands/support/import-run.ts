/**
 * `flinkslot import`'s work once its command line is read, shared by the oclif command
 * (commands/import.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/import.js';
import { isRestAddress } from '../../src/face/shell.js';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fetchImportAnswers } from './flink-rest.js';
import type { RunContext } from './command-line.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface ImportFlags {
  readonly json?: boolean | undefined;
  readonly output?: string | undefined;
  readonly color?: boolean | undefined;
}

/** flinkslot's schemas folder as seen from where the YAML goes (the output file's folder, else the working directory). */
function schemaDir(root: string, output: string | undefined): string {
  const from = output === undefined ? process.cwd() : dirname(resolve(output));
  const dir = relative(from, join(root, 'schemas')).split(sep).join('/');
  return dir === '' ? '.' : dir;
}

/** Runs `import FILE`; the exit code. */
export async function runImport(
  shell: CommandShell,
  line: { args: { file: string }; flags: ImportFlags },
  context: RunContext,
): Promise<number> {
  const { args, flags } = line;
  return shell.run({ json: flags.json === true, color: useColor(flags.color), output: flags.output }, async () => {
    const schemas = schemaDir(context.root, flags.output);
    if (isRestAddress(args.file)) {
      const answers = await fetchImportAnswers(await shell.restTargetOrExit(args.file));
      return core.importResult(core.importLive(answers), { file: answers.answer.file, schemaDir: schemas });
    }
    const input = await shell.readOrExit(args.file);
    return core.importResult(core.importFlinkFile(input.text, input.file), { file: input.file, schemaDir: schemas });
  });
}
