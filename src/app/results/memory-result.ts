/** `flinkslot memory`'s result: the TaskManager memory breakdown. */
import type { Result } from '../../errors/diagnostic.js';
import type { MemoryReport } from '../../report/memory-report.js';
import { render } from '../../report/renderers/memory.js';
import { type Refusal, type ReportOutput, reportOutput } from '../command-result.js';

export type MemoryResult = ReportOutput<'memory', MemoryReport> | Refusal;

export function memoryResult(result: Result<MemoryReport>): MemoryResult {
  return reportOutput('memory', result, { text: (report, style) => render({ kind: 'memory', value: report }, 'text', { style }) });
}
