/**
 * How a vertex is named in text output. Flink's own files identify vertices by 32-hex JobVertex
 * ids (or StreamNode numbers) nobody recognises; their names say what they are ("HashJoin[23] ->
 * Calc[24]"). Such a vertex is shown by its name, shortened; a vertex of a flinkslot file by the id
 * its author chose. `--json` keeps ids, with the full names beside them. Names from input are
 * printed with control characters escaped.
 */
import { printable } from '../util/printable.js';

const GENERATED_ID = /^(?:[0-9a-f]{32}|\d+)$/;
const MAX = 48;

export function isGeneratedId(id: string): boolean {
  return GENERATED_ID.test(id);
}

export function shortName(name: string): string {
  const one = printable(name.replace(/\s+/g, ' ').trim());
  return one.length > MAX ? `${one.slice(0, MAX - 1)}…` : one;
}

/** id → the label text output uses; `names` holds the names of the vertices whose name is not their id. */
export function vertexLabeler(names: Readonly<Record<string, string>> | undefined): (id: string) => string {
  return (id) => {
    const name = names?.[id];
    return name !== undefined && isGeneratedId(id) ? shortName(name) : printable(id);
  };
}
