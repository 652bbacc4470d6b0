/**
 * The resource dimensions as a person reads them in text and HTML ("managed memory 1 GiB free"),
 * for the JSON field that names them (`managedMemory`), and as `size --slot-min` names them on the
 * command line (`managed=1g`: the names of Flink's ResourceProfile builder, setManagedMemory…). JSON
 * keeps the field names; an extended resource (`gpu`) is named as the configuration names it.
 */
const DIMENSIONS: readonly { readonly field: string; readonly text: string; readonly flag?: string }[] = [
  { field: 'slots', text: 'slots' },
  { field: 'cpuCores', text: 'CPU', flag: 'cpu' },
  { field: 'taskHeapMemory', text: 'task heap', flag: 'task-heap' },
  { field: 'taskOffHeapMemory', text: 'task off-heap', flag: 'task-off-heap' },
  { field: 'managedMemory', text: 'managed memory', flag: 'managed' },
  { field: 'networkMemory', text: 'network', flag: 'network' },
];

const NAMES: ReadonlyMap<string, string> = new Map(DIMENSIONS.map((d) => [d.field, d.text]));

export function dimensionName(dimension: string): string {
  return NAMES.get(dimension) ?? dimension;
}

/** The dimensions a slot can be given a floor in, by their command-line name (`task-heap`). */
export const FLAG_NAMES: ReadonlyMap<string, string> = new Map(
  DIMENSIONS.filter((d) => d.flag !== undefined).map((d) => [d.flag!, d.field]),
);

/** `managedMemory` → `managed`, as `--slot-min` writes it. */
export function flagName(dimension: string): string {
  return DIMENSIONS.find((d) => d.field === dimension)?.flag ?? dimension;
}
