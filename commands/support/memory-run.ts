/**
 * `flinkslot memory`'s work once its command line is read, shared by the oclif command
 * (commands/memory.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/memory.js';
import { isRestAddress } from '../../src/face/shell.js';
import type { DeploymentTarget } from '../../src/face/memory.js';
import { fetchMemoryAnswers } from './flink-rest.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface MemoryFlags {
  readonly json?: boolean | undefined;
  readonly 'flink-version'?: string | undefined;
  readonly set?: readonly string[] | undefined;
  readonly target?: string | undefined;
  readonly color?: boolean | undefined;
}

/** Runs `memory FILE`; the exit code. */
export async function runMemory(shell: CommandShell, line: { args: { file: string }; flags: MemoryFlags }): Promise<number> {
  const { args, flags } = line;
  return shell.run({ json: flags.json === true, color: useColor(flags.color) }, async () => {
    const options = {
      properties: flags.set ?? [],
      ...(flags['flink-version'] ? { flinkVersion: flags['flink-version'] } : {}),
      ...(flags.target === undefined ? {} : { deploymentTarget: flags.target as DeploymentTarget }),
    };
    if (isRestAddress(args.file)) {
      const target = await shell.restTargetOrExit(args.file);
      return core.memoryResult(core.memoryOfLiveCluster(await fetchMemoryAnswers(target), options));
    }
    const input = await shell.readOrExit(args.file);
    return core.memoryResult(core.memoryFromText(input.text, input.file, options));
  });
}
