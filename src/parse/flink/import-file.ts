/**
 * `flinkslot import`: one of Flink's own JSON files → what it says (facts), the equivalent flinkslot
 * data (a JobGraph or a cluster) and the notes on every default the import chose.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../../errors/diagnostic.js';
import { parseDocument, stripByteOrderMark } from '../document.js';
import { wrongKind } from '../file-kind.js';
import { importNotes, readImportedJob } from '../parse-job-graph.js';
import { locateDiagnostics } from '../source-map.js';
import { type FlinkFormat, detectFlinkFormat } from './flink-format.js';
import { type ImportedCluster, importCluster } from './import-cluster.js';
import type { ImportedJob } from './imported-job.js';
import { importJob } from './import-job.js';

export type ImportResult =
  | { readonly kind: 'job'; readonly format: FlinkFormat; readonly job: ImportedJob; readonly notes: Diagnostic[] }
  | { readonly kind: 'cluster'; readonly format: FlinkFormat; readonly cluster: ImportedCluster; readonly notes: Diagnostic[] };

export function importFlinkFile(source: string, file?: string): Result<ImportResult> {
  const text = stripByteOrderMark(source);
  const document = parseDocument(text);
  if (!document.ok) return fail(locateDiagnostics(document.diagnostics, undefined, file));
  const format = detectFlinkFormat(document.value.data);
  if (format === undefined) {
    const wrong = wrongKind(
      text,
      file,
      [],
      "a file import converts (a job's plan, the answer of GET /jobs/:jobid, or of GET /taskmanagers)",
    );
    if (wrong !== undefined) return fail([wrong]);
    return fail(
      locateDiagnostics(
        [
          error(
            'input/not-a-flink-file',
            "not one of Flink's JSON files flinkslot reads (a StreamGraph or JobGraph plan, the answer of GET /jobs/:jobid or /jobs/:jobid/plan, or of GET /taskmanagers)",
            '',
          ),
        ],
        text,
        file,
      ),
    );
  }
  if (format === 'rest-taskmanagers-json') {
    const cluster = importCluster(document.value.data);
    if (!cluster.ok) return fail(locateDiagnostics(cluster.diagnostics, text, file));
    return ok({ kind: 'cluster', format, cluster: cluster.value, notes: importNotes(cluster.value, text, file) });
  }
  const job = importJob(document.value.data, format);
  if (!job.ok) return fail(locateDiagnostics(job.diagnostics, text, file));
  // The generated JobGraph must read cleanly: otherwise the YAML would not be the equivalent file.
  const checked = readImportedJob(job.value, text, file);
  if (!checked.ok) return checked;
  return ok({ kind: 'job', format, job: job.value, notes: importNotes(job.value, text, file) });
}
