import { Args, Command, loadHelpClass } from '@oclif/core';
import { unknownCommand } from './support/command-not-found.js';

export default class HelpCommand extends Command {
  static override summary = 'Show help for flinkslot or for one of its commands.';

  static override description = 'The same text as `flinkslot --help` and `flinkslot COMMAND --help`.';

  static override strict = false;

  static override args = {
    command: Args.string({ description: 'the command to explain', required: false }),
  };

  static override examples = ['<%= config.bin %> help', '<%= config.bin %> help plan', '<%= config.bin %> plan --help'];

  async run(): Promise<void> {
    const { argv } = await this.parse(HelpCommand);
    const words = argv as string[];
    const id = words.join(':');
    if (words.length > 0 && this.config.findCommand(id) === undefined) await unknownCommand(id, this.config);
    const Help = await loadHelpClass(this.config);
    await new Help(this.config).showHelp(words);
  }
}
