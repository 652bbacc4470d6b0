/**
 * `flinkslot memory`: the text of a Flink configuration file → the TaskManager memory report
 * (FLIP-49 components, slot resources), or located diagnostics.
 */
import { type Result, fail, ok } from '../errors/diagnostic.js';
import { taskManagerSetup } from '../memory/memory-from-configuration.js';
import { parseFlinkConfiguration, withDynamicProperties } from '../memory/parse-flink-configuration.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import { resolveFlinkVersion } from '../model/flink-version.js';
import { stripByteOrderMark } from '../parse/document.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { type MemoryReport, buildMemoryReport } from '../report/memory-report.js';

export interface MemoryOptions {
  /** Flink release whose defaults apply ("1.17"); default: the newest modelled. */
  flinkVersion?: string;
  /** `key=value` pairs applied on top of the file, like Flink's -D dynamic properties. */
  properties?: readonly string[];
}

export function memoryFromText(source: string, file?: string, options: MemoryOptions = {}): Result<MemoryReport> {
  const text = stripByteOrderMark(source);
  const version = resolveFlinkVersion(options.flinkVersion, '--flink-version', '');
  if (!version.ok) return version;
  const parsed = parseFlinkConfiguration(text, file);
  if (!parsed.ok) return parsed;
  const config = withDynamicProperties(parsed.value, options.properties ?? []);
  if (!config.ok) return config;
  const setup = taskManagerSetup(config.value, version.value);
  if (!setup.ok)
    return fail(
      locateDiagnostics(
        setup.diagnostics.map((d) => withConfigPointer(d, text)),
        text,
        file,
      ),
    );
  const report = buildMemoryReport(
    setup.value.memory,
    setup.value.resources,
    version.value,
    options.flinkVersion !== undefined,
    version.warnings,
  );
  return ok(report, version.warnings);
}
