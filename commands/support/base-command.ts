/**
 * What every flinkslot command shares, on oclif: the CommandShell (commands/support/shell.ts:
 * reading, printing a result, the exit code of its outcome, JSON failures), with the exit code
 * handed to oclif's exit, and oclif's parse errors with a suggestion and, with --json, the JSON object.
 */
import { Command } from '@oclif/core';
import type { CommandResult } from '../../src/face/errors.js';
import type { RunContext } from './command-line.js';
import { CommandShell, type PrintOptions, jsonFlagGiven } from './shell.js';
import { suggestFlag } from './suggest.js';
import { escapeControl, isExitSignal } from './terminal.js';

export abstract class FlinkslotCommand extends Command {
  protected readonly shell = new CommandShell();

  override async init(): Promise<void> {
    this.shell.jsonErrors = jsonFlagGiven(this.argv);
    await super.init();
  }

  /** oclif's parse errors (unknown flag, missing argument): a suggestion, and the JSON object with --json. */
  override async catch(err: Error & { exitCode?: number }): Promise<unknown> {
    if (isExitSignal(err)) throw err;
    const hint = await suggestFlag(err, Object.keys((this.ctor as typeof Command).flags ?? {}));
    if (hint !== undefined) err.message = `${err.message}\n${hint}`;
    // oclif prints the message as it is; a flag or value typed with control characters must not reach the terminal raw.
    err.message = escapeControl(err.message);
    if (this.shell.jsonErrors) {
      const message = err.message
        .replace(/^See more help with --help$/m, '')
        .replace(/\n+/g, '\n')
        .trim();
      await this.shell.writeJsonError([{ code: 'usage/error', severity: 'error', message }]);
    }
    throw err;
  }

  /** What a command's runner (support/<command>-run.ts) reads of oclif's Config. */
  protected runContext(): RunContext {
    return { root: this.config.root, version: this.config.version };
  }

  /** The command's work: its result printed as `options` say, and the process ended with the outcome's exit code. */
  protected async respond(options: PrintOptions, body: () => Promise<CommandResult>): Promise<void> {
    const code = await this.shell.run(options, body);
    if (code !== 0) this.exit(code);
  }
}
