import { Command } from '@oclif/core';

export default class Version extends Command {
  static override summary = 'Print the flinkslot version, platform and Node.js version (the same as --version).';

  static override examples = ['<%= config.bin %> version', '<%= config.bin %> --version'];

  async run(): Promise<void> {
    await this.parse(Version);
    this.log(this.config.userAgent);
  }
}
