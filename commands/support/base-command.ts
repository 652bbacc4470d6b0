/**
 * What every flinkslot command shares: a guard that turns an unexpected exception into exit 70
 * without a stack trace, reading inputs with exit 2 on failure, printing a core Result as text or
 * JSON (diagnostics on stderr, exit 2), and, with --json, every failure also as one JSON object on
 * stdout (schemas/error.schema.json), so a script reading stdout never gets an empty string.
 */
import { Command } from '@oclif/core';
import type { Diagnostic, RestTarget, Result } from '../../src/index.js';
import { RestError, readAddress } from './flink-rest.js';
import { InputReadError, readInput } from './io.js';
import { closedStdout, writeStdout } from './stdout.js';
import { suggestFlag } from './suggest.js';
import { ExitCode, RAW_IN_JSON, elideLongWords, escapeControl, formatForStderr, isExitSignal, isOclifExit, safeText } from './terminal.js';

/** Diagnostics printed on stderr; the rest are counted (--json lists up to 1,000). */
const MAX_TEXT_DIAGNOSTICS = 20;

export abstract class FlinkslotCommand extends Command {
  /** --json given: failures go to stdout as JSON as well. */
  protected jsonErrors = false;

  override async init(): Promise<void> {
    const end = this.argv.indexOf('--');
    this.jsonErrors = (end < 0 ? this.argv : this.argv.slice(0, end)).includes('--json');
    await super.init();
  }

  /** oclif's parse errors (unknown flag, missing argument): a suggestion, and the JSON object with --json. */
  override async catch(err: Error & { exitCode?: number }): Promise<unknown> {
    if (isExitSignal(err)) throw err;
    const hint = await suggestFlag(err, Object.keys((this.ctor as typeof Command).flags ?? {}));
    if (hint !== undefined) err.message = `${err.message}\n${hint}`;
    // oclif prints the message as it is; a flag or value typed with control characters must not reach the terminal raw.
    err.message = escapeControl(err.message);
    if (this.jsonErrors) {
      const message = err.message
        .replace(/^See more help with --help$/m, '')
        .replace(/\n+/g, '\n')
        .trim();
      await this.writeJsonError([{ code: 'usage/error', severity: 'error', message }]);
    }
    throw err;
  }

  protected async guarded(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (e) {
      if (isOclifExit(e)) throw e;
      const message = `flinkslot internal error (a bug; please report it with the input): ${(e as Error).message}`;
      process.stderr.write(`${escapeControl(message)}\n`);
      if (this.jsonErrors) await this.writeJsonError([{ code: 'internal', severity: 'error', message }]);
      this.exit(ExitCode.INTERNAL);
    }
  }

  /** Exit 2 with one error: `error MESSAGE` on stderr, and the JSON object with --json. */
  protected async refuse(message: string, code = 'usage/error', file?: string): Promise<never> {
    process.stderr.write(`error ${elideLongWords(escapeControl(message))}\n`);
    const location = file === undefined ? {} : { location: { file, pointer: '' } };
    if (this.jsonErrors) await this.writeJsonError([{ code, severity: 'error', message, ...location }]);
    return this.exit(ExitCode.BAD_INPUT);
  }

  /**
   * A file, `-` for stdin, or a JobManager's REST address (a job's details, or the cluster's
   * TaskManagers). `origin` says where the path was named (a policy file's line), printed with a refusal.
   */
  protected async readOrExit(path: string, origin?: Diagnostic): Promise<{ text: string; file: string }> {
    const { isRestAddress } = await import('../../src/index.js');
    let refusal: Diagnostic;
    try {
      if (isRestAddress(path)) return await readAddress(await this.restTargetOrExit(path));
      return await readInput(path);
    } catch (e) {
      if (e instanceof InputReadError) {
        if (origin === undefined) return this.refuse(e.message, e.code, path);
        refusal = { code: e.code, severity: 'error', message: `cannot read: ${e.reason}`, location: { file: path, pointer: '' } };
      } else if (e instanceof RestError) {
        if (origin === undefined) return this.refuse(e.message, 'rest/unreachable', path);
        refusal = { code: 'rest/unreachable', severity: 'error', message: e.message };
      } else throw e;
    }
    return this.failWith([refusal, origin], false);
  }

  /** A REST address checked by the core, or exit 2 with its reason. */
  protected async restTargetOrExit(address: string): Promise<RestTarget> {
    const { parseRestTarget } = await import('../../src/index.js');
    const target = parseRestTarget(address);
    if (target.ok) return target.value;
    return this.refuse(target.diagnostics[0]!.message, 'rest/address');
  }

  /** Runs a REST exchange; a RestError is exit 2 with its message (which names the URL). */
  protected async restOrExit<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (e) {
      if (!(e instanceof RestError)) throw e;
      return this.refuse(e.message, 'rest/unreachable');
    }
  }

  /** Prints the value (JSON or text) or the diagnostics; exits 2 on diagnostics. */
  protected async emit<T>(result: Result<T>, options: { json: boolean; color: boolean }, renderText: (value: T) => string): Promise<T> {
    if (!result.ok) return this.failWith(result.diagnostics, options.color);
    await this.writeOut(options.json ? JSON.stringify(result.value, null, 2) + '\n' : safeText(renderText(result.value)));
    return result.value;
  }

  /** Diagnostics on stderr (at most 20, then a count), the JSON object with --json; exit 2. */
  protected async failWith(diagnostics: readonly Diagnostic[], color: boolean): Promise<never> {
    const { formatDiagnostic } = await import('../../src/index.js');
    const shown = diagnostics.slice(0, MAX_TEXT_DIAGNOSTICS);
    const lines = shown.map((d) => formatForStderr(d, formatDiagnostic, color));
    if (diagnostics.length > shown.length) lines.push(`… and ${diagnostics.length - shown.length} more`);
    process.stderr.write(lines.map((l) => `${l}\n`).join(''));
    if (this.jsonErrors) await this.writeJsonError(diagnostics);
    return this.exit(ExitCode.BAD_INPUT);
  }

  private async writeJsonError(diagnostics: readonly Diagnostic[]): Promise<void> {
    const { errorReport } = await import('../../src/index.js');
    await this.writeOut(JSON.stringify(errorReport(diagnostics), null, 2) + '\n');
  }

  /**
   * Writes to stdout and waits until the data is handed to the OS. oclif's exit() ends the process
   * at once, so a large report on a pipe would otherwise be cut off when the exit code is not 0. A
   * reader that closed the pipe (`| head`) is not an error: the rest is dropped, the exit code stays.
   */
  protected async writeOut(text: string): Promise<void> {
    // JSON.stringify leaves DEL, the C1 controls (a terminal reads some as escapes), the bidirectional
    // overrides and U+2028/U+2029 raw; text reports come escaped already, so this changes only JSON.
    if (!closedStdout()) await writeStdout(text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  }
}
