/**
 * The GET /taskmanagers answer → the equivalent flinkslot cluster data, plus the facts read from it.
 *
 * Units: `totalResource` / `freeResource` (ResourceProfileInfo) state memory in whole MiB, rounded
 * down (bytes >> 20), and CPU cores as a double. `memoryConfiguration` states the same memory
 * components in exact bytes. The cluster takes the exact bytes where `memoryConfiguration` is there
 * and agrees with the MiB figure, else MiB × 1,048,576 (a lower bound), and a note says which.
 */
import { type Result, fail, ok } from '../../errors/diagnostic.js';
import { decimalFromNumber, decimalToString } from '../../model/decimal.js';
import validateTaskManagers from '../generated/flink-taskmanagers.validate.js';
import { type CompiledValidator, validateWith } from '../schema-validator.js';
import { FORMAT_DESCRIPTIONS } from './flink-format.js';
import { definedOnly } from '../../util/defined-only.js';
import { type ImportNote, note } from './import-notes.js';

const MIB = 1024n * 1024n;
type MemoryField = 'taskHeapMemory' | 'taskOffHeapMemory' | 'managedMemory' | 'networkMemory';
const MEMORY_FIELDS: readonly MemoryField[] = ['taskHeapMemory', 'taskOffHeapMemory', 'managedMemory', 'networkMemory'];
/** ResourceProfileInfo field → its exact counterpart in memoryConfiguration. */
const EXACT: Readonly<Record<MemoryField, string>> = {
  taskHeapMemory: 'taskHeap',
  taskOffHeapMemory: 'taskOffHeap',
  managedMemory: 'managedMemory',
  networkMemory: 'networkMemory',
};

/** A ResourceProfile as the conformance facts state it: CPU as decimal text, memory in bytes. */
export interface ProfileFacts {
  readonly cpuCores: string;
  readonly taskHeapMemory: bigint;
  readonly taskOffHeapMemory: bigint;
  readonly managedMemory: bigint;
  readonly networkMemory: bigint;
}

export interface ImportedTaskManager {
  readonly id: string;
  readonly path?: string;
  readonly slotsNumber: number;
  readonly freeSlots?: number;
  /** The file's ResourceProfileInfo as written (memory in MiB). */
  readonly totalResourceMiB?: Readonly<Record<string, unknown>>;
  /** MiB × 1,048,576: the lower bound the MiB figures allow. */
  readonly totalResource?: ProfileFacts;
  readonly freeResource?: ProfileFacts;
  readonly memoryConfiguration?: Readonly<Record<string, unknown>>;
  readonly hardware?: Readonly<Record<string, unknown>>;
}

export interface ImportedCluster {
  readonly format: 'rest-taskmanagers-json';
  readonly taskManagers: readonly ImportedTaskManager[];
  readonly totalSlots: number;
  readonly freeSlots: number;
  /** The equivalent flinkslot cluster file's data. */
  readonly cluster: Record<string, unknown>;
  readonly notes: readonly ImportNote[];
}

interface Raw {
  [key: string]: unknown;
}

