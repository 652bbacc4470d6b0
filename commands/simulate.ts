import { Args, Flags } from '@oclif/core';
import type * as CoreModule from '../src/index.js';
import type { Result, SimulationReport } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
import { fetchClusterSnapshot } from './support/flink-rest.js';
import { readScenarioJobGraph } from './support/io.js';
import { ExitCode, terminalStyle, useColor } from './support/terminal.js';

export default class Simulate extends FlinkslotCommand {
  static override summary = "Run jobs' resource requirements against a cluster on an embedded copy of Flink's declarative SlotManager.";

  static override description = `Either a scenario file (cluster, jobs with submit times, a timeline of events), or
--cluster CLUSTER with job graph files, each planned as in \`plan\` and declared at time 0 in order.
Reports per job whether its requirements are met (partly met: the parallelism the adaptive
scheduler would run), which slots it got on which TaskManagers, and for anything missing the
closest TaskManager and the dimension it falls short in, or the limit that stopped a new worker.
Jobs are served first-come-first-served in the order they declare (FLIP-138's policy).

With --cluster http://HOST:8081 (a JobManager's REST address) the cluster is the running one:
its TaskManagers, the jobs holding slots (planned from their details, declaring first), its
release and configuration; then the new jobs. The answer: fits now, fits if these jobs stop,
or needs N more TaskManagers like one of its own. Credentials: FLINKSLOT_REST_TOKEN, or
FLINKSLOT_REST_USER and FLINKSLOT_REST_PASSWORD; FLINKSLOT_REST_TIMEOUT seconds per request.

Exit codes: 0 every requirement met at the end, 1 some not met, 2 bad input or usage, 70 internal error.`;

  static override examples = [
    '<%= config.bin %> simulate fixtures/scenarios/rolling-jobs.yaml',
    '<%= config.bin %> simulate --cluster fixtures/clusters/standalone-4x4.yaml fixtures/jobs/wordcount-streaming.yaml fixtures/jobs/twenty-vertices.json',
    '<%= config.bin %> simulate fixtures/scenarios/rolling-jobs.yaml --trace',
    '<%= config.bin %> simulate fixtures/scenarios/rolling-jobs.yaml --json',
    '<%= config.bin %> simulate --cluster http://localhost:8081 fixtures/jobs/keyed-window.yaml',
  ];

  static override strict = false;

  static override args = {
    files: Args.string({ description: 'a scenario file, or with --cluster the job graph files (- for stdin)', required: true }),
  };

  static override flags = {
    cluster: Flags.string({
      char: 'c',
      description:
        "cluster file (schemas/cluster.schema.json), or a running cluster's REST address http://HOST:8081; the arguments are then job graph files",
    }),
    json: Flags.boolean({
      description: 'print the result as JSON (schemas/simulation.schema.json; with variants, schemas/simulation-variants.schema.json)',
    }),
    trace: Flags.boolean({ description: 'also print every SlotManager decision in order' }),
    'flink-version': Flags.string({
      description: 'Flink release when the file names none (picks the SlotManager: declarative up to 1.17)',
    }),
    limit: Flags.integer({ description: 'TaskManager rows in the text report (0 = all)', default: 20, min: 0 }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Simulate);
    await this.guarded(async () => {
      const color = useColor(flags.color);
      const core = await import('../src/index.js');
      const files = argv as string[];
      const options = { trace: flags.trace, ...(flags['flink-version'] ? { flinkVersion: flags['flink-version'] } : {}) };
      let result;
      if (flags.cluster !== undefined && core.isRestAddress(flags.cluster)) {
        await this.liveCluster(core, flags.cluster, files, { ...flags, color });
        return;
      }
      if (flags.cluster !== undefined) {
        const cluster = await this.readOrExit(flags.cluster);
        const jobs = [];
        for (const f of files) jobs.push(await this.readOrExit(f));
        result = core.simulateJobsWithAdvice(cluster, jobs, options);
      } else {
        if (files.length !== 1) {
          return this.refuse('give one scenario file, or --cluster CLUSTER with job graph files');
        }
        const scenario = await this.readOrExit(files[0]!);
        const loadJobGraph = (path: string) => readScenarioJobGraph(path, scenario.file);
        result = core.simulateScenario(scenario, { ...options, loadJobGraph });
      }
      const limit = flags.limit === 0 ? Number.MAX_SAFE_INTEGER : flags.limit;
      const reports = await this.emitSimulation(
        core,
        result,
        flags.json,
        color,
        (r) =>
          r.map((x) => core.render({ kind: 'simulation', value: x }, 'text', { style: terminalStyle(color), limit })).join('\n\n') + '\n',
      );
      if (reports.some((r) => r.verdict !== 'met')) this.exit(ExitCode.NOT_MET);
    });
  }

  /** `--cluster http://HOST:8081`: the running cluster now, then the new jobs; exit 1 unless they fit now. */
  private async liveCluster(
    core: typeof CoreModule,
    address: string,
    files: string[],
    flags: { json: boolean; color: boolean; limit: number; 'flink-version'?: string | undefined },
  ): Promise<void> {
    const target = await this.restTargetOrExit(address);
    const jobs = [];
    for (const f of files) jobs.push(await this.readOrExit(f));
    const snapshot = await this.restOrExit(() => fetchClusterSnapshot(core, target.base));
    const result = snapshot.ok
      ? core.fitJobsOnLiveCluster(
          snapshot.value,
          jobs,
          flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] },
        )
      : snapshot;
    const limit = flags.limit === 0 ? Number.MAX_SAFE_INTEGER : flags.limit;
    const report = await this.emit(result, flags, (r) =>
      core.render({ kind: 'live-fit', value: r }, 'text', { style: terminalStyle(flags.color), limit }),
    );
    if (report.answer.kind !== 'fits-now') this.exit(ExitCode.NOT_MET);
  }

  /** One report as one JSON object; a scenario's variants as one object listing them. */
  private async emitSimulation(
    core: typeof CoreModule,
    result: Result<SimulationReport[]>,
    json: boolean,
    color: boolean,
    text: (r: SimulationReport[]) => string,
  ): Promise<SimulationReport[]> {
    if (json && result.ok) {
      const value = result.value.length === 1 ? result.value[0] : core.variantsReport(result.value);
      await this.writeOut(JSON.stringify(value, null, 2) + '\n');
      return result.value;
    }
    return this.emit(result, { json, color }, text);
  }
}
