/**
 * A resource dimension as a person reads it in text and HTML ("managed memory 1 GiB free"), for
 * the JSON field that names it (`managedMemory`). JSON keeps the field names; an extended resource
 * (`gpu`) is named as the configuration names it.
 */
const NAMES: Readonly<Record<string, string>> = {
  slots: 'slots',
  cpuCores: 'CPU',
  taskHeapMemory: 'task heap',
  taskOffHeapMemory: 'task off-heap',
  managedMemory: 'managed memory',
  networkMemory: 'network',
};

export function dimensionName(dimension: string): string {
  return Object.hasOwn(NAMES, dimension) ? NAMES[dimension]! : dimension;
}