export function importCluster(data: unknown): Result<ImportedCluster> {
  const errors = validateWith(validateTaskManagers as CompiledValidator, data);
  if (errors.length > 0)
    return fail(errors.map((d) => ({ ...d, message: `${d.message} (${FORMAT_DESCRIPTIONS['rest-taskmanagers-json']})` })));
  const entries = (data as Raw).taskmanagers as Raw[];
  const notes: ImportNote[] = [];
  const exactUsed: string[] = [];
  const lowerBound: string[] = [];
  const noResources: string[] = [];
  const taskManagers: ImportedTaskManager[] = [];
  const written: Raw[] = [];
  entries.forEach((tm) => {
    const id = String(tm.id);
    const total = tm.totalResource as Raw | undefined;
    const config = tm.memoryConfiguration as Raw | undefined;
    taskManagers.push(
      definedOnly({
        id,
        path: typeof tm.path === 'string' ? tm.path : undefined,
        slotsNumber: tm.slotsNumber as number,
        freeSlots: typeof tm.freeSlots === 'number' ? tm.freeSlots : undefined,
        totalResourceMiB: total,
        totalResource: total === undefined ? undefined : mibFacts(total),
        freeResource: tm.freeResource === undefined ? undefined : mibFacts(tm.freeResource as Raw),
        memoryConfiguration: config,
        hardware: tm.hardware as Raw | undefined,
      }),
    );
    if (total === undefined || isAllZero(total)) {
      noResources.push(id);
      return;
    }
    const exact = exactBytes(total, config);
    (exact === undefined ? lowerBound : exactUsed).push(id);
    written.push(taskManagerData(id, tm, total, exact));
  });
  if (exactUsed.length > 0)
    notes.push(
      note(
        'import/exact-memory',
        `memory of ${count(exactUsed.length, 'TaskManager')} in exact bytes from memoryConfiguration (totalResource states whole MiB)`,
      ),
    );
  if (lowerBound.length > 0)
    notes.push(
      note(
        'import/mib-memory',
        `memory of ${count(lowerBound.length, 'TaskManager')} is totalResource's whole MiB × 1,048,576, up to 1 MiB per component less than the real size (no memoryConfiguration that agrees with it)`,
      ),
    );
  if (noResources.length > 0)
    notes.push(
      note(
        'import/no-total-resource',
        `${count(noResources.length, 'TaskManager')} without a total resource (Flink before 1.12 reports zeros in standalone mode) left out: ${noResources.slice(0, 5).join(', ')}`,
      ),
    );
  const totalSlots = taskManagers.reduce((n, tm) => n + tm.slotsNumber, 0);
  const freeSlots = taskManagers.reduce((n, tm) => n + (tm.freeSlots ?? tm.slotsNumber), 0);
  if (freeSlots < totalSlots)
    notes.push(
      note(
        'import/slots-in-use',
        `${totalSlots - freeSlots} of ${totalSlots} slots are in use in the answer, which does not say by which jobs: the simulation starts with every slot free`,
      ),
    );
  notes.push(
    note(
      'import/standalone',
      'the TaskManagers are a fixed set: resourceAllocation standalone (add a defaultWorker and resourceAllocation active to let the simulation start workers)',
    ),
  );
  const cluster: Raw = { resourceAllocation: 'standalone', taskManagers: written };
  return ok({ format: 'rest-taskmanagers-json', taskManagers, totalSlots, freeSlots, cluster, notes });
}

function taskManagerData(id: string, tm: Raw, total: Raw, exact: Record<MemoryField, bigint> | undefined): Raw {
  const memory = Object.fromEntries(MEMORY_FIELDS.map((f) => [f, Number(exact?.[f] ?? BigInt(total[f] as number) * MIB)]));
  const extended = (total.extendedResources ?? {}) as Raw;
  const totalResources: Raw = { cpuCores: total.cpuCores, ...memory, ...(Object.keys(extended).length > 0 ? { extended } : {}) };
  return { id, totalResources, numberOfTaskSlots: tm.slotsNumber, ...(tm.blocked === true ? { blocked: true } : {}) };
}

/** memoryConfiguration's exact bytes, when present for every component and equal to the MiB figures >> 20. */
function exactBytes(total: Raw, config: Raw | undefined): Record<MemoryField, bigint> | undefined {
  if (config === undefined) return undefined;
  const out = {} as Record<MemoryField, bigint>;
  for (const f of MEMORY_FIELDS) {
    const bytes = config[EXACT[f]];
    if (typeof bytes !== 'number' || BigInt(bytes) / MIB !== BigInt(total[f] as number)) return undefined;
    out[f] = BigInt(bytes);
  }
  return out;
}

function mibFacts(p: Raw): ProfileFacts {
  const cpu = decimalToString(decimalFromNumber(p.cpuCores as number));
  return {
    cpuCores: cpu.includes('.') ? cpu : `${cpu}.0`,
    taskHeapMemory: BigInt(p.taskHeapMemory as number) * MIB,
    taskOffHeapMemory: BigInt(p.taskOffHeapMemory as number) * MIB,
    managedMemory: BigInt(p.managedMemory as number) * MIB,
    networkMemory: BigInt(p.networkMemory as number) * MIB,
  };
}

function isAllZero(p: Raw): boolean {
  return p.cpuCores === 0 && MEMORY_FIELDS.every((f) => p[f] === 0);
}

function count(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
