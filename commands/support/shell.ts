/**
 * What every command does around its work, without oclif: so that `plan`'s fast path (bin/run.js)
 * runs the same code as the oclif command. A command's body returns its result (a CommandResult,
 * src/app/command-result.ts) or throws the one error value (FlinkslotError); `run` prints either,
 * as text or JSON, and returns the exit code, mapped from the outcome in one place (exitCodeOf,
 * src/errors/outcome.ts; docs/exit-codes.md). Any other exception is a bug: exit 70 without a
 * stack trace. With --json every failure is also one JSON object on stdout
 * (schemas/error.schema.json), so a script reading stdout never gets an empty string.
 */
import { type CommandResult, FlinkslotError, type Outcome, exitCodeOf, refusal } from '../../src/face/errors.js';
import type { Diagnostic, RestTarget } from '../../src/face/shell.js';
import { readAddress } from './flink-rest.js';
import { isReadFailure, readInput } from './io.js';
import { closedStdout, writeStdout } from './stdout.js';
import { RAW_IN_JSON, elideLongWords, escapeControl, formatForStderr, isOclifExit, safeText, terminalStyle } from './terminal.js';

/** A REST address that did not answer (flink-rest.ts): a failure of reading, like io.ts's isReadFailure. */
function unreachableAddress(e: unknown): e is FlinkslotError {
  return e instanceof FlinkslotError && e.code === 'rest/unreachable';
}

/** Diagnostics printed on stderr; the rest are counted (--json lists up to 1,000). */
const MAX_TEXT_DIAGNOSTICS = 20;

