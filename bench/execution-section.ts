/** The benchmark's "Execution level" section: runs the subtask-level cases and `plan --execution`, prints the tables and target rows. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { count, mb, median, ms, table } from './format.js';
import {
  type ExecCaseSpec,
  EXEC_CASES,
  EXEC_PLAN_WALL_TARGET_MS,
  EXEC_CLI_RUNS,
  FLINK_REFERENCE,
  type ExecCaseResult,
} from './execution-cases.js';
import { type CliTiming, timeCli, spawnCase } from './child-process.js';
import { verdict } from './format.js';

interface ExecOutcome {
  spec: ExecCaseSpec;
  file: string;
  result: ExecCaseResult | undefined;
  crash?: { stage: string; reason: string };
}

function runExecChild(spec: ExecCaseSpec, file: string): ExecOutcome {
  return { spec, file, ...spawnCase<ExecCaseResult>(['--exec-case', spec.name, file], spec.timeoutMs) };
}
// ---- execution level ----

function check(actual: number | undefined, expected: number | undefined): string {
  if (expected === undefined) return actual === undefined ? '' : `≠ none: ${count(actual)}`;
  if (actual === undefined) return `expected ${count(expected)}`;
  return actual === expected ? '' : `≠ ${count(expected)}`;
}

interface ExecSection {
  outcomes: ExecOutcome[];
  cli: CliTiming | undefined;
  cliSpec: ExecCaseSpec | undefined;
}

/** Writes every case's job graph to a temp dir, runs the cases and the CLI, prints the tables. */
export function executionSection(): ExecSection {
  const dir = mkdtempSync(join(os.tmpdir(), 'flinkslot-bench-exec-'));
  const outcomes: ExecOutcome[] = [];
  let cli: CliTiming | undefined;
  const cliSpec = EXEC_CASES.find((c) => c.cli === true);
  try {
    const files = new Map(EXEC_CASES.map((spec) => [spec.name, join(dir, `${spec.name}.json`)]));
    for (const spec of EXEC_CASES) writeFileSync(files.get(spec.name)!, JSON.stringify(spec.generate()) + '\n');
    for (const spec of EXEC_CASES) {
      process.stderr.write(`… ${spec.name} (--execution)\n`);
      outcomes.push(runExecChild(spec, files.get(spec.name)!));
    }
    if (cliSpec !== undefined) {
      process.stderr.write(`… plan ${cliSpec.name}.json --execution\n`);
      cli = timeCli(
        `plan --execution (${cliSpec.name})`,
        ['bin/run.js', 'plan', files.get(cliSpec.name)!, '--execution'],
        EXEC_PLAN_WALL_TARGET_MS,
        EXEC_CLI_RUNS,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  console.log('Execution level (plan --execution)');
  console.log(
    "Flink's scheduler benchmark topology (flink-runtime/src/test/java/org/apache/flink/runtime/scheduler/benchmark): source → sink, one ALL_TO_ALL edge",
  );
  console.log(
    '(PIPELINED in streaming mode, BLOCKING in batch mode), plus a POINTWISE chain; Flink 1.20 rules, default slot sharing (LOCAL_INPUT_PREFERRED).',
  );
  console.log(
    `Each job graph written as JSON to ${join(os.tmpdir(), 'flinkslot-bench-exec-*')}; input = analyzeJob(jobGraphFromData(JSON.parse(file)).value).value.`,
  );
  console.log('');
  console.log(
    table(
      ['case', 'job', 'subtasks', 'regions', 'shared slots', 'batch peak', 'waves', 'largest region', 'check'],
      outcomes.map(({ spec, result: r }) => {
        const mismatches = [
          ['regions', check(r?.regions, spec.expected.regions)],
          ['shared slots', check(r?.sharedSlots, spec.expected.sharedSlots)],
          ['batch peak', check(r?.batchPeakSlots, spec.expected.batchPeak)],
        ].filter(([, m]) => m !== '');
        return [
          spec.name,
          spec.shape,
          count(r?.subtasks),
          count(r?.regions),
          count(r?.sharedSlots),
          r?.batchPeakSlots === undefined ? 'n/a' : count(r.batchPeakSlots),
          count(r?.batchWaves),
          count(r?.largestRegionSlots),
          r?.regions === undefined
            ? '—'
            : mismatches.length === 0
              ? 'as expected'
              : `UNEXPECTED ${mismatches.map(([k, m]) => `${k} ${m}`).join(', ')}`,
        ];
      }),
      2,
    ),
  );
  console.log(
    'Expected (Flink): streaming p × p: 1 region, p shared slots (source and sink share the default group); batch p × p: 2p one-subtask regions,',
  );
  console.log(
    '2p shared slots (batch mode: one slot sharing group per logical region), peak p slots (sources, then sinks); chain n × q: q regions, q slots.',
  );
  console.log('');

  const runs = EXEC_CASES[0]!;
  console.log(
    `analyzeExecution (topology + scheduling regions + co-location + execution slot sharing + slot profiles + batch peak); median of ${runs.runs} runs after ${runs.warmups} warm-up`,
  );
  console.log(
    table(
      [
        'case',
        'analyzeJob',
        'analyzeExecution',
        'min',
        'max',
        'peak heap',
        'peak arrayBuffers',
        'RSS before',
        'peak RSS',
        'status',
        'target',
      ],
      outcomes.map(({ spec, result: r, crash }) => {
        const m = r === undefined || r.runs.length === 0 ? undefined : median(r.runs);
        const targets: string[] = [];
        if (spec.targetMs !== undefined)
          targets.push(`≤ ${ms(spec.targetMs)}: ${m === undefined ? 'n/a' : m <= spec.targetMs ? 'met' : 'MISSED'}`);
        if (spec.targetBytes !== undefined)
          targets.push(
            `RSS ≤ ${mb(spec.targetBytes)}: ${r === undefined || r.peakRssBytes === 0 ? 'n/a' : r.peakRssBytes <= spec.targetBytes ? 'met' : 'MISSED'}`,
          );
        return [
          spec.name,
          ms(r?.analyzeJobMs),
          ms(m),
          ms(r === undefined || r.runs.length === 0 ? undefined : Math.min(...r.runs)),
          ms(r === undefined || r.runs.length === 0 ? undefined : Math.max(...r.runs)),
          mb(r?.peakHeapBytes),
          mb(r?.peakArrayBuffersBytes),
          mb(r?.rssBeforeBytes),
          mb(r?.peakRssBytes),
          crash ? `CRASH in ${crash.stage}` : r?.failure ? `ERROR in ${r.failure.stage}` : 'ok',
          targets.join('; '),
        ];
      }),
    ),
  );
  console.log(
    'peak heap / arrayBuffers: largest heapUsed / arrayBuffers (typed arrays live outside the JS heap) sampled after each analyzeExecution run, results alive;',
  );
  console.log(
    "RSS before: maxRSS once the input is read and analyzeJob has run; peak RSS: the case process's maxRSS (Node itself included).",
  );
  for (const { spec, result, crash } of outcomes) {
    if (crash) console.log(`! ${spec.name}: process died during ${crash.stage}: ${crash.reason}`);
    if (result?.failure) console.log(`! ${spec.name}: ${result.failure.stage} threw ${result.failure.message}`);
  }
  console.log(`reference: ${FLINK_REFERENCE}`);
  console.log('');

  if (cli !== undefined && cliSpec !== undefined) {
    console.log(
      `Whole process, plan --execution (${EXEC_CLI_RUNS} runs after 1 warm-up; spawnSync; the file is ${cliSpec.name}.json from the temp dir)`,
    );
    console.log(
      table(
        ['command', 'min', 'median', 'max', 'exit', 'target'],
        [
          [
            `node bin/run.js plan ${cliSpec.name}.json --execution`,
            ms(Math.min(...cli.times)),
            ms(median(cli.times)),
            ms(Math.max(...cli.times)),
            String(cli.status),
            `median ≤ ${ms(EXEC_PLAN_WALL_TARGET_MS)}: ${median(cli.times) <= EXEC_PLAN_WALL_TARGET_MS ? 'met' : 'MISSED'}`,
          ],
        ],
      ),
    );
    if (cli.status !== 0) console.log(`! ${cli.command} exited ${cli.status}: ${cli.stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
    else {
      const lines = cli.stdout.split('\n').filter((l) => /^\s*(Execution \(|Scheduling regions:|Shared slots|Batch peak:)/.test(l));
      console.log('its report says:');
      for (const l of lines) console.log(`  ${l.trim()}`);
    }
    console.log('');
  }
  return { outcomes, cli, cliSpec };
}
export function execTargetRows({ outcomes, cli, cliSpec }: ExecSection): string[][] {
  const rows: string[][] = [];
  for (const { spec, result: r, crash } of outcomes) {
    const failed = crash !== undefined || r?.failure !== undefined;
    const m = r === undefined || r.runs.length === 0 ? undefined : median(r.runs);
    if (spec.targetMs !== undefined) {
      rows.push([`${spec.name}: analyzeExecution (median)`, ms(spec.targetMs), ms(m), failed ? 'failed' : verdict(m, spec.targetMs)]);
    }
    if (spec.targetBytes !== undefined) {
      const rss = r === undefined || r.peakRssBytes === 0 ? undefined : r.peakRssBytes;
      rows.push([
        `${spec.name}: peak RSS of the case process`,
        mb(spec.targetBytes),
        mb(rss),
        failed ? 'failed' : verdict(rss, spec.targetBytes),
      ]);
    }
  }
  if (cli !== undefined && cliSpec !== undefined) {
    const m = median(cli.times);
    rows.push([
      `${cliSpec.name}: plan --execution, whole process (median wall)`,
      ms(EXEC_PLAN_WALL_TARGET_MS),
      ms(m),
      cli.status === 0 ? verdict(m, EXEC_PLAN_WALL_TARGET_MS) : `command failed (exit ${cli.status})`,
    ]);
  }
  return rows;
}
