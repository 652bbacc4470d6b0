import { Args, Flags } from '@oclif/core';
import { FlinkslotCommand } from './support/base-command.js';
export default class Size extends FlinkslotCommand {
  static override summary = 'What to deploy: how many TaskManagers of which shape run the jobs, proven by the SlotManager.';

  static override description = `Plans each job graph, then runs the embedded SlotManager with the jobs declaring at once on a standalone cluster of N TaskManagers of a shape, searching for the least N on which every requirement is met. The proof is the two runs: met on N, not met on N - 1. Also prints, per resource, what the jobs use of the N TaskManagers and what stays idle.

With --tm-config the shape is given. Without it (or with --search) flinkslot tries the shapes within the limits (--tm-memory, --slot-range, --max-tm-memory, --max-tm-cpu, --node), sizes each and ranks them by the total memory asked, then CPU, or by price with --cost.

With --cluster and --max-parallelism-fit: the highest parallelism that cluster runs the job at, every vertex scaled with the widest (or only --vertex), and the adaptive scheduler's answer.

--slot-min says what every slot must hold (task-heap=512m,managed=1g); a job graph may say it per slot sharing group (slotMin), and a job that uses managed memory (RocksDB, batch operators, Python) gets a managed-memory floor by default. A shape whose slots hold less is rejected.

Exit codes: 0 ok, 1 no number of TaskManagers (of any shape tried) meets the requirements, the shape's slots are below the floor, or the cluster does not run the job at parallelism 1; 2 bad input or usage.`;

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
    'flink-version': Flags.string({ description: 'Flink release whose rules apply (1.10 to 2.2); replaces the files’ flinkVersion' }),
    color: Flags.boolean({ description: 'colour the text (default: on a terminal without NO_COLOR)', allowNo: true }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Size);
    // Loaded here, not with the command list: `--help` and the other commands do not load this one's core.
    const { runSize } = await import('./support/size-run.js');
    const code = await runSize(this.shell, { argv: argv as string[], flags }, this.runContext());
    if (code !== 0) this.exit(code);
  }
}
