/**
 * `size --search`: which TaskManager shape to deploy. Every shape within the limits (process
 * memory × slots, CPU one core per slot unless told otherwise) is sized as `size` sizes one, each
 * proven by the SlotManager, then ranked by the total memory asked, then CPU (or by price with
 * `--cost`). Shapes no number of TaskManagers can serve are counted, with the first reason.
 */
import { type Diagnostic, type Result, fail, ok } from '../errors/diagnostic.js';
import type { FlinkVersion } from '../model/flink-version.js';
import type { SourceText } from '../model/source-text.js';
import { readConfigurationText } from '../memory/parse-flink-configuration.js';
import { type ShapeCandidate, type ShapeSearchReport, buildShapeSearchReport } from '../report/shape-search-report.js';
import type { JobDefinition } from '../sim/scenario/scenario.js';
import { type ShapeFlags, type ShapeLimits, readShapeLimits } from './shape-options.js';
import { versionOption } from './job-text.js';
import { configurationWorker, defineJobs, sizeWorker } from './size.js';
import { wrongKind } from '../parse/file-kind.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import { CONFIGURATION_KINDS } from './wrong-kind.js';
import { DEFAULT_FLINK_VERSION } from '../model/flink-version.js';
import type { SlotFloor } from '../model/slot-floor.js';
import type { FlinkConfiguration } from '../memory/flink-configuration.js';
import { checkNetworkOptions } from '../memory/network-options.js';
import { readSlotMin } from '../parse/slot-min.js';
import { baseFloor, jobFloors, slotFloor } from './slot-floors.js';

