/**
 * `flinkslot validate --format json`: one envelope for the whole run, described by
 * schemas/validate.schema.json. Files keep the order given; findings are sorted by line, column
 * and rule within a file. Lines and columns are 1-based; the end column is the first column after
 * the region (SARIF's convention).
 */
import { type FileResult, type Finding, type ValidationRun, reaches, sortFindings, summarize } from '../../errors/finding.js';
import { definedOnly } from '../../util/defined-only.js';
import type { File as FileJson, Finding as FindingJson, ValidateJson } from '../../model/json/validate.js';

export const VALIDATE_SCHEMA_VERSION = 1;

export function renderValidateJson(run: ValidationRun, version: string): string {
  return JSON.stringify(validateJsonEnvelope(run, version), null, 2) + '\n';
}

/** The envelope as data (what `renderValidateJson` prints; schemas/validate.schema.json, generated type). */
export function validateJsonEnvelope(run: ValidationRun, version: string): ValidateJson {
  return {
    schemaVersion: VALIDATE_SCHEMA_VERSION,
    tool: { name: 'flinkslot', version },
    failLevel: run.failLevel,
    summary: summarize(run),
    files: run.files.map((f) => fileJson(f, run)),
  };
}

function fileJson(f: FileResult, run: ValidationRun): FileJson {
  return {
    file: f.file,
    valid: f.valid,
    ...(f.skipped === true ? { skipped: true } : {}),
    passed: f.skipped === true || !f.findings.some((x) => reaches(x.severity, run.failLevel)),
    ...(f.summary === undefined ? {} : { summary: definedOnly(f.summary) }),
    findings: sortFindings(f.findings).map(findingJson),
  };
}

function findingJson(f: Finding): FindingJson {
  return {
    rule: f.code,
    severity: f.severity,
    message: f.message,
    file: f.location.file,
    pointer: f.location.pointer,
    line: f.location.line,
    column: f.location.column,
    endLine: f.location.endLine,
    endColumn: f.location.endColumn,
    ...(f.bytes === undefined ? {} : { bytes: f.bytes }),
  };
}
