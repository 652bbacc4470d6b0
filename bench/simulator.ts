/**
 * SlotManager simulator benchmark: `runScenario` on generated clusters, jobs and timelines (part of
 * `npm run bench`; also `node dist/bench/simulator.js` alone). Not a test: it prints figures.
 *
 * Issue target: 10,000 TaskManagers × 8 slots, 1,000 jobs, 100,000 events in ≤ 1 s; the same
 * doubled (20,000 / 2,000 / 200,000) in ≤ 2.2× the first.
 *
 * Inputs (deterministic: a seeded PRNG, no Math.random; built as `Scenario` values, no file parsing):
 * - cluster: N TaskManagers registered at t = 0, each total = 8 × (1 CPU, 1 GiB task heap, 512 MiB
 *   managed, 128 MiB network), default slot = total / 8 (fine-grained: dynamic slots; declarative:
 *   8 static slots). Default worker = the same TaskManager. Flink's default delays (requirement check
 *   50 ms, declare 50 ms, TaskManager timeout 30 s, slot idle timeout 50 s, worker start-up 10 s).
 * - jobs: UNKNOWN requirements, counts 20..110 (≈ 65 slots a job, ≈ 80 % of the slots), submitted
 *   evenly over the first 100 s (one every 100 ms at 1,000 jobs).
 * - events: spread evenly over 1,000 s (one every 10 ms at 100,000), so the doubled input is the
 *   first one twice over, side by side, with the same work per event. ≈ 97 % `declare` (a submitted job's count moves 1..15 up or down within
 *   20..120, drifting back to where it started); ≈ 2 % `finishJob` of a running job, which comes
 *   back 5..60 s later through a `declare` (the re-submission is one of the events); ≈ 0.25 %
 *   `unregisterTaskManager` of a live TaskManager and ≈ 0.25 % `registerTaskManager` of a spare
 *   TaskManager (defined in the cluster without registerAt, so only the event registers it).
 *   No `freeSlot`: which TaskManager holds a job's slot is only known by simulating; lowered
 *   declarations return slots instead (the JobMaster frees the excess after slot.idle.timeout).
 *
 * Each case runs in its own child process (`--sim-case NAME`, with --expose-gc): the scenario is
 * generated once, then 1 warm-up + 3 timed `runScenario` runs without a decision trace (median; that
 * is what `flinkslot simulate` runs), then one run recording the trace (`--trace`), timed once and
 * checked against the counters, then one `buildSimulationReport(simulationOutcome(run, false))` timed on its own.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, mb, median, ms, table } from './format.js';
import {
  type SimCaseSpec,
  SIM_TARGET_MS,
  SIM_DOUBLED_RATIO,
  SIM_CASES,
  PAIRS,
  SLOW_WARMUP_MS,
  SKIP_DOUBLED_AFTER_MS,
} from './simulator-cases.js';
import { TIMELINE_MS, SUBMIT_WINDOW_MS } from './simulator-generate.js';
import { type SimCaseResult, runSimCase } from './simulator-case.js';

const SELF = fileURLToPath(import.meta.url);
// ---------------------------------------------------------------------------------------------
// Parent: spawn the cases, print the section

export interface SimOutcome {
  spec: SimCaseSpec;
  result: SimCaseResult | undefined;
  crash?: { stage: string; reason: string };
  skipped?: string;
}

function spawnSimCase(spec: SimCaseSpec): SimOutcome {
  const child = spawnSync(process.execPath, ['--expose-gc', SELF, '--sim-case', spec.name], {
    encoding: 'utf8',
    timeout: spec.timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = (child.stdout ?? '').split('\n');
  const last = [...lines].reverse().find((l) => l.startsWith('@@result ') || l.startsWith('@@partial '));
  const result = last === undefined ? undefined : (JSON.parse(last.slice(last.indexOf(' ') + 1)) as SimCaseResult);
  if (lines.some((l) => l.startsWith('@@result ')) && child.status === 0) return { spec, result };
  const stderr = child.stderr ?? '';
  const stages = [...stderr.matchAll(/^@@stage (.+)$/gm)];
  const at = stages.length > 0 ? stages[stages.length - 1]![1]! : 'startup';
  let reason: string;
  if ((child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') reason = `timed out after ${spec.timeoutMs / 1000} s`;
  else if (/heap out of memory/i.test(stderr)) reason = 'JavaScript heap out of memory';
  else
    reason =
      stderr
        .split('\n')
        .find((l) => /Error|FATAL/.test(l) && !l.startsWith('@@'))
        ?.trim() ?? `exit status ${child.status}, signal ${child.signal}`;
  return { spec, result, crash: { stage: at, reason } };
}

/**
 * Rounds: every case is run this many times, round-robin (10k, 20k, …, 10k, 20k, …), and its figure
 * is the median over all rounds' timed runs. The machine's speed drifts by tens of percent over
 * minutes; alternating keeps the drift from landing on one case of a pair and skewing the ratio.
 */