export interface SearchOptions extends ShapeFlags {
  readonly flinkVersion?: string;
  /** `--slot-min`: what every slot must hold at least (task-heap=512m,managed=1g). */
  readonly slotMin?: string;
  /** Called after each shape is sized (the shell draws a progress bar on a terminal). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** One shape to try: its configuration keys and what it asks of a node. */
export interface Shape {
  readonly memory: bigint;
  readonly slots: number;
  readonly cpu: number;
}

export function searchShapes(
  base: SourceText | undefined,
  jobGraphs: readonly SourceText[],
  options: SearchOptions = {},
): Result<ShapeSearchReport> {
  const plan = planSearch(base, jobGraphs, options);
  if (!plan.ok) return plan;
  const candidates = plan.value.shapes.map((_, i) => {
    const candidate = sizeShapeAt(plan.value, i);
    options.onProgress?.(i + 1, plan.value.shapes.length);
    return candidate;
  });
  return ok(rankShapes(plan.value, candidates), plan.value.warnings);
}

/** What a search sizes, read once per thread: the shapes, the keys they start from, the planned jobs. */
export interface SearchPlan {
  readonly shapes: readonly Shape[];
  readonly keys: Readonly<Record<string, string>>;
  readonly jobs: readonly JobDefinition[];
  readonly version: { readonly flinkVersion?: FlinkVersion };
  readonly limits: ShapeLimits;
  /** What every candidate's default slot must hold (empty: only slots can be counted). */
  readonly floor: SlotFloor;
  readonly warnings: Diagnostic[];
}

/**
 * `sizing` false: the plan only ranks what other threads size (no network buffers are counted on
 * it), so the jobs' subtask-level analysis is left to the threads that size.
 */
export function planSearch(
  base: SourceText | undefined,
  jobGraphs: readonly SourceText[],
  options: SearchOptions = {},
  sizing = true,
): Result<SearchPlan> {
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const limits = readShapeLimits(options);
  if (!limits.ok) return limits;
  const slotMin = options.slotMin === undefined ? undefined : readSlotMin(options.slotMin);
  if (slotMin !== undefined && !slotMin.ok) return slotMin;
  const keys = baseKeys(base);
  if (!keys.ok) return keys;
  // How the base was read (a near miss of a key Flink would ignore), as size --tm-config says it.
  const read = keys.warnings.filter((d) => d.severity === 'warning');
  const jobs = defineJobs(jobGraphs, version.value, sizing);
  if (!jobs.ok) return jobs;
  const config = keys.value.config;
  const floors = jobs.value.floorInputs.flatMap((f) => jobFloors(f, config, f.analysis.graph.flinkVersion));
  const release = version.value.flinkVersion ?? jobs.value.floorInputs[0]?.analysis.graph.flinkVersion ?? DEFAULT_FLINK_VERSION;
  // A network option Flink refuses at start-up is in every shape's configuration: the base's error, as size --tm-config says.
  const refusal = config === undefined ? undefined : checkNetworkOptions(config, release).refusal;
  if (refusal !== undefined) return fail(keys.value.locate([refusal]));
  const fromBase = config === undefined ? undefined : baseFloor(config, release, base!.file);
  return ok({
    shapes: shapesWithin(limits.value),
    keys: keys.value.keys,
    jobs: jobs.value.jobs,
    version: version.value,
    limits: limits.value,
    floor: slotFloor(floors, slotMin?.value, fromBase),
    warnings: [...version.warnings, ...jobs.warnings, ...read],
  });
}

/** The candidates (sized in any order, by any thread) ranked. */
export function rankShapes(plan: SearchPlan, candidates: readonly ShapeCandidate[]): ShapeSearchReport {
  const defaultSlotsOnly = plan.jobs.every((j) => j.requirements.every((r) => r.profile.kind === 'UNKNOWN'));
  return buildShapeSearchReport(candidates, plan.limits, defaultSlotsOnly, plan.warnings, plan.floor);
}

/** Every memory × slots pair the limits allow. */
export function shapesWithin(limits: ShapeLimits): Shape[] {
  const maxMemory = min(limits.maxMemory, limits.node?.memory);
  const maxCpu = Math.min(limits.maxCpu ?? Infinity, limits.node?.cpu ?? Infinity);
  const out: Shape[] = [];
  for (const memory of limits.memories)
    for (const slots of limits.slots)
      for (const perSlot of limits.cpuPerSlot) {
        // Whole hundredths of a core, as a Kubernetes request would be written.
        const cpu = Math.round(slots * perSlot * 100) / 100;
        if ((maxMemory === undefined || memory <= maxMemory) && cpu <= maxCpu) out.push({ memory, slots, cpu });
      }
  return out;
}

const min = (a: bigint | undefined, b: bigint | undefined): bigint | undefined =>
  a === undefined ? b : b === undefined ? a : a < b ? a : b;

/**
 * What each shape sets itself: the base configuration's own values for these would contradict it. The
 * legacy heap keys too: Flink copies them into taskmanager.memory.flink.size when that is unset
 * (legacy-options.ts), which would pin every shape's Total Flink Memory; taskmanager.memory.size is
 * the deprecated key of managed.size.
 */
const SET_BY_THE_SHAPE =
  /^(taskmanager\.memory\.(process\.size|flink\.size|task\.heap\.size|managed\.size|size)|taskmanager\.heap\.(size|mb)|taskmanager\.numberOfTaskSlots|taskmanager\.cpu\.cores|kubernetes\.taskmanager\.cpu(\.amount)?)$/;

/** Keys every candidate starts from: a Flink configuration's (state backend, fractions, network), or none; and the whole base. */
function baseKeys(
  base: SourceText | undefined,
): Result<{ keys: Record<string, string>; config?: FlinkConfiguration; locate: (ds: Diagnostic[]) => Diagnostic[] }> {
  if (base === undefined) return ok({ keys: {}, locate: (ds) => ds });
  const wrong = wrongKind(base.text, base.file, CONFIGURATION_KINDS, 'a Flink configuration');
  if (wrong !== undefined) return fail([wrong]);
  const read = readConfigurationText(base.text, base.file);
  if (!read.ok) return read;
  const keys = Object.fromEntries([...read.value.config].filter(([k]) => !SET_BY_THE_SHAPE.test(k)));
  const nested = (d: Diagnostic): Diagnostic => (read.value.locateKey === undefined ? withConfigPointer(d, read.value.text) : d);
  const locate = (ds: Diagnostic[]): Diagnostic[] => locateDiagnostics(ds.map(nested), read.value.text, base.file);
  return ok({ keys, config: read.value.config, locate }, locate([...read.value.notes]));
}

/** Shape `i` of the plan, sized and proven; a shape no count can serve keeps its first reason. */
export function sizeShapeAt(plan: SearchPlan, i: number): ShapeCandidate {
  const shape = plan.shapes[i]!;
  const keys = {
    ...plan.keys,
    'taskmanager.memory.process.size': `${shape.memory}b`,
    'taskmanager.numberOfTaskSlots': String(shape.slots),
    'taskmanager.cpu.cores': String(shape.cpu),
  };
  const origin = `--search shape ${shape.slots} slots, ${shape.memory} bytes`;
  const sized = sizeWorker(configurationWorker(keys, origin), plan.jobs, plan.version, false, plan.floor);
  return sized.ok ? { shape, report: sized.value } : { shape, refusal: sized.diagnostics[0]! };
}
