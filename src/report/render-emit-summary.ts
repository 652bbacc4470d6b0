/**
 * What `size --emit` prints besides the file: on stderr, when the file is the user's own with the
 * answer written into it, the proof in one line, the diff and the notes.
 */
import { printable } from '../util/printable.js';
import type { EmitFormat } from './render-deployment-yaml.js';
import type { SizeReport } from './size-report.js';
import type { ValueChange } from './value-change.js';

/** What `--emit` writes (schemas/size.schema.json `emitted`). */
export interface EmittedFile {
  readonly format: EmitFormat;
  /** The file the answer was written into; absent when the file is new. */
  readonly base?: string;
  readonly text: string;
  /** The values changed in the base, by JSON pointer (empty for a new file). */
  readonly changes: ValueChange[];
  /** The changes as a unified-style diff of the base's lines. */
  readonly diff: string;
  readonly notes: string[];
}

/** What stderr says of a patched file: the proof, the diff, the notes. */
export function renderEmitSummary(report: SizeReport, emitted: EmittedFile): string {
  if (emitted.base === undefined) return '';
  const count = emitted.changes.length;
  const head = `flinkslot size: ${report.taskManagers} TaskManager(s) of ${report.slotsPerTaskManager} slot(s), proven by the embedded ${report.slotManager} SlotManager; ${count === 0 ? `${printable(emitted.base)} needs no change` : `${count} change(s) to ${printable(emitted.base)}:`}`;
  return (
    [head, ...(emitted.diff === '' ? [] : [emitted.diff.replace(/\n$/, '')]), ...emitted.notes.map((n) => `note: ${n}`)].join('\n') + '\n'
  );
}
