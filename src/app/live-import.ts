/**
 * `flinkslot import http://HOST:8081[/jobs/JOBID]`: the cluster's TaskManagers (GET /taskmanagers) or
 * a running job (GET /jobs/:jobid) as flinkslot YAML, stamped with the release GET /overview names,
 * so the file kept replays with the rules of the cluster it came from (the answers themselves do
 * not carry the release).
 */
import { type Result, info, ok } from '../errors/diagnostic.js';
import { formatVersion, parseFlinkVersion } from '../model/flink-version.js';
import type { SourceText } from '../model/source-text.js';
import { type ImportResult, importFlinkFile } from '../parse/flink/import-file.js';
import { releaseOf } from '../parse/rest/cluster-snapshot.js';

export interface ImportAnswers {
  /** GET /taskmanagers or GET /jobs/:jobid */
  readonly answer: SourceText;
  /** GET /overview, when it answered. */
  readonly overview?: SourceText;
}

export function importLive(answers: ImportAnswers): Result<ImportResult> {
  const imported = importFlinkFile(answers.answer.text, answers.answer.file);
  if (!imported.ok) return imported;
  const release = releaseOf(answers.overview);
  const version = release === undefined ? undefined : parseFlinkVersion(release);
  if (version === undefined) return imported;
  const flinkVersion = formatVersion(version);
  const note = info(
    'import/flink-version',
    `flinkVersion ${flinkVersion}: the cluster runs Flink ${release} (GET ${answers.overview!.file})`,
    '',
  );
  const result = imported.value;
  const notes = [...result.notes, note];
  if (result.kind === 'cluster') {
    const cluster = { ...result.cluster, cluster: { flinkVersion, ...result.cluster.cluster } };
    return ok({ ...result, cluster, notes });
  }
  const { name, ...rest } = result.job.jobGraph;
  const jobGraph = { ...(name === undefined ? {} : { name }), flinkVersion, ...rest };
  return ok({ ...result, job: { ...result.job, jobGraph }, notes });
}
