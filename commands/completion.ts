import { Args, Command } from '@oclif/core';
import { type CompletionCommand, type CompletionShell, completionScript } from './support/completion-scripts.js';

export default class Completion extends Command {
  static override summary = 'Print a shell completion script for bash, zsh or fish.';

  static override description = `Completes command names, each command's flags, the values of flags with a fixed set (--target, --format, --fail-level …) and file names.`;

  static override args = {
    shell: Args.string({ description: 'the shell', options: ['bash', 'zsh', 'fish'], required: true }),
  };

  static override examples = [
    'eval "$(<%= config.bin %> completion bash)"',
    '<%= config.bin %> completion zsh > ~/.zfunc/_<%= config.bin %>',
    '<%= config.bin %> completion fish > ~/.config/fish/completions/<%= config.bin %>.fish',
  ];

  async run(): Promise<void> {
    const { args } = await this.parse(Completion);
    const commands: CompletionCommand[] = this.config.commands
      .filter((c) => !c.hidden)
      .map((c) => ({
        id: c.id,
        summary: c.summary ?? c.description?.split('\n')[0] ?? '',
        flags: Object.values(c.flags).map((f) => ({
          name: f.name,
          type: f.type,
          ...(f.char === undefined ? {} : { char: f.char }),
          ...(f.type === 'boolean' && f.allowNo ? { allowNo: true } : {}),
          ...(f.type === 'option' && f.options !== undefined ? { options: f.options } : {}),
          ...(f.description === undefined ? {} : { description: f.description }),
        })),
      }));
    this.log(completionScript(args.shell as CompletionShell, this.config.bin, commands).trimEnd());
  }
}
