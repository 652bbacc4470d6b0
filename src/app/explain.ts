/**
 * `flinkslot explain LOG...` (issue 28): the texts of JobManager and TaskManager logs → records
 * (parse/log/log-records.ts, bounded) → each file checked to be a Flink log → facts → the
 * explanation (sim/log: rebuild, replay, diagnose) → the report. A file that is not a Flink log is
 * refused in one line (`input/not-a-flink-log`, or `input/wrong-kind` for a file flinkslot reads
 * elsewhere); the whole run is refused when any file is.
 */
import { type Diagnostic, type Result, error, fail, ok } from '../errors/diagnostic.js';
import { type FlinkVersion, compareVersions, formatVersion } from '../model/flink-version.js';
import type { SourceText } from '../model/source-text.js';
import { wrongKind } from '../parse/file-kind.js';
import { readLogFacts } from '../parse/log/facts/read-facts.js';
import { flinkLogEvidence } from '../parse/log/flink-log-evidence.js';
import type { LogFact, LogFacts } from '../parse/log/log-facts.js';
import { type LogRecords, readLogRecords } from '../parse/log/log-records.js';
import { type ReleaseRange, releaseOfForms } from '../parse/log/release-of-forms.js';
import { type ExplainReport, buildExplainReport } from '../report/explain/explain-report.js';
import { renderLogPage } from '../report/html/log-page.js';
import { explainLog } from '../sim/log/explain-log.js';
import type { LogExplanation } from '../sim/log/log-explanation.js';
import { pushAll } from '../util/push-all.js';
import { versionOption } from './job-text.js';

/** The most log files one run reads (a JobManager's and a few TaskManagers'). */
export const MAX_LOG_FILES = 16;

export interface ExplainOptions {
  /** --flink-version: the release when the log does not name it. */
  readonly flinkVersion?: string;
}

export interface ExplainedLogs {
  readonly explanation: LogExplanation;
  readonly report: ExplainReport;
}

/** Each file's records and facts, or the diagnostics refusing it. */
function factsOfFile(source: SourceText): Result<{ records: LogRecords; facts: LogFacts }> {
  const records = readLogRecords(source.text, source.file);
  if (!records.ok) return records;
  const facts = readLogFacts([records.value]);
  const evidence = flinkLogEvidence(records.value.records, facts.facts);
  if (evidence.isFlinkLog) return ok({ records: records.value, facts });
  return fail([notAFlinkLog(source, reasonOf(source.text, evidence.reason))]);
}

/** A reason a person recognises first: the file is empty, or binary. */
function reasonOf(text: string, reason: string): string {
  if (text.trim() === '') return 'the file is empty';
  return text.includes('\u0000') ? 'it is a binary file (it has NUL bytes)' : reason;
}

/** A file flinkslot reads elsewhere (a job graph, a configuration) is named with its command; else the reason it is no log. */
function notAFlinkLog(source: SourceText, reason: string): Diagnostic {
  const other = wrongKind(source.text, source.file, ['flink-log'], 'a Flink log');
  if (other !== undefined) return other;
  const d = error(
    'input/not-a-flink-log',
    `this is not a Flink log: ${reason}; \`flinkslot explain\` reads a JobManager or TaskManager log`,
  );
  return { ...d, location: { file: source.file, pointer: '', line: 1, column: 1 } };
}

export function explainLogs(files: readonly SourceText[], options: ExplainOptions = {}): Result<ExplainedLogs> {
  if (files.length === 0) return fail([error('usage/error', 'give at least one log file')]);
  if (files.length > MAX_LOG_FILES)
    return fail([error('usage/error', `${files.length} log files given; flinkslot explain reads at most ${MAX_LOG_FILES} at once`)]);
  const version = versionOption(options.flinkVersion);
  if (!version.ok) return version;
  const facts: LogFact[] = [];
  const logs: LogRecords[] = [];
  const problems: Diagnostic[] = [];
  let records = 0;
  let recognisedRecords = 0;
  for (const f of files) {
    const read = factsOfFile(f);
    if (!read.ok) {
      pushAll(problems, read.diagnostics);
      continue;
    }
    logs.push(read.value.records);
    pushAll(facts, read.value.facts.facts);
    records += read.value.facts.records;
    recognisedRecords += read.value.facts.recognisedRecords;
  }
  if (problems.length > 0) return fail(problems);
  // A log naming no release is dated by its message forms: one release, or a range the replay applies the latest of.
  const range = releaseOfForms(logs);
  const explanation = explainOf({ facts, records, recognisedRecords }, version.value.flinkVersion, range);
  const fromForms = explanation.flinkVersion === undefined || explanation.flinkVersionSource === 'message-forms' ? range : undefined;
  const versionRange =
    fromForms === undefined ? undefined : { earliest: formatVersion(fromForms.earliest), latest: formatVersion(fromForms.latest) };
  const report = buildExplainReport(
    explanation,
    files.map((f) => f.file),
    versionRange === undefined ? {} : { versionRange },
  );
  return ok({ explanation, report }, version.warnings);
}

function explainOf(facts: LogFacts, flinkVersion: FlinkVersion | undefined, range: ReleaseRange | undefined): LogExplanation {
  return explainLog(facts, {
    ...(flinkVersion === undefined ? {} : { flinkVersion }),
    ...(range === undefined
      ? {}
      : compareVersions(range.earliest, range.latest) === 0
        ? { messageFormsVersion: range.latest }
        : { messageFormsRange: { earliest: range.earliest, latest: range.latest } }),
  });
}

export interface LogPageOptions extends ExplainOptions {
  readonly title?: string;
  /** Who made it ("flinkslot 0.1.0"), for the footer. */
  readonly generator: string;
  /** TaskManager rows listed. */
  readonly taskManagerRows?: number;
}

export interface LogPage {
  readonly html: string;
  readonly report: ExplainReport;
}

/** `flinkslot report LOG...`: the explanation drawn as a page (report/html/log-page.ts). */
export function explainPage(files: readonly SourceText[], options: LogPageOptions): Result<LogPage> {
  const explained = explainLogs(files, options);
  if (!explained.ok) return explained;
  const { explanation, report } = explained.value;
  const title = options.title ?? `flinkslot report: ${files.map((f) => f.file.replace(/^.*[\\/]/, '')).join(', ')}`;
  const html = renderLogPage({
    title,
    generator: options.generator,
    report,
    timeline: explanation.timeline,
    taskManagerRows: options.taskManagerRows ?? 500,
  });
  return ok({ html, report }, explained.warnings);
}