/** `--json` among the arguments before `--`: failures are then printed as JSON too. */
export function jsonFlagGiven(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/** How a result is printed: its JSON form or its text form (coloured or not), to stdout or to a file. */
export interface PrintOptions {
  readonly json: boolean;
  readonly color: boolean;
  /** -o FILE: the output goes there, as it is (no escaping: it is the user's file). */
  readonly output?: string | undefined;
  /**
   * How a file that cannot be written is refused: 'located' (output/unwritable, naming the file), or
   * 'usage' (usage/error without a location: `validate -o`, as it always was).
   */
  readonly unwritable?: 'located' | 'usage';
}

export class CommandShell {
  /** --json given: failures go to stdout as JSON as well. */
  jsonErrors = false;

  /**
   * Runs a command's body and prints what it returns or throws; the exit code of its outcome.
   * oclif's own exit (this.exit in a command) passes through.
   */
  async run(options: PrintOptions, body: () => Promise<CommandResult>): Promise<number> {
    let outcome: Outcome;
    try {
      outcome = await this.print(await body(), options);
    } catch (e) {
      if (isOclifExit(e)) throw e;
      outcome = await this.printError(e, options.color);
    }
    return exitCodeOf(outcome);
  }

  /** A result on stdout (or in -o's file) and stderr; its outcome. */
  async print(result: CommandResult, options: PrintOptions): Promise<Outcome> {
    switch (result.form) {
      case 'refused':
        await this.printDiagnostics(result.diagnostics, options.color);
        return result.outcome;
      case 'report': {
        if (options.json) await this.deliverJson(result.json, options);
        else {
          const text = result.text(terminalStyle(options.color));
          if (result.textPreface !== undefined) process.stderr.write(safeText(result.textPreface));
          await this.deliver(text, true, options);
        }
        if (result.afterword !== undefined) process.stderr.write(result.afterword);
        return result.outcome;
      }
      case 'document':
        await this.deliver(result.text, result.escape, options);
        if (options.output !== undefined && result.afterFile !== undefined) process.stderr.write(safeText(result.afterFile));
        return result.outcome;
    }
  }

  /** Text to stdout (escaped when it is text from the input for a terminal), or as it is to -o's file. */
  private async deliver(text: string, escape: boolean, options: PrintOptions): Promise<void> {
    if (options.output === undefined) return this.writeOut(escape ? safeText(text) : text);
    return this.writeFileOrExit(options.output, text, options.unwritable);
  }

  /**
   * JSON in chunks (src/report/json-chunks.ts), each written once the one before is handed on: a
   * large report is never one string (issue 29 §3). The same bytes as deliver(text, false, …).
   */
  private async deliverJson(json: unknown, options: PrintOptions): Promise<void> {
    const { jsonChunks } = await import('../../src/face/shell.js');
    const chunks = jsonChunks(json, { suffix: '\n' });
    if (options.output !== undefined) return this.writeFileOrExit(options.output, chunks, options.unwritable);
    for (const chunk of chunks) {
      if (closedStdout()) return;
      await this.writeOut(chunk);
    }
  }

  /** A FlinkslotError as its form says; anything else is a bug (exit 70). */
  private async printError(e: unknown, color: boolean): Promise<Outcome> {
    if (e instanceof FlinkslotError && e.outcome !== 'internal') {
      if (e.form === 'diagnostics') await this.printDiagnostics(e.diagnostics, color);
      else {
        process.stderr.write(`error ${elideLongWords(escapeControl(e.message))}\n`);
        if (this.jsonErrors) await this.writeJsonError(e.diagnostics);
      }
      return e.outcome;
    }
    const message = `flinkslot internal error (a bug; please report it with the input): ${(e as Error).message}`;
    process.stderr.write(`${escapeControl(message)}\n`);
    if (this.jsonErrors) await this.writeJsonError([{ code: 'internal', severity: 'error', message }]);
    return 'internal';
  }

  /** Ends the command with one error (exit 2): `error MESSAGE` on stderr, and the JSON object with --json. */
  refuse(message: string, code: Diagnostic['code'] = 'usage/error', file?: string): never {
    throw refusal(code, message, file);
  }

  /**
   * `-o FILE` (the output, or a file written beside it: size --report): the text written, or the
   * refusal as `unwritable` says (PrintOptions).
   */
  async writeFileOrExit(path: string, text: string | Iterable<string>, unwritable: PrintOptions['unwritable'] = 'located'): Promise<void> {
    // Loaded here, not at start-up: plan's fast path never writes a file.
    const { writeFile } = await import('node:fs/promises');
    try {
      // writeFile takes an iterable of strings too: it writes each as it comes.
      await writeFile(path, text);
    } catch (e) {
      const message = `cannot write ${path}: ${(e as Error).message}`;
      throw unwritable === 'usage' ? refusal('usage/error', message) : refusal('output/unwritable', message, path);
    }
  }

  /**
   * A file, `-` for stdin, or a JobManager's REST address (a job's details, or the cluster's
   * TaskManagers). `origin` says where the path was named (a policy file's line), printed with a refusal.
   */
  async readOrExit(path: string, origin?: Diagnostic): Promise<{ text: string; file: string }> {
    const { isRestAddress } = await import('../../src/face/shell.js');
    try {
      if (isRestAddress(path)) return await readAddress(await this.restTargetOrExit(path));
      return await readInput(path);
    } catch (e) {
      if (!isReadFailure(e) && !unreachableAddress(e)) throw e;
      if (origin === undefined) throw refusal(e.code, e.message, path);
      // Named by a policy file: the file's own diagnostic, then the line that named it.
      const unreachable = e.code === 'rest/unreachable';
      const message = unreachable ? e.message : `cannot read: ${e.detail ?? e.message}`;
      const location = unreachable ? {} : { location: { file: path, pointer: '' } };
      throw new FlinkslotError({ code: e.code, severity: 'error', message, ...location }, { form: 'diagnostics', related: [origin] });
    }
  }

  /** Each of `paths` read as readOrExit reads it, in order: the first that cannot be read ends the command. */
  async readAllOrExit(paths: readonly string[]): Promise<Array<{ text: string; file: string }>> {
    const read = [];
    for (const path of paths) read.push(await this.readOrExit(path));
    return read;
  }

  /** Ends the command with the diagnostics printed as the core's are (exit 2, or the outcome given). */
  fail(diagnostics: readonly Diagnostic[], outcome: Outcome = 'bad-input'): never {
    throw new FlinkslotError(diagnostics[0]!, { form: 'diagnostics', related: diagnostics.slice(1), outcome });
  }

  /** A REST address checked by the core, or the refusal with its reason. */
  async restTargetOrExit(address: string): Promise<RestTarget> {
    const { parseRestTarget } = await import('../../src/face/shell.js');
    const target = parseRestTarget(address);
    if (target.ok) return target.value;
    return this.refuse(target.diagnostics[0]!.message, 'rest/address');
  }

  /** Diagnostics on stderr (at most 20, then a count), and the JSON object with --json. */
  async printDiagnostics(diagnostics: readonly Diagnostic[], color: boolean): Promise<void> {
    const { formatDiagnostic } = await import('../../src/face/shell.js');
    const shown = diagnostics.slice(0, MAX_TEXT_DIAGNOSTICS);
    const lines = shown.map((d) => formatForStderr(d, formatDiagnostic, color));
    if (diagnostics.length > shown.length) lines.push(`… and ${diagnostics.length - shown.length} more`);
    process.stderr.write(lines.map((l) => `${l}\n`).join(''));
    if (this.jsonErrors) await this.writeJsonError(diagnostics);
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
