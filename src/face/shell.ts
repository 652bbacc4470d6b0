/**
 * The part of the face every command's shell needs (commands/support/shell.ts): diagnostics, their
 * text and JSON forms, and REST addresses. A face of its own so that a command that starts
 * without loading the whole core (plan's fast path) loads only this and its own face.
 */
export { type Diagnostic, type DiagnosticCode, type Result, type Severity, hasErrors } from '../errors/diagnostic.js';
export { formatDiagnostic } from '../report/render-plan-text.js';
export { type ErrorReport, errorReport } from '../report/error-report.js';
export { JSON_CHUNK_CHARACTERS, type JsonChunkOptions, jsonChunks } from '../report/json-chunks.js';
export { isRestAddress, parseRestTarget, type RestTarget } from '../parse/rest/rest-target.js';
