import { Args, Flags } from '@oclif/core';
import type * as CoreModule from '../src/index.js';
import type { EmitFormat, Result, ShapeSearchReport, SizeReport } from '../src/index.js';
import { FlinkslotCommand } from './support/base-command.js';
import { searchOnThreads } from './support/size-search-threads.js';
import { ExitCode, safeText, terminalStyle, useColor } from './support/terminal.js';

export default class Size extends FlinkslotCommand {
  static override summary = 'What to deploy: how many TaskManagers of which shape run the jobs, proven by the SlotManager.';

  static override description = `Plans each job graph, then runs the embedded SlotManager with the jobs declaring at once on a
standalone cluster of N TaskManagers of a shape, searching for the least N on which every
requirement is met. The proof is the two runs: met on N, not met on N - 1. Also prints, per
resource, what the jobs use of the N TaskManagers and what stays idle.

With --tm-config the shape is given. Without it (or with --search) flinkslot tries the shapes
within the limits (--tm-memory, --slot-range, --max-tm-memory, --max-tm-cpu, --node), sizes each
and ranks them by the total memory asked, then CPU, or by price with --cost.

With --cluster and --max-parallelism-fit: the highest parallelism that cluster runs the job at,
every vertex scaled with the widest (or only --vertex), and the adaptive scheduler's answer.

--slot-min says what every slot must hold (task-heap=512m,managed=1g); a job graph may say it per
slot sharing group (slotMin), and a job that uses managed memory (RocksDB, batch operators,
Python) gets a managed-memory floor by default. A shape whose slots hold less is rejected.

Exit codes: 0 ok, 1 no number of TaskManagers (of any shape tried) meets the requirements, the
shape's slots are below the floor, or the cluster does not run the job at parallelism 1; 2 bad
input or usage.`;

  static override examples = [
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml --tm-config fixtures/config/flink-conf.yaml',
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml --tm-config fixtures/config/flink-conf.yaml --slots 4 --emit flinkdeployment > deployment.yaml',
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml fixtures/jobs/keyed-window.yaml --search --tm-memory 2g..8g --node 16cpu,64g',
    '<%= config.bin %> size fixtures/jobs/keyed-window.yaml --search --cost cpu=0.03,memory=0.004 --json',
    '<%= config.bin %> size fixtures/floors/keyed-rocksdb.yaml --search --slot-min task-heap=512m',
    '<%= config.bin %> size fixtures/jobs/wordcount-streaming.yaml --cluster fixtures/clusters/standalone-4x4.yaml --max-parallelism-fit',
  ];

  static override strict = false;

  static override args = {
    files: Args.string({ description: 'JobGraph files (YAML or JSON; Flink’s own JSON too)', required: true }),
  };

