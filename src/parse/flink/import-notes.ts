/**
 * What an import tells the user, and where things came from. A note names a default the file made
 * flinkslot choose (code `import/...`); the origin map turns a pointer into the generated JobGraph
 * (`/vertices/3/parallelism`) into the pointer of the same fact in the Flink file
 * (`/plan/nodes/5/parallelism`), so a problem found later is shown at its place in that file.
 */
import type { DiagnosticCode } from '../../errors/diagnostic.js';

export interface ImportNote {
  readonly code: DiagnosticCode;
  readonly message: string;
  /** Into the Flink file; '' (the document) when the note is about the file as a whole. */
  readonly pointer: string;
}

export function note(code: DiagnosticCode, message: string, pointer = ''): ImportNote {
  return { code, message, pointer };
}

/** Field of a generated vertex or edge → field of the Flink entry ('' = the entry itself). */
export type FieldMap = Readonly<Record<string, string>>;

interface Origin {
  readonly pointer: string;
  readonly fields: FieldMap;
}

export class OriginMap {
  private vertices: Origin[] = [];
  private readonly edges: Origin[] = [];

  vertex(i: number, pointer: string, fields: FieldMap): void {
    this.vertices[i] = { pointer, fields };
  }

  edge(j: number, pointer: string, fields: FieldMap): void {
    this.edges[j] = { pointer, fields };
  }

  /** The vertices were written in `order` (order[k] = the index they were recorded under). */
  reorderVertices(order: readonly number[]): void {
    this.vertices = order.map((i) => this.vertices[i]!);
  }

  /** The pointer in the Flink file for a pointer into the generated JobGraph. */
  map(pointer: string): string {
    const m = /^\/(vertices|edges)\/(\d+)(?:\/([^/]+))?/.exec(pointer);
    if (m === null) return '';
    const origin = (m[1] === 'vertices' ? this.vertices : this.edges)[Number(m[2])];
    if (origin === undefined) return '';
    const field = m[3];
    if (field === undefined) return origin.pointer;
    const mapped = origin.fields[field] ?? field;
    return mapped === '' ? origin.pointer : `${origin.pointer}/${mapped}`;
  }
}