const ROUNDS = 2;

/** Several rounds of one case as one outcome: all timed runs, the outcome columns of the last round. */
function combineRounds(rounds: readonly SimOutcome[]): SimOutcome {
  const last = rounds[rounds.length - 1]!;
  const failed = rounds.find((r) => r.crash !== undefined || r.skipped !== undefined || r.result?.failure !== undefined);
  if (failed !== undefined || last.result === undefined) return failed ?? last;
  return { ...last, result: { ...last.result, runs: rounds.flatMap((r) => r.result?.runs ?? []) } };
}

function medianOf(o: SimOutcome | undefined): number | undefined {
  return o?.result === undefined || o.result.runs.length === 0 ? undefined : median(o.result.runs);
}

/** Rows for the benchmark's Targets table. */
export function simulatorTargetRows(outcomes: readonly SimOutcome[]): string[][] {
  const byName = new Map(outcomes.map((o) => [o.spec.name, o]));
  const rows: string[][] = [];
  const verdict = (v: number | undefined, limit: number): string =>
    v === undefined ? 'not measured' : v <= limit ? 'met' : `MISSED (${(v / limit).toFixed(1)}× the target)`;
  for (const [first, doubled, targeted] of PAIRS) {
    const a = medianOf(byName.get(first));
    const b = medianOf(byName.get(doubled));
    const ratio = a === undefined || b === undefined ? undefined : b / a;
    const ratioText = ratio === undefined ? '—' : `${ratio.toFixed(2)}×`;
    if (!targeted) {
      rows.push([`simulator ${first}: runScenario (median)`, '—', ms(a), 'no target (information)']);
      rows.push([`simulator ${doubled} / ${first} (medians)`, '—', ratioText, 'no target (information)']);
      continue;
    }
    rows.push([`simulator ${first}: runScenario (median)`, ms(SIM_TARGET_MS), ms(a), verdict(a, SIM_TARGET_MS)]);
    rows.push([
      `simulator ${doubled} / ${first} (medians)`,
      `${SIM_DOUBLED_RATIO.toFixed(1)}×`,
      ratioText,
      ratio === undefined ? 'not measured' : ratio <= SIM_DOUBLED_RATIO ? 'met' : 'MISSED',
    ]);
  }
  return rows;
}

