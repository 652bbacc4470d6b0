/**
 * The catalog of diagnostic codes: every code flinkslot can emit, with its severity, a one-line
 * title, what it means, what to do, and an example message. `DiagnosticCode` is the union of its
 * keys, so a code that is not here does not compile. `flinkslot help CODE`, docs/diagnostics.md
 * (bin/gen-diagnostics-doc.js) and validate's SARIF rules read it.
 */
import { CONFIG_CODES } from './codes/config.js';
import type { CodeEntry } from './codes/entry.js';
import { IMPORT_CODES } from './codes/import.js';
import { INPUT_DOCUMENT_CODES } from './codes/input-document.js';
import { INPUT_JOB_CODES } from './codes/input-job.js';
import { PLAN_CODES } from './codes/plan.js';
import { REST_CODES } from './codes/rest.js';
import { SCENARIO_CODES } from './codes/scenario.js';
import { SHELL_CODES } from './codes/shell.js';

export type { CodeEntry } from './codes/entry.js';
export { severitiesOf } from './codes/entry.js';

export const CODES = {
  ...INPUT_DOCUMENT_CODES,
  ...INPUT_JOB_CODES,
  ...IMPORT_CODES,
  ...CONFIG_CODES,
  ...PLAN_CODES,
  ...SCENARIO_CODES,
  ...REST_CODES,
  ...SHELL_CODES,
} as const satisfies Readonly<Record<string, CodeEntry>>;

/** A diagnostic code flinkslot can emit: a key of the catalog. */
export type DiagnosticCode = keyof typeof CODES;

const KNOWN: ReadonlySet<string> = new Set(Object.keys(CODES));

export function isDiagnosticCode(text: string): text is DiagnosticCode {
  return KNOWN.has(text);
}

/** The entry of a code. */
export function codeEntry(code: DiagnosticCode): CodeEntry {
  return CODES[code];
}

/** Every code, sorted. */
export function diagnosticCodes(): DiagnosticCode[] {
  return (Object.keys(CODES) as DiagnosticCode[]).sort(compareText);
}

/** The area of a code: the part before the '/' ('input', 'policy'); a code without one is 'general'. */
export function codeArea(code: DiagnosticCode): string {
  const slash = code.indexOf('/');
  return slash < 0 ? 'general' : code.slice(0, slash);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
