/**
 * What every flinkslot command shares: a guard that turns an unexpected exception into exit 70
 * without a stack trace, reading inputs with exit 2 on failure, and printing a core Result as
 * text or JSON (diagnostics on stderr, exit 2).
 */
import { Command } from '@oclif/core';
import type { Diagnostic, RestTarget, Result } from '../../src/index.js';
import { RestError, readAddress } from './flink-rest.js';
import { InputReadError, readInput } from './io.js';
import { ExitCode, formatForStderr, isOclifExit } from './terminal.js';

export abstract class FlinkslotCommand extends Command {
  protected async guarded(body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (e) {
      if (isOclifExit(e)) throw e;
      process.stderr.write(`flinkslot internal error (a bug; please report it with the input): ${(e as Error).message}\n`);
      this.exit(ExitCode.INTERNAL);
    }
  }

  /** A file, `-` for stdin, or a JobManager's REST address (a job's details, or the cluster's TaskManagers). */
  protected async readOrExit(path: string): Promise<{ text: string; file: string }> {
    const { isRestAddress } = await import('../../src/index.js');
    try {
      if (isRestAddress(path)) return await readAddress(await this.restTargetOrExit(path));
      return await readInput(path);
    } catch (e) {
      if (!(e instanceof InputReadError) && !(e instanceof RestError)) throw e;
      process.stderr.write(`error ${e.message}\n`);
      return this.exit(ExitCode.BAD_INPUT);
    }
  }

  /** A REST address checked by the core, or exit 2 with its reason. */
  protected async restTargetOrExit(address: string): Promise<RestTarget> {
    const { parseRestTarget } = await import('../../src/index.js');
    const target = parseRestTarget(address);
    if (target.ok) return target.value;
    process.stderr.write(`error ${target.diagnostics[0]!.message}\n`);
    return this.exit(ExitCode.BAD_INPUT);
  }

  /** Runs a REST exchange; a RestError is exit 2 with its message (which names the URL). */
  protected async restOrExit<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (e) {
      if (!(e instanceof RestError)) throw e;
      process.stderr.write(`error ${e.message}\n`);
      return this.exit(ExitCode.BAD_INPUT);
    }
  }

  /** Prints the value (JSON or text) or the diagnostics; exits 2 on diagnostics. */
  protected async emit<T>(result: Result<T>, options: { json: boolean; color: boolean }, renderText: (value: T) => string): Promise<T> {
    const { formatDiagnostic } = await import('../../src/index.js');
    if (!result.ok) {
      for (const d of result.diagnostics as Diagnostic[]) process.stderr.write(formatForStderr(d, formatDiagnostic, options.color) + '\n');
      return this.exit(ExitCode.BAD_INPUT);
    }
    await this.writeOut(options.json ? JSON.stringify(result.value, null, 2) + '\n' : renderText(result.value));
    return result.value;
  }

  /**
   * Writes to stdout and waits until the data is handed to the OS. oclif's exit() ends the process
   * at once, so a large report on a pipe would otherwise be cut off when the exit code is not 0.
   */
  protected async writeOut(text: string): Promise<void> {
    await new Promise<void>((resolve, reject) => process.stdout.write(text, (e) => (e ? reject(e) : resolve())));
  }
}
