/**
 * What every command does around its work, without oclif: so that `plan`'s fast path (bin/run.js)
 * runs the same code as the oclif command. A guard turns an unexpected exception into exit 70
 * without a stack trace; inputs are read with exit 2 on failure; a core Result is printed as text
 * or JSON (diagnostics on stderr, exit 2); with --json every failure is also one JSON object on
 * stdout (schemas/error.schema.json), so a script reading stdout never gets an empty string.
 */
import type { Diagnostic, DiagnosticCode, RestTarget, Result } from '../../src/face/shell.js';
import { RestError, readAddress } from './flink-rest.js';
import { InputReadError, readInput } from './io.js';
import { closedStdout, writeStdout } from './stdout.js';
import { ExitCode, RAW_IN_JSON, elideLongWords, escapeControl, formatForStderr, isOclifExit, safeText } from './terminal.js';

/** Diagnostics printed on stderr; the rest are counted (--json lists up to 1,000). */
const MAX_TEXT_DIAGNOSTICS = 20;

/** `--json` among the arguments before `--`: failures are then printed as JSON too. */
export function jsonFlagGiven(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

export class CommandShell {
  /** --json given: failures go to stdout as JSON as well. */
  jsonErrors = false;

  /** `exit` ends the command by throwing (oclif's ExitError, or ShellExit on the fast path). */
  constructor(readonly exit: (code: number) => never) {}

  async guarded(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (e) {
      if (isOclifExit(e)) throw e;
      const message = `flinkslot internal error (a bug; please report it with the input): ${(e as Error).message}`;
      process.stderr.write(`${escapeControl(message)}\n`);
      if (this.jsonErrors) await this.writeJsonError([{ code: 'internal', severity: 'error', message }]);
      return this.exit(ExitCode.INTERNAL);
    }
  }

  /** Exit 2 with one error: `error MESSAGE` on stderr, and the JSON object with --json. */
  async refuse(message: string, code: DiagnosticCode = 'usage/error', file?: string): Promise<never> {
    process.stderr.write(`error ${elideLongWords(escapeControl(message))}\n`);
    const location = file === undefined ? {} : { location: { file, pointer: '' } };
    if (this.jsonErrors) await this.writeJsonError([{ code, severity: 'error', message, ...location }]);
    return this.exit(ExitCode.BAD_INPUT);
  }

  /** `-o FILE`: the text written to the file, or exit 2 saying why it could not be. */
  async writeFileOrExit(path: string, text: string): Promise<void> {
    // Loaded here, not at start-up: plan's fast path never writes a file.
    const { writeFile } = await import('node:fs/promises');
    try {
      await writeFile(path, text);
    } catch (e) {
      await this.refuse(`cannot write ${path}: ${(e as Error).message}`, 'output/unwritable', path);
    }
  }

  /**
   * A file, `-` for stdin, or a JobManager's REST address (a job's details, or the cluster's
   * TaskManagers). `origin` says where the path was named (a policy file's line), printed with a refusal.
   */
  async readOrExit(path: string, origin?: Diagnostic): Promise<{ text: string; file: string }> {
    const { isRestAddress } = await import('../../src/face/shell.js');
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
  async restTargetOrExit(address: string): Promise<RestTarget> {
    const { parseRestTarget } = await import('../../src/face/shell.js');
    const target = parseRestTarget(address);
    if (target.ok) return target.value;
    return this.refuse(target.diagnostics[0]!.message, 'rest/address');
  }

  /** Runs a REST exchange; a RestError is exit 2 with its message (which names the URL). */
  async restOrExit<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (e) {
      if (!(e instanceof RestError)) throw e;
      return this.refuse(e.message, 'rest/unreachable');
    }
  }

  /** Prints the value (JSON or text) or the diagnostics; exits 2 on diagnostics. */
  async emit<T>(result: Result<T>, options: { json: boolean; color: boolean }, renderText: (value: T) => string): Promise<T> {
    if (!result.ok) return this.failWith(result.diagnostics, options.color);
    await this.writeOut(options.json ? JSON.stringify(result.value, null, 2) + '\n' : safeText(renderText(result.value)));
    return result.value;
  }

  /** Diagnostics on stderr (at most 20, then a count), the JSON object with --json; exit 2. */
  async failWith(diagnostics: readonly Diagnostic[], color: boolean, exitCode: number = ExitCode.BAD_INPUT): Promise<never> {
    const { formatDiagnostic } = await import('../../src/face/shell.js');
    const shown = diagnostics.slice(0, MAX_TEXT_DIAGNOSTICS);
    const lines = shown.map((d) => formatForStderr(d, formatDiagnostic, color));
    if (diagnostics.length > shown.length) lines.push(`… and ${diagnostics.length - shown.length} more`);
    process.stderr.write(lines.map((l) => `${l}\n`).join(''));
    if (this.jsonErrors) await this.writeJsonError(diagnostics);
    return this.exit(exitCode);
  }

  async writeJsonError(diagnostics: readonly Diagnostic[]): Promise<void> {
    const { errorReport } = await import('../../src/face/shell.js');
    await this.writeOut(JSON.stringify(errorReport(diagnostics), null, 2) + '\n');
  }

  /**
   * Writes to stdout and waits until the data is handed to the OS. oclif's exit() ends the process
   * at once, so a large report on a pipe would otherwise be cut off when the exit code is not 0. A
   * reader that closed the pipe (`| head`) is not an error: the rest is dropped, the exit code stays.
   */
  async writeOut(text: string): Promise<void> {
    // JSON.stringify leaves DEL, the C1 controls (a terminal reads some as escapes), the bidirectional
    // overrides and U+2028/U+2029 raw; text reports come escaped already, so this changes only JSON.
    if (!closedStdout()) await writeStdout(text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
  }
}
