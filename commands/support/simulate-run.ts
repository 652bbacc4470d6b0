/**
 * `flinkslot simulate`'s work once its command line is read, shared by the oclif command
 * (commands/simulate.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/simulate.js';
import { isRestAddress } from '../../src/face/shell.js';
import type { SimulateResult } from '../../src/face/simulate.js';
import { fetchClusterSnapshot } from './flink-rest.js';
import { readScenarioJobGraph } from './io.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface SimulateFlags {
  readonly cluster?: string | undefined;
  readonly json?: boolean | undefined;
  readonly trace?: boolean | undefined;
  readonly 'flink-version'?: string | undefined;
  readonly limit: number;
  readonly color?: boolean | undefined;
}

/** Runs `simulate FILES`; the exit code. */
export async function runSimulate(shell: CommandShell, line: { argv: readonly string[]; flags: SimulateFlags }): Promise<number> {
  const { flags } = line;
  return shell.run({ json: flags.json === true, color: useColor(flags.color) }, async () => {
    const files = line.argv;
    if (flags.cluster !== undefined && isRestAddress(flags.cluster)) return liveCluster(shell, flags.cluster, files, flags);
    const options = { trace: flags.trace, ...(flags['flink-version'] ? { flinkVersion: flags['flink-version'] } : {}) };
    if (flags.cluster !== undefined) {
      const cluster = await shell.readOrExit(flags.cluster);
      const jobs = await shell.readAllOrExit(files);
      return core.simulationResult(core.simulateJobsWithAdvice(cluster, jobs, options), flags);
    }
    if (files.length !== 1) return shell.refuse('give one scenario file, or --cluster CLUSTER with job graph files');
    const scenario = await shell.readOrExit(files[0]!);
    const loadJobGraph = (path: string) => readScenarioJobGraph(path, scenario.file);
    return core.simulationResult(core.simulateScenario(scenario, { ...options, loadJobGraph }), flags);
  });
}

/** `--cluster http://HOST:8081`: the running cluster now, then the new jobs; not met unless they fit now. */
async function liveCluster(
  shell: CommandShell,
  address: string,
  files: readonly string[],
  flags: { limit: number; 'flink-version'?: string | undefined },
): Promise<SimulateResult> {
  const live = await import('../../src/face/live-cluster.js');
  const target = await shell.restTargetOrExit(address);
  const jobs = await shell.readAllOrExit(files);
  const snapshot = await fetchClusterSnapshot(live, target.base);
  const version = flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] };
  return core.liveFitResult(snapshot.ok ? live.fitJobsOnLiveCluster(snapshot.value, jobs, version) : snapshot, flags);
}
