/**
 * `flinkslot plan`'s work once its arguments are parsed, shared by the oclif command
 * (commands/plan.ts) and the fast path that starts without oclif (commands/fast.ts): the
 * inputs read, the use case's PlanResult handed to the shell; the exit code is the shell's.
 */
import type { PlanResult } from '../../src/face/plan.js';
import { fetchJobAnswers } from './flink-rest.js';
import type { CommandShell } from './shell.js';
import { useColor } from './terminal.js';

export interface PlanFlags {
  readonly json: boolean;
  readonly limit: number;
  readonly color?: boolean | undefined;
  readonly execution: boolean;
  readonly members: boolean;
  readonly 'flink-version'?: string | undefined;
  readonly 'tm-config'?: string | undefined;
  readonly format?: string | undefined;
}

/** `plan FILE` as the fast path reads its line (commands/fast.ts): the file is plan's one argument. */
export async function runPlanLine(shell: CommandShell, line: { args: { file?: string }; flags: PlanFlags }): Promise<number> {
  return runPlan(shell, line.args.file!, line.flags);
}

/** Runs `plan FILE`; the exit code. */
export async function runPlan(shell: CommandShell, file: string, flags: PlanFlags): Promise<number> {
  const graph = flags.format === 'dot' || flags.format === 'mermaid';
  // A graph is never coloured and has no JSON form (--format excludes --json).
  const print = graph ? { json: false, color: false } : { json: flags.json, color: useColor(flags.color) };
  return shell.run(print, () => planResult(shell, file, flags));
}

async function planResult(shell: CommandShell, file: string, flags: PlanFlags): Promise<PlanResult> {
  const core = await import('../../src/face/plan.js');
  const { isRestAddress } = await import('../../src/face/shell.js');
  const tmConfig = flags['tm-config'] === undefined ? undefined : await shell.readOrExit(flags['tm-config']);
  const version = flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] };
  if (flags.format === 'dot' || flags.format === 'mermaid') {
    const input = await shell.readOrExit(file);
    return core.planGraphResult(core.planGraphFromText(input.text, input.file, flags.format, version));
  }
  const rows = flags.json || flags.limit === 0 ? {} : { memberRows: flags.limit };
  const options = { execution: flags.execution, members: flags.members, ...rows, ...(tmConfig ? { tmConfig } : {}), ...version };
  if (!isRestAddress(file)) {
    const input = await shell.readOrExit(file);
    return core.planResult(core.planFromText(input.text, input.file, options), { limit: flags.limit });
  }
  const target = await shell.restTargetOrExit(file);
  if (target.jobId === undefined) {
    return shell.refuse(`${file} names no job: give http://HOST:PORT/jobs/JOBID (GET /jobs/overview lists them)`, 'rest/address');
  }
  const answers = await fetchJobAnswers({ ...target, jobId: target.jobId });
  return core.planResult(core.planLiveJob(answers, options), { limit: flags.limit });
}
