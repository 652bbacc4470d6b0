/** `flinkslot report`'s result: one self-contained HTML page, printed as it is. */
import type { Result } from '../../errors/diagnostic.js';
import { type DocumentOutput, type Refusal, documentOutput, refused } from '../command-result.js';
import type { HtmlReport } from '../report.js';
import { groupThousands } from '../../util/plain-locale.js';

export type ReportResult = DocumentOutput<'report-page'> | Refusal;

/** `output`: the file the page goes to (-o), named in the line said on stderr once it is written. */
export function reportResult(result: Result<HtmlReport>, o: { output?: string | undefined }): ReportResult {
  if (!result.ok) return refused(result.diagnostics);
  const page = result.value;
  const afterFile = o.output === undefined ? undefined : summary(o.output, page);
  return documentOutput('report-page', page.html, { escape: false, ...(afterFile === undefined ? {} : { afterFile }) });
}

function summary(file: string, r: HtmlReport): string {
  const kib = Math.ceil(new TextEncoder().encode(r.html).length / 1024);
  if (r.diagnosis !== undefined)
    return `wrote ${file} (${groupThousands(kib)} KiB): diagnosis ${r.diagnosis}, ${r.jobs} job(s), ${r.taskManagers} TaskManager(s)\n`;
  const run = r.verdict === undefined ? '' : `, ${r.taskManagers} TaskManager(s), ${r.verdict}`;
  return `wrote ${file} (${groupThousands(kib)} KiB): ${r.jobs} job(s), ${r.vertices} vertices${run}\n`;
}
