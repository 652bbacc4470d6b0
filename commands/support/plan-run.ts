/**
 * `flinkslot plan`'s work once its arguments are parsed, shared by the oclif command
 * (commands/plan.ts) and the fast path that starts without oclif (commands/plan-fast.ts).
 */
import { fetchJobAnswers } from './flink-rest.js';
import type { CommandShell } from './shell.js';
import { terminalStyle, useColor } from './terminal.js';

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

export async function runPlan(shell: CommandShell, file: string, flags: PlanFlags): Promise<void> {
  await shell.guarded(async () => {
    const color = useColor(flags.color);
    const core = await import('../../src/face/plan.js');
    const { isRestAddress } = await import('../../src/face/shell.js');
    const tmConfig = flags['tm-config'] === undefined ? undefined : await shell.readOrExit(flags['tm-config']);
    const rows = flags.json || flags.limit === 0 ? {} : { memberRows: flags.limit };
    const options = {
      execution: flags.execution,
      members: flags.members,
      ...rows,
      ...(tmConfig ? { tmConfig } : {}),
      ...(flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] }),
    };
    if (flags.format === 'dot' || flags.format === 'mermaid') {
      const input = await shell.readOrExit(file);
      const version = flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] };
      await shell.emit(core.planGraphFromText(input.text, input.file, flags.format, version), { json: false, color: false }, (t) => t);
      return;
    }
    let result;
    if (isRestAddress(file)) {
      const target = await shell.restTargetOrExit(file);
      if (target.jobId === undefined) {
        return shell.refuse(`${file} names no job: give http://HOST:PORT/jobs/JOBID (GET /jobs/overview lists them)`, 'rest/address');
      }
      const answers = await shell.restOrExit(() => fetchJobAnswers({ ...target, jobId: target.jobId! }));
      result = core.planLiveJob(answers, options);
    } else {
      const input = await shell.readOrExit(file);
      result = core.planFromText(input.text, input.file, options);
    }
    await shell.emit(result, { json: flags.json, color }, (report) =>
      core.renderPlanText(report, { style: terminalStyle(color), limit: flags.limit }),
    );
  });
}