/** Runs every case in a child process and prints the "SlotManager simulator" section. */
export function simulatorSection(names?: readonly string[]): SimOutcome[] {
  const specs = names === undefined || names.length === 0 ? SIM_CASES : SIM_CASES.filter((c) => names.includes(c.name));
  const rounds = new Map<string, SimOutcome[]>(specs.map((spec) => [spec.name, []]));
  const outcomes: SimOutcome[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of specs) {
      const earlier = rounds.get(spec.name)!;
      if (earlier.some((o) => o.crash !== undefined || o.skipped !== undefined)) continue;
      // A case slower than the skip limit gets no second round, and its doubled case no run at all.
      if (earlier.length > 0 && (medianOf(combineRounds(earlier)) ?? 0) > SKIP_DOUBLED_AFTER_MS) continue;
      const firstName = PAIRS.find(([, doubled]) => doubled === spec.name)?.[0];
      const firstRounds = firstName === undefined ? [] : (rounds.get(firstName) ?? []);
      const first = firstRounds.length === 0 ? undefined : combineRounds(firstRounds);
      if (first !== undefined && (first.crash !== undefined || (medianOf(first) ?? Infinity) > SKIP_DOUBLED_AFTER_MS)) {
        process.stderr.write(`… ${spec.name}: skipped (${firstName} took > ${SKIP_DOUBLED_AFTER_MS / 1000} s)\n`);
        earlier.push({ spec, result: undefined, skipped: `skipped: ${firstName} took > ${SKIP_DOUBLED_AFTER_MS / 1000} s` });
        continue;
      }
      process.stderr.write(`… ${spec.name} (round ${round} of ${ROUNDS})\n`);
      earlier.push(spawnSimCase(spec));
    }
  }
  for (const spec of specs) outcomes.push(combineRounds(rounds.get(spec.name)!));
  const first = SIM_CASES[0]!;
  console.log('SlotManager simulator (runScenario)');
  console.log(
    `Generated scenarios (seeded PRNG), built as Scenario values: TaskManagers of 8 × (1 CPU, 1 GiB heap, 512 MiB managed, 128 MiB network) registered at 0;`,
  );
  console.log(
    `jobs with UNKNOWN requirements (20..110 slots), submitted evenly over the first ${SUBMIT_WINDOW_MS / 1000} s; the events spread evenly over ${TIMELINE_MS / 1000} s (declare up/down,`,
  );
  console.log(
    'finishJob + re-submit, unregister / register of spare TaskManagers): a doubled input is the first one twice over, side by side.',
  );
  console.log('Flink defaults: requirement check 50 ms, TaskManager timeout 30 s, slot idle timeout 50 s, worker start-up 10 s.');
  console.log(
    `method: one child process per case and round (--expose-gc, ${SIM_CASES[0]!.timeoutMs / 1000} s timeout), ${ROUNDS} rounds round-robin; per round ${first.runs} timed runScenario runs after ${first.warmups} warm-up;`,
  );
  console.log(
    `the figure is the median of all rounds' runs (min / max over them too); a warm-up over ${SLOW_WARMUP_MS / 1000} s is the only run`,
  );
  console.log(`(cold figure); a doubled case is skipped when its first size took over ${SKIP_DOUBLED_AFTER_MS / 1000} s.`);
  console.log('');
  console.log(
    table(
      [
        'case',
        'SM',
        'RM',
        'TMs',
        'slots',
        'jobs',
        'demand',
        'events',
        'declare',
        're-submit',
        'finish',
        'unreg',
        'reg',
        'timeline',
        'generate',
      ],
      outcomes.map(({ spec, result: r }) => [
        spec.name,
        spec.slotManager,
        spec.allocation,
        count(spec.taskManagers),
        count(r?.clusterSlots),
        count(spec.jobs),
        count(r?.initialDemand),
        count(spec.events),
        count(r?.eventKinds.declare),
        count(r?.eventKinds['declare (re-submit)']),
        count(r?.eventKinds.finishJob),
        count(r?.eventKinds.unregisterTaskManager),
        count(r?.eventKinds.registerTaskManager),
        r === undefined ? '—' : `${r.timelineMs / 1000} s`,
        ms(r?.generateMs),
      ]),
      3,
    ),
  );
  console.log(
    "demand: sum of the jobs' initial counts (slots); reg: spare TaskManagers defined without registerAt, registered by the event.",
  );
  console.log('');
  console.log(
    table(
      [
        'case',
        'warm-up',
        'min',
        'median',
        'max',
        'events/s',
        'with trace',
        'met jobs',
        'acquired',
        'allocations',
        'frees',
        'TMs at end',
        'workers started',
        'trace',
        'end time',
        'heap scenario',
        'heap run',
        'peak RSS',
        'report',
        'status',
      ],
      outcomes.map(({ spec, result: r, crash, skipped }) => {
        const m = r === undefined || r.runs.length === 0 ? undefined : median(r.runs);
        return [
          spec.name,
          ms(r?.warmupMs),
          ms(r === undefined || r.runs.length === 0 ? undefined : Math.min(...r.runs)),
          ms(m),
          ms(r === undefined || r.runs.length === 0 ? undefined : Math.max(...r.runs)),
          m === undefined ? '—' : count(Math.round((spec.events / m) * 1000)),
          ms(r?.tracedMs),
          r?.metJobs === undefined ? '—' : `${count(r.metJobs)} / ${count(r.jobsWithRequirements)}`,
          count(r?.acquiredSlots),
          count(r?.slotAllocations),
          count(r?.slotFrees),
          count(r?.registeredTaskManagers),
          count(r?.workersStarted),
          count(r?.traceEntries),
          r?.endTime === undefined ? '—' : `${(r.endTime / 1000).toFixed(1)} s`,
          mb(r?.heapScenarioBytes),
          mb(r?.heapRunBytes),
          mb(r?.peakRssBytes),
          ms(r?.reportMs),
          skipped ??
            (crash
              ? `CRASH in ${crash.stage}`
              : r?.failure
                ? `ERROR in ${r.failure.stage}`
                : r?.traceMismatch
                  ? 'TRACE MISMATCH'
                  : r?.coldOnly
                    ? 'ok (1 cold run)'
                    : 'ok'),
        ];
      }),
    ),
  );
  console.log(
    'events/s: timeline events / median runScenario time. met jobs: jobs with requirements at the end whose requirements are all met / jobs with requirements.',
  );
  console.log(
    'runScenario without a trace, as `flinkslot simulate` runs it; with trace: one more run recording every decision (`simulate --trace`), timed once.',
  );
  console.log(
    'acquired: slots the jobs hold at the end. allocations / frees: slots allocated / freed over the run (SlotManager counters, checked against the traced run). trace: decision entries of the traced run.',
  );
  console.log('heap scenario: heapUsed after gc with the input alive; heap run: heapUsed after gc with the input and the last run alive.');
  console.log(
    'report: buildSimulationReport(simulationOutcome(run, false)) on the traced run, timed once, not part of the runScenario figures.',
  );
  for (const { spec, result, crash } of outcomes) {
    if (crash) console.log(`! ${spec.name}: process died during ${crash.stage}: ${crash.reason}`);
    if (result?.failure) console.log(`! ${spec.name}: ${result.failure.stage} threw ${result.failure.message}`);
    if (result?.traceMismatch) console.log(`! ${spec.name}: ${result.traceMismatch}`);
  }
  const byName = new Map(outcomes.map((o) => [o.spec.name, o]));
  for (const [a, b, targeted] of PAIRS) {
    const x = medianOf(byName.get(a));
    const y = medianOf(byName.get(b));
    if (x !== undefined && y !== undefined)
      console.log(`ratio ${b} / ${a}: ${(y / x).toFixed(2)}× (${targeted ? `target ≤ ${SIM_DOUBLED_RATIO}×` : 'no target'})`);
  }
  console.log('');
  return outcomes;
}

// ---------------------------------------------------------------------------------------------
// Entry (only when run directly: bench.ts imports this module)

if (process.argv[1] !== undefined && resolve(process.argv[1]) === SELF) {
  const caseArg = process.argv.indexOf('--sim-case');
  if (caseArg !== -1) {
    const name = process.argv[caseArg + 1];
    const spec = SIM_CASES.find((c) => c.name === name);
    if (spec === undefined) throw new Error(`unknown simulator case ${String(name)} (cases: ${SIM_CASES.map((c) => c.name).join(', ')})`);
    runSimCase(spec);
  } else {
    const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
    const cpus = os.cpus();
    console.log('flinkslot simulator benchmark');
    console.log(
      `node     ${process.version} (${process.platform}/${process.arch}); ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores`,
    );
    console.log(
      `load     ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
    );
    console.log('');
    const outcomes = simulatorSection(names);
    console.log(table(['target', 'limit', 'measured', 'verdict'], simulatorTargetRows(outcomes)));
  }
}
