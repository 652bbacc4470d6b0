/**
 * A failed read of a file that is recognisably another kind becomes one line saying what the file
 * is and which command reads it (`input/wrong-kind`), instead of that kind's list of schema errors.
 */
import { type Result, fail } from '../errors/diagnostic.js';
import type { SourceText } from '../model/source-text.js';
import { type FileKind, wrongKind } from '../parse/file-kind.js';

export const JOB_KINDS: readonly FileKind[] = ['job-graph', 'flink-job-json'];
export const CLUSTER_KINDS: readonly FileKind[] = [
  'cluster',
  'flink-taskmanagers-json',
  'flink-deployment',
  'kubernetes-manifest',
  'flink-configuration',
];
export const CONFIGURATION_KINDS: readonly FileKind[] = ['flink-configuration', 'flink-deployment', 'kubernetes-manifest'];

export function orWrongKind<T>(result: Result<T>, source: SourceText, accepted: readonly FileKind[], what: string): Result<T> {
  if (result.ok) return result;
  const wrong = wrongKind(source.text, source.file, accepted, what);
  return wrong === undefined ? result : fail([wrong]);
}
