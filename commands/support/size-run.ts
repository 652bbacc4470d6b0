/**
 * `flinkslot size`'s work once its command line is read, shared by the oclif command
 * (commands/size.ts) and the fast path (commands/fast.ts); the exit code is the shell's.
 */
import * as core from '../../src/face/size.js';
import type { EmitFormat, EmitRequest, ShapeSearchReport, SizeResult } from '../../src/face/size.js';
import type { RunContext } from './command-line.js';
import type { CommandShell } from './shell.js';
import { searchOnThreads } from './size-search-threads.js';
import { useColor } from './terminal.js';

export interface SizeFlags {
  readonly 'tm-config'?: string | undefined;
  readonly slots?: number | undefined;
  readonly search?: boolean | undefined;
  readonly 'tm-memory'?: string | undefined;
  readonly 'slot-range'?: string | undefined;
  readonly 'cpu-per-slot'?: string | undefined;
  readonly 'max-tm-memory'?: string | undefined;
  readonly 'max-tm-cpu'?: number | undefined;
  readonly node?: string | undefined;
  readonly cost?: string | undefined;
  readonly 'slot-min'?: string | undefined;
  readonly limit: number;
  readonly jobs?: number | undefined;
  readonly cluster?: string | undefined;
  readonly 'max-parallelism-fit'?: boolean | undefined;
  readonly vertex?: string | undefined;
  readonly json?: boolean | undefined;
  readonly emit?: string | undefined;
  readonly base?: string | undefined;
  readonly report?: string | undefined;
  readonly 'flink-version'?: string | undefined;
  readonly color?: boolean | undefined;
}

/** Runs `size FILES`; the exit code. */
export async function runSize(
  shell: CommandShell,
  line: { argv: readonly string[]; flags: SizeFlags },
  context: RunContext,
): Promise<number> {
  const { flags } = line;
  return shell.run({ json: flags.json === true, color: useColor(flags.color) }, async () => {
    const jobs = await shell.readAllOrExit(line.argv);
    const tmConfig = flags['tm-config'] === undefined ? undefined : await shell.readOrExit(flags['tm-config']);
    const version = flags['flink-version'] === undefined ? {} : { flinkVersion: flags['flink-version'] };
    const format = flags.emit as EmitFormat | undefined;
    const base = flags.base === undefined ? undefined : await shell.readOrExit(flags.base);
    const emit = format === undefined ? undefined : { format, base, tmConfig };
    if (flags['max-parallelism-fit']) {
      if (jobs.length !== 1) return shell.refuse('--max-parallelism-fit takes one job graph');
      if (flags.report !== undefined) return shell.refuse('--report draws the shapes of --search, not --max-parallelism-fit');
      const cluster = await shell.readOrExit(flags.cluster!);
      const options = { ...version, ...(flags.vertex === undefined ? {} : { vertex: flags.vertex }) };
      return core.parallelismFitResult(core.maxParallelismFit(cluster, jobs[0]!, options), cluster.file);
    }
    if (tmConfig !== undefined && !flags.search) {
      if (flags.report !== undefined) {
        return shell.refuse('--report draws the shapes of --search; for one shape on a cluster use `flinkslot report --cluster`');
      }
      const options = {
        ...version,
        emit: emit !== undefined,
        ...(flags.slots === undefined ? {} : { slots: flags.slots }),
        ...(flags['slot-min'] === undefined ? {} : { slotMin: flags['slot-min'] }),
      };
      return core.sizeResult(core.sizeJobs(tmConfig, jobs, options), emit);
    }
    return search(shell, context, tmConfig, jobs, { ...version, emit, json: flags.json === true, flags });
  });
}

async function search(
  shell: CommandShell,
  context: RunContext,
  base: { text: string; file: string } | undefined,
  jobs: { text: string; file: string }[],
  o: { flinkVersion?: string; emit: EmitRequest | undefined; json: boolean; flags: SizeFlags },
): Promise<SizeResult> {
  const f = o.flags as unknown as Readonly<Record<string, unknown>>;
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
  const result = await searchOnThreads({ base, jobGraphs: jobs, options }, o.flags.jobs, bar);
  if (bar !== undefined) process.stderr.write('\r\u001b[K');
  if (result.ok && typeof o.flags.report === 'string') await writeReport(shell, context, o.flags.report, { jobs, search: result.value }, o);
  return core.searchResult(result, { limit: o.flags.limit, emit: o.emit });
}

/** `--report FILE`: the jobs and the candidates chart, as `flinkslot report` draws them. */
async function writeReport(
  shell: CommandShell,
  context: RunContext,
  file: string,
  what: { jobs: { text: string; file: string }[]; search: ShapeSearchReport },
  o: { flinkVersion?: string },
): Promise<void> {
  const { reportFromTexts } = await import('../../src/face/report.js');
  // Not the base's configuration: its memory is not any shape's, so its bytes per operator would mislead.
  const page = reportFromTexts({
    files: what.jobs,
    search: what.search,
    generator: `flinkslot ${context.version}`,
    ...(o.flinkVersion === undefined ? {} : { flinkVersion: o.flinkVersion }),
  });
  if (!page.ok) return shell.fail(page.diagnostics);
  await shell.writeFileOrExit(file, page.value.html);
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
