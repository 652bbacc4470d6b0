/**
 * The YAML `flinkslot import` writes: a header of comments (where it came from, the facts the
 * flinkslot format has no key for, the notes), the `$schema` line for editors, then the data,
 * one vertex, edge or TaskManager per line.
 */
import { dump } from 'js-yaml';
import type { ImportResult } from '../parse/flink/import-file.js';
import { FORMAT_DESCRIPTIONS } from '../parse/flink/flink-format.js';

/**
 * `schemaDir`: where flinkslot's schemas are, as the `$schema` line should name them (the shell
 * passes the installed schemas folder relative to where the file goes), so editors resolve it.
 */
export function renderImportYaml(result: ImportResult, file: string, schemaDir = 'schemas'): string {
  const header = [`Imported by flinkslot from ${file}: ${FORMAT_DESCRIPTIONS[result.format]}.`];
  if (result.kind === 'job') {
    const job = result.job;
    const facts = [
      job.jobId ? `job id ${job.jobId}` : undefined,
      job.jobState ? `state ${job.jobState}` : undefined,
      `job type ${job.jobType ?? 'not stated'}`,
    ].filter((x) => x !== undefined);
    header.push(facts.join(', '));
    const strategies = job.edges.filter((e) => e.shipStrategy !== undefined || e.exchange !== undefined);
    if (strategies.length > 0) {
      header.push('Edges as written in the file (ship strategy, exchange):');
      for (const e of strategies)
        header.push(`  ${e.source} -> ${e.target}: ${e.shipStrategy ?? '-'}${e.exchange === undefined ? '' : `, ${e.exchange}`}`);
    }
  } else {
    header.push(
      `${result.cluster.taskManagers.length} TaskManagers, ${result.cluster.totalSlots} slots (${result.cluster.freeSlots} free in the answer)`,
    );
  }
  const notes = result.notes.filter((n) => n.code !== 'import/format');
  if (notes.length > 0) {
    header.push('Notes:');
    for (const n of notes) header.push(`  - ${n.message}`);
  }
  const schema = `${schemaDir}/${result.kind === 'job' ? 'job-graph' : 'cluster'}.schema.json`;
  const data = result.kind === 'job' ? result.job.jobGraph : result.cluster.cluster;
  const body = dump({ $schema: schema, ...data }, { lineWidth: -1, flowLevel: 2, noRefs: true });
  return `${header.map((line) => `# ${line}`.trimEnd()).join('\n')}\n${body}`;
}
