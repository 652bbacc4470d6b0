/**
 * The simulator rows of the issue 29 targets: `runScenario` on one generated case (bench/simulator-
 * cases.ts, seeded) in a fresh process, `node --expose-gc dist/bench/targets-sim.js NAME`: generate
 * the Scenario value, one untimed warm-up run, one timed run without a trace (what `flinkslot
 * simulate` runs), and print `@@sim {…}`. No scenario file is parsed: the rows compare the
 * simulator's own work, which a common parsing cost would dilute.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runScenario } from '../src/sim/run-scenario.js';
import { gc } from './format.js';
import { SIM_CASES } from './simulator-cases.js';
import { generateSimulatorInput } from './simulator-generate.js';

const SELF = fileURLToPath(import.meta.url);
/** Hang guard for one child (generate + two runs). */
const SIM_TIMEOUT_MS = 600_000;

export interface SimTiming {
  /** runScenario, warm (after one run in the same process). */
  readonly ms: number;
  /** Outcome columns, the same in every round and on both sides of a pair of equal inputs. */
  readonly slotAllocations: number;
  readonly workersStarted: number;
}

export type SimRun = SimTiming | { readonly error: string };

function timeCase(name: string): SimTiming {
  const spec = SIM_CASES.find((c) => c.name === name);
  if (spec === undefined) throw new Error(`unknown simulator case ${name} (cases: ${SIM_CASES.map((c) => c.name).join(', ')})`);
  const { scenario } = generateSimulatorInput(spec);
  runScenario(scenario, { trace: false });
  gc();
  const t0 = performance.now();
  const run = runScenario(scenario, { trace: false });
  const ms = performance.now() - t0;
  return { ms, slotAllocations: run.slotManager.activity.slotsAllocated, workersStarted: run.workersStarted };
}

/** One case in its own process; a crash or a timeout is an error value, not an exception. */
export function spawnSimTiming(name: string): SimRun {
  const child = spawnSync(process.execPath, ['--expose-gc', SELF, name], {
    encoding: 'utf8',
    timeout: SIM_TIMEOUT_MS,
    maxBuffer: 1024 * 1024,
  });
  const line = (child.stdout ?? '').split('\n').find((l) => l.startsWith('@@sim '));
  if (line !== undefined && child.status === 0) return JSON.parse(line.slice('@@sim '.length)) as SimTiming;
  if ((child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT')
    return { error: `timed out after ${SIM_TIMEOUT_MS / 1000} s` };
  const message = (child.stderr ?? '').split('\n').find((l) => /Error|FATAL/.test(l));
  return { error: message?.trim() ?? `exit status ${child.status}, signal ${child.signal}` };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === SELF) {
  const name = process.argv[2];
  if (name === undefined) throw new Error('usage: targets-sim.js CASE');
  process.stdout.write(`@@sim ${JSON.stringify(timeCase(name))}\n`);
}
