/** `flinkslot import`'s result: the flinkslot file (YAML, or its data as JSON) a Flink file means. */
import type { Result } from '../../errors/diagnostic.js';
import type { ImportResult } from '../../parse/flink/import-file.js';
import { render } from '../../report/renderers/import.js';
import { type Refusal, type ReportOutput, reportOutput } from '../command-result.js';

export type ImportCommandResult = ReportOutput<'import', ImportResult> | Refusal;

/** `file`: where the Flink file came from (named in the YAML header); `schemaDir`: the schemas folder as seen from the output. */
export function importResult(result: Result<ImportResult>, o: { file: string; schemaDir: string }): ImportCommandResult {
  return reportOutput('import', result, {
    json: (value) => (value.kind === 'job' ? value.job.jobGraph : value.cluster.cluster),
    text: (value) => render({ kind: 'import', value }, 'yaml', { file: o.file, schemaDir: o.schemaDir }),
  });
}
