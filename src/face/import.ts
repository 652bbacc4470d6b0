/** The face of `flinkslot import` (commands/support/import-run.ts): Flink's own JSON → the flinkslot file. */
export { importFlinkFile, type ImportResult } from '../parse/flink/import-file.js';
export { type ImportAnswers, importLive } from '../app/live-import.js';
export { type ImportCommandResult, importResult } from '../app/results/import-result.js';
