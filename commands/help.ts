import { Args, Command, Errors, loadHelpClass } from '@oclif/core';
import { unknownCommand } from './support/command-not-found.js';

export default class HelpCommand extends Command {
  static override summary = 'Show help for flinkslot or for one of its commands.';

  static override description =
    'The same text as `flinkslot --help` and `flinkslot COMMAND --help`. Given a diagnostic code (the `[area/name]` at the end of an error or warning), it explains the code: what it means, what to do, and an example (docs/diagnostics.md lists every code).';

  static override strict = false;

  static override args = {
    command: Args.string({ description: 'the command to explain, or a diagnostic code (input/syntax)', required: false }),
  };

  static override examples = [
    '<%= config.bin %> help',
    '<%= config.bin %> help plan',
    '<%= config.bin %> plan --help',
    '<%= config.bin %> help input/too-large',
  ];

  async run(): Promise<void> {
    const { argv } = await this.parse(HelpCommand);
    const words = argv as string[];
    const id = words.join(':');
    const known = words.length === 0 || this.config.findCommand(id) !== undefined;
    // A command comes first; the catalog is loaded only for a word no command has.
    if (!known && words.length === 1 && (await isCodeLike(words[0]!))) return explainCode(words[0]!, this.config.bin);
    if (!known) await unknownCommand(id, this.config);
    const Help = await loadHelpClass(this.config);
    await new Help(this.config).showHelp(words);
  }
}

/** A code of the catalog, or a word shaped like one (area/name): answered from the catalog. */
async function isCodeLike(word: string): Promise<boolean> {
  const { isDiagnosticCode } = await import('../src/index.js');
  return word.includes('/') || isDiagnosticCode(word);
}

/** The catalog's entry on stdout; an unknown code exits 2 with the nearest known one. */
async function explainCode(word: string, bin: string): Promise<void> {
  const { closestName, diagnosticCodes, isDiagnosticCode, renderCodeHelp } = await import('../src/index.js');
  if (isDiagnosticCode(word)) {
    const { writeStdout } = await import('./support/stdout.js');
    return writeStdout(renderCodeHelp(word));
  }
  const near = closestName(word, diagnosticCodes());
  const shown = JSON.stringify(word).slice(1, -1);
  const hint = near === undefined ? `docs/diagnostics.md lists every code.` : `Did you mean '${near}'?`;
  throw new Errors.CLIError(`'${shown}' is not a flinkslot diagnostic code. ${hint}\nSee '${bin} help'.`, { exit: 2 });
}