  static override flags = {
    'tm-config': Flags.string({
      description:
        'the TaskManager shape: flink-conf.yaml or config.yaml, a FlinkDeployment, a standalone manifest, or a cluster file (its default worker); with --search, the keys every shape starts from',
    }),
    slots: Flags.integer({ description: 'taskmanager.numberOfTaskSlots of the shape (replaces the configuration’s)', min: 1, max: 10000 }),
    search: Flags.boolean({ description: 'try shapes within the limits and rank them (the default without --tm-config)' }),
    'tm-memory': Flags.string({ description: 'process memory per TaskManager to try: a list (2g,4g) or a range (2g..16g; default)' }),
    'slot-range': Flags.string({ description: 'slots per TaskManager to try: 1..32 or a list (default 1,2,3,4,6,8,12,16,24,32)' }),
    'cpu-per-slot': Flags.string({ description: 'CPU cores per slot to try: one value or a list (0.5,1,2; default 1)' }),
    'max-tm-memory': Flags.string({ description: 'largest process memory of one TaskManager' }),
    'max-tm-cpu': Flags.integer({ description: 'most CPU cores of one TaskManager', min: 1 }),
    node: Flags.string({ description: 'Kubernetes node size, as 16cpu,64g: a TaskManager must fit one, and the nodes needed are counted' }),
    cost: Flags.string({ description: 'prices per hour, as cpu=0.03,memory=0.004 (per core, per GiB): rank by price' }),
    'slot-min': Flags.string({
      description:
        'what every slot must hold at least, as task-heap=512m,managed=1g (cpu, task-heap, task-off-heap, managed, network): a shape whose slots hold less is rejected; replaces the job graphs’ slotMin and the managed-memory default in the resources it names',
    }),
    limit: Flags.integer({ description: 'shapes listed in the text ranking (0 = all)', default: 10, min: 0 }),
    jobs: Flags.integer({
      char: 'j',
      description: 'threads for --search (default: one per core from 32 shapes, else one)',
      min: 1,
      max: 64,
    }),
    cluster: Flags.string({ description: 'with --max-parallelism-fit: the cluster the job must fit (any cluster kind simulate reads)' }),
    'max-parallelism-fit': Flags.boolean({
      description: 'the highest parallelism the --cluster runs the job at (every vertex scaled with the widest, or --vertex)',
      dependsOn: ['cluster'],
    }),
    vertex: Flags.string({
      description: 'with --max-parallelism-fit: scale only this vertex (id or name)',
      dependsOn: ['max-parallelism-fit'],
    }),
    json: Flags.boolean({
      description:
        'print the answer as one JSON object (schemas/size.schema.json, size-search.schema.json); with --emit, the file in `emitted`',
    }),
    emit: Flags.string({
      description:
        'print a file to deploy instead of the report (the best shape with --search): a FlinkDeployment or flink-conf.yaml keys, written into --base (or --tm-config) when that is one',
      options: ['flinkdeployment', 'flink-conf'],
    }),
    base: Flags.string({
      description:
        'with --emit: the FlinkDeployment or flink-conf.yaml / config.yaml to write the answer into, only its sizing changed (default: --tm-config when it is of that kind)',
      dependsOn: ['emit'],
    }),
    report: Flags.string({
      description: 'with --search: also write an HTML page with the jobs and the ranked shapes to this file (as `flinkslot report`)',
    }),
    'flink-version': Flags.string({ description: 'Flink release whose rules apply (1.10 to 2.2); replaces the files’' }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Size);
    await this.guarded(async () => {
      const color = useColor(flags.color);
      const core = await import('../src/index.js');
      const jobs = [];
      for (const file of argv as string[]) jobs.push(await this.readOrExit(file));
      const tmConfig = flags['tm-config'] === undefined ? undefined : await this.readOrExit(flags['tm-config']);
      const version = flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] };
      const emit = flags.emit as EmitFormat | undefined;
      const base = flags.base === undefined ? undefined : await this.readOrExit(flags.base);
      if (flags['max-parallelism-fit']) {
        if (jobs.length !== 1) return this.refuse('--max-parallelism-fit takes one job graph');
        if (flags.report !== undefined) return this.refuse('--report draws the shapes of --search, not --max-parallelism-fit');
        const cluster = await this.readOrExit(flags.cluster!);
        const options = { ...version, ...(flags.vertex === undefined ? {} : { vertex: flags.vertex }) };
        const result = core.maxParallelismFit(cluster, jobs[0]!, options);
        const report = await this.emit(result, { json: flags.json, color }, (r) =>
          core.render({ kind: 'parallelism-fit', value: r }, 'text', { cluster: cluster.file, style: terminalStyle(color) }),
        );
        if (report.highest === null) this.exit(ExitCode.NOT_MET);
        return;
      }
      if (tmConfig !== undefined && !flags.search) {
        if (flags.report !== undefined) {
          return this.refuse('--report draws the shapes of --search; for one shape on a cluster use `flinkslot report --cluster`');
        }
        const options = {
          ...version,
          emit: emit !== undefined,
          ...(flags.slots === undefined ? {} : { slots: flags.slots }),
          ...(flags['slot-min'] === undefined ? {} : { slotMin: flags['slot-min'] }),
        };
        const result = await this.neverMetExits(core.sizeJobs(tmConfig, jobs, options), color);
        const rejections = result.ok ? result.value.rejections : [];
        if (emit !== undefined && rejections.length > 0)
          return this.failWith([core.sizeRejectionError(rejections)], color, ExitCode.NOT_MET);
        if (emit !== undefined && result.ok)
          return this.emitFile(core, result.value, result.value, { emit, base, tmConfig, json: flags.json, color });
        await this.emit(result, { json: flags.json, color }, (report) =>
          core.render({ kind: 'size', value: report }, 'text', { style: terminalStyle(color) }),
        );
        // Slots below the floor, or TaskManagers that cannot serve the tasks' network buffers: no number of these TaskManagers is an answer (exit 1, as never met).
        if (rejections.length > 0) this.exit(ExitCode.NOT_MET);
        return;
      }
      await this.search(core, tmConfig, jobs, { ...version, emit, base, json: flags.json, color, flags });
    });
  }

  private async search(
    core: typeof CoreModule,
    base: { text: string; file: string } | undefined,
    jobs: { text: string; file: string }[],
    o: {
      flinkVersion?: string;
      emit: EmitFormat | undefined;
      base: { text: string; file: string } | undefined;
      json: boolean;
      color: boolean;
      flags: Record<string, unknown>;
    },
  ): Promise<void> {
    const f = o.flags;
    const pick = <T>(key: string, name: string): Record<string, T> => (f[key] === undefined ? {} : { [name]: f[key] as T });
    const options = {
      ...(o.flinkVersion === undefined ? {} : { flinkVersion: o.flinkVersion }),
      ...pick<string>('tm-memory', 'tmMemory'),
      ...pick<string>('slot-range', 'slotRange'),
      ...pick<string>('cpu-per-slot', 'cpuPerSlot'),
      ...pick<string>('max-tm-memory', 'maxTmMemory'),
      ...pick<number>('max-tm-cpu', 'maxTmCpu'),
      ...pick<string>('node', 'node'),
      ...pick<string>('cost', 'cost'),
      ...pick<string>('slot-min', 'slotMin'),
    };
    // A bar on a terminal only: not in a pipe, a CI log or --json.
    const bar = process.stderr.isTTY === true && !o.json ? progressBar() : undefined;
    const result = await searchOnThreads({ base, jobGraphs: jobs, options }, f.jobs as number | undefined, bar);
    if (bar !== undefined) process.stderr.write('\r\u001b[K');
    if (result.ok && typeof f.report === 'string') await this.writeReport(core, f.report, { jobs, search: result.value }, o);
    if (result.ok && result.value.shapes.length === 0) return this.failWith(core.noShapeRuns(result.value), o.color, ExitCode.NOT_MET);
    if (o.emit !== undefined && result.ok) {
      const best = result.value.shapes[0]!.size;
      return this.emitFile(core, result.value, best, { emit: o.emit, base: o.base, tmConfig: base, json: o.json, color: o.color });
    }
    await this.emit(result, { json: o.json, color: o.color }, (report) =>
      core.render({ kind: 'shape-search', value: report }, 'text', { style: terminalStyle(o.color), limit: f.limit as number }),
    );
  }

  /**
   * `--emit`: the file on stdout (with --json, inside the report as `emitted`); when it is the
   * user's file patched, what changed on stderr.
   */
  private async emitFile(
    core: typeof CoreModule,
    report: object,
    sized: SizeReport,
    o: {
      emit: EmitFormat;
      base: { text: string; file: string } | undefined;
      tmConfig: { text: string; file: string } | undefined;
      json: boolean;
      color: boolean;
    },
  ): Promise<void> {
    const base = core.emitBase(o.emit, o.base, o.tmConfig);
    if (!base.ok) return this.failWith(base.diagnostics, o.color);
    const emitted = core.emitSized(sized, o.emit, base.value);
    if (!emitted.ok) return this.failWith(emitted.diagnostics, o.color);
    if (o.json) return this.writeOut(JSON.stringify({ ...report, emitted: emitted.value }, null, 2) + '\n');
    process.stderr.write(safeText(core.renderEmitSummary(sized, emitted.value)));
    await this.writeOut(safeText(emitted.value.text));
  }

  /** `--report FILE`: the jobs and the candidates chart, as `flinkslot report` draws them. */
  private async writeReport(
    core: typeof CoreModule,
    file: string,
    what: { jobs: { text: string; file: string }[]; search: ShapeSearchReport },
    o: { flinkVersion?: string; color: boolean },
  ): Promise<void> {
    // Not the base's configuration: its memory is not any shape's, so its bytes per operator would mislead.
    const page = core.reportFromTexts({
      files: what.jobs,
      search: what.search,
      generator: `flinkslot ${this.config.version}`,
      ...(o.flinkVersion === undefined ? {} : { flinkVersion: o.flinkVersion }),
    });
    if (!page.ok) return this.failWith(page.diagnostics, o.color);
    await this.writeFileOrExit(file, page.value.html);
  }

  /** No number of TaskManagers meets the requirements: the checked property does not hold, exit 1. */
  private async neverMetExits<T>(result: Result<T>, color: boolean): Promise<Result<T>> {
    if (!result.ok && result.diagnostics.some((d) => d.code === 'size/never-met'))
      await this.failWith(result.diagnostics, color, ExitCode.NOT_MET);
    return result;
  }
}

/** `[#####     ] 37/208 shapes` on one terminal line, redrawn at most 20 times a second. */
function progressBar(): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    if (done < total && now - last < 50) return;
    last = now;
    const filled = Math.round((done / total) * 30);
    process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(30 - filled)}] ${done}/${total} shapes`);
  };
}
