/**
 * What every flinkslot command shares, on oclif: the CommandShell (guard, reading, printing, JSON
 * failures; commands/support/shell.ts) bound to oclif's exit, and oclif's parse errors with a
 * suggestion and, with --json, the JSON object.
 */
import { Command } from '@oclif/core';
import type { Diagnostic, DiagnosticCode, RestTarget, Result } from '../../src/index.js';
import { CommandShell, jsonFlagGiven } from './shell.js';
import { suggestFlag } from './suggest.js';
import { escapeControl, isExitSignal } from './terminal.js';

export abstract class FlinkslotCommand extends Command {
  protected readonly shell = new CommandShell((code) => this.exit(code));

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

  // The shell's methods, as the commands call them.
  protected guarded(body: () => Promise<void>): Promise<void> {
    return this.shell.guarded(body);
  }

  protected refuse(message: string, code?: DiagnosticCode, file?: string): Promise<never> {
    return this.shell.refuse(message, code, file);
  }

  protected readOrExit(path: string, origin?: Diagnostic): Promise<{ text: string; file: string }> {
    return this.shell.readOrExit(path, origin);
  }

  protected restTargetOrExit(address: string): Promise<RestTarget> {
    return this.shell.restTargetOrExit(address);
  }

  protected restOrExit<T>(body: () => Promise<T>): Promise<T> {
    return this.shell.restOrExit(body);
  }

  protected emit<T>(result: Result<T>, options: { json: boolean; color: boolean }, renderText: (value: T) => string): Promise<T> {
    return this.shell.emit(result, options, renderText);
  }

  protected failWith(diagnostics: readonly Diagnostic[], color: boolean, exitCode?: number): Promise<never> {
    return this.shell.failWith(diagnostics, color, exitCode);
  }

  protected writeOut(text: string): Promise<void> {
    return this.shell.writeOut(text);
  }

  protected writeFileOrExit(path: string, text: string): Promise<void> {
    return this.shell.writeFileOrExit(path, text);
  }
}
