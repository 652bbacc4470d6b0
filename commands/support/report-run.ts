/**
 * `flinkslot report`'s work once its command line is read, shared by the oclif command
 * (commands/report.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/report.js';
import { isRestAddress } from '../../src/face/shell.js';
import type { ClusterSnapshot } from '../../src/face/live-cluster.js';
import type { RunContext } from './command-line.js';
import { fetchClusterSnapshot } from './flink-rest.js';
import { readScenarioJobGraph } from './io.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface ReportFlags {
  readonly cluster?: string | undefined;
  readonly output?: string | undefined;
  readonly 'tm-config'?: string | undefined;
  readonly 'flink-version'?: string | undefined;
  readonly title?: string | undefined;
  readonly 'max-vertices': number;
  readonly 'max-task-managers': number;
  readonly color?: boolean | undefined;
}

/** A JobManager's REST address → its cluster now, or the refusal saying what could not be read. */
async function liveClusterOrExit(shell: CommandShell, address: string): Promise<ClusterSnapshot> {
  const live = await import('../../src/face/live-cluster.js');
  const target = await shell.restTargetOrExit(address);
  const snapshot = await fetchClusterSnapshot(live, target.base);
  if (!snapshot.ok) return shell.fail(snapshot.diagnostics);
  return snapshot.value;
}

/** Runs `report FILES`; the exit code. */
export async function runReport(
  shell: CommandShell,
  line: { argv: readonly string[]; flags: ReportFlags },
  context: RunContext,
): Promise<number> {
  const { flags } = line;
  return shell.run({ json: false, color: useColor(flags.color), output: flags.output }, async () => {
    const files = await shell.readAllOrExit(line.argv);
    const live = flags.cluster !== undefined && isRestAddress(flags.cluster);
    const cluster = flags.cluster === undefined || live ? undefined : await shell.readOrExit(flags.cluster);
    const liveCluster = live ? await liveClusterOrExit(shell, flags.cluster!) : undefined;
    const tmConfig = flags['tm-config'] === undefined ? undefined : await shell.readOrExit(flags['tm-config']);
    const result = core.reportFromTexts({
      files,
      ...(cluster === undefined ? {} : { cluster }),
      ...(liveCluster === undefined ? {} : { liveCluster }),
      ...(tmConfig === undefined ? {} : { tmConfig }),
      ...(flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] }),
      ...(flags.title === undefined ? {} : { title: flags.title }),
      loadJobGraph: readScenarioJobGraph,
      generator: `flinkslot ${context.version}`,
      limits: { vertices: flags['max-vertices'], taskManagers: flags['max-task-managers'] },
    });
    return core.reportResult(result, { output: flags.output });
  });
}
