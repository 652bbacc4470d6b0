/**
 * What the running TaskManagers say of their own memory: GET /taskmanagers lists, per TaskManager,
 * `memoryConfiguration` (TaskExecutorMemoryConfiguration: each FLIP-49 component in exact bytes,
 * the web UI's memory model) and `slotsNumber`. `flinkslot memory http://HOST:8081` compares them
 * with what it derives from the JobManager's configuration: a TaskManager started with other
 * options (a standalone host with its own flink-conf.yaml, -D overrides) shows up as a difference.
 */
type Raw = Record<string, unknown>;

/** The fields of TaskExecutorMemoryConfiguration, in the order of Flink's memory model. */
export const REPORTED_FIELDS = [
  'frameworkHeap',
  'taskHeap',
  'frameworkOffHeap',
  'taskOffHeap',
  'networkMemory',
  'managedMemory',
  'jvmMetaspace',
  'jvmOverhead',
  'totalFlinkMemory',
  'totalProcessMemory',
] as const;
export type ReportedField = (typeof REPORTED_FIELDS)[number];

export interface ReportedTaskManager {
  readonly id: string;
  readonly slotsNumber?: number;
  /** Exact bytes per component; a component Flink left null or out is absent. */
  readonly memory?: Partial<Record<ReportedField, bigint>>;
}

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBytes = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The TaskManagers of a GET /taskmanagers answer, with what each reports; entries without an id are skipped. */
export function readReportedMemory(data: unknown): ReportedTaskManager[] {
  if (!isRecord(data) || !Array.isArray(data.taskmanagers)) return [];
  const out: ReportedTaskManager[] = [];
  for (const tm of data.taskmanagers as unknown[]) {
    if (!isRecord(tm) || (typeof tm.id !== 'string' && typeof tm.id !== 'number')) continue;
    const config = isRecord(tm.memoryConfiguration) ? tm.memoryConfiguration : undefined;
    const memory: Partial<Record<ReportedField, bigint>> = {};
    for (const field of REPORTED_FIELDS) {
      const value = config?.[field];
      if (isBytes(value)) memory[field] = BigInt(value);
    }
    out.push({
      id: String(tm.id),
      ...(isBytes(tm.slotsNumber) ? { slotsNumber: tm.slotsNumber } : {}),
      ...(Object.keys(memory).length > 0 ? { memory } : {}),
    });
  }
  return out;
}
