/**
 * The floor `size` holds every slot to (issue 26 §2), from, in this order of authority:
 * 1. `--slot-min` (the command line), in each dimension it names;
 * 2. the job graphs' `slotSharingGroups[].slotMin`, the largest in each dimension;
 * 3. flinkslot's default managed-memory floor for a group whose operators use managed memory
 *    (RocksDB / ForSt state, batch operators, Python) and that declares no managed floor itself:
 *    DEFAULT_MANAGED_FLOOR, reasoned in docs/slot-floors.md;
 * 4. only when none of these gives a floor: with `--search --tm-config`, the base's own slots.
 */
import type { Diagnostic } from '../errors/diagnostic.js';
import type { FlinkVersion } from '../model/flink-version.js';
import type { ManagedMemoryUseCase } from '../model/job-graph.js';
import { type ProfileFields, type SpecifiedProfile, MEMORY_FIELDS } from '../model/resource-profile.js';
import { type FloorEntry, type SlotFloor, combineFloors, floorEntriesOf } from '../model/slot-floor.js';
import type { FlinkConfiguration } from '../memory/flink-configuration.js';
import { stateBackendFromConfiguration } from '../memory/state-backend.js';
import { taskManagerSetup } from '../memory/memory-from-configuration.js';
import type { JobAnalysis } from '../plan/analyze-job.js';
import { managedMemoryUseByGroup } from '../plan/managed-memory-use.js';
import { pushAll } from '../util/push-all.js';

const MIB = 1024n * 1024n;

/**
 * flinkslot's default (not a Flink rule): the managed memory of the one slot of the configuration
 * Flink's distribution ships (taskmanager.memory.process.size 1728m, 1 slot: 512 MiB from Flink 1.11).
 */
export const DEFAULT_MANAGED_FLOOR = 512n * MIB;

/** A planned job, with what its floors are read from. */
export interface FloorInput {
  readonly job: string;
  readonly analysis: JobAnalysis;
}

/**
 * One job's floors: each group's declared `slotMin`, and the default managed floor for each group
 * that uses managed memory and declares none. `config` is the TaskManager configuration the job
 * runs with (its state backend counts when the job sets none).
 */
export function jobFloors(input: FloorInput, config: FlinkConfiguration | undefined, version: FlinkVersion): FloorEntry[] {
  const { graph, managedMemory } = input.analysis;
  const mmc = graph.managedMemoryConfig;
  const backend = config === undefined ? mmc : { ...mmc, ...stateBackendFromConfiguration(config, version, mmc, [] as Diagnostic[]) };
  const weights = managedMemory.model === 'use-cases' ? managedMemory.weights : undefined;
  const uses = managedMemoryUseByGroup(graph, weights, backend.stateBackendUsesManagedMemory);
  const declared = graph.slotSharingGroupFloors ?? new Map<string, ProfileFields>();
  const out: FloorEntry[] = [];
  for (const [group, fields] of declared) pushAll(out, floorEntriesOf(fields, { kind: 'job-graph', job: input.job, group }));
  for (const [group, useCases] of uses) {
    if (declared.get(group)?.managedMemory !== undefined) continue;
    out.push({
      dimension: 'managedMemory',
      minimum: DEFAULT_MANAGED_FLOOR,
      from: managedDefault(input.job, group, useCases, backend.stateBackend.name),
    });
  }
  return out;
}

function managedDefault(job: string, group: string, useCases: ManagedMemoryUseCase[], stateBackend: string) {
  return {
    kind: 'managed-memory-default' as const,
    job,
    group,
    useCases,
    ...(useCases.includes('STATE_BACKEND') ? { stateBackend } : {}),
  };
}

/** The floor of a size: the command line's over the jobs', the jobs' over the base's. */
export function slotFloor(jobs: readonly FloorEntry[], slotMin: ProfileFields | undefined, base?: FloorEntry[]): SlotFloor {
  const given = slotMin === undefined ? [] : floorEntriesOf(slotMin, { kind: 'slot-min' });
  const floor = combineFloors(jobs, given);
  return floor.length > 0 || base === undefined ? floor : combineFloors(base);
}

/**
 * The `--search --tm-config` base's default slot, as a floor in each memory dimension it gives a
 * slot; none when the base does not configure a whole TaskManager.
 */
export function baseFloor(config: FlinkConfiguration, version: FlinkVersion, file: string): FloorEntry[] | undefined {
  const setup = taskManagerSetup(config, version);
  if (!setup.ok) return undefined;
  const slot: SpecifiedProfile = setup.value.resources.defaultSlotResourceProfile;
  return MEMORY_FIELDS.filter((f) => slot[f] > 0n).map((f) => ({ dimension: f, minimum: slot[f], from: { kind: 'tm-config-base', file } }));
}
