/**
 * Flink parses a memory size from the text the user wrote. YAML and JSON turn `1.0`, `1e3` or
 * `0x10` into numbers (1, 1000, 16) before flinkslot sees them, which Flink would reject ("unit
 * '.0'"). This check re-reads, from the source text, every memory size that arrived as a number
 * and applies Flink's parser to what was written.
 */
import { type Diagnostic, error } from '../errors/diagnostic.js';
import { FlinkException } from '../errors/flink-exception.js';
import { parseMemorySize } from '../model/memory-size.js';
import { scalarSources } from './source-map.js';
import type { JobGraphInput, ResourcesInputHolder } from './job-graph-input.js';

const MEMORY_KEYS = ['taskHeapMemory', 'taskOffHeapMemory', 'managedMemory'] as const;

function numericMemoryPointers(input: JobGraphInput): string[] {
  const out: string[] = [];
  const resources = (holder: ResourcesInputHolder | undefined, pointer: string): void => {
    for (const key of MEMORY_KEYS) if (typeof holder?.resources?.[key] === 'number') out.push(`${pointer}/resources/${key}`);
  };
  if (typeof input.managedMemoryConfig?.slotManagedMemory === 'number') out.push('/managedMemoryConfig/slotManagedMemory');
  input.vertices.forEach((v, i) => {
    resources(v, `/vertices/${i}`);
    v.operators?.forEach((op, k) => resources(op, `/vertices/${i}/operators/${k}`));
  });
  input.slotSharingGroups?.forEach((g, i) => resources(g, `/slotSharingGroups/${i}`));
  return out;
}

export function checkNumericMemorySizes(input: JobGraphInput, text: string): Diagnostic[] {
  const pointers = numericMemoryPointers(input);
  if (pointers.length === 0) return [];
  const out: Diagnostic[] = [];
  for (const [pointer, source] of scalarSources(text, pointers)) {
    try {
      parseMemorySize(source);
    } catch (e) {
      if (!(e instanceof FlinkException)) throw e;
      const key = pointer.slice(pointer.lastIndexOf('/') + 1);
      out.push(error('input/memory-size', `Could not parse value '${source}' for key '${key}': ${e.message}`, pointer, e.errorType));
    }
  }
  return out;
}
