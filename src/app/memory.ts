/**
 * `flinkslot memory`: the text of a Flink configuration file → the TaskManager memory report
 * (FLIP-49 components, slot resources), or located diagnostics.
 */
import { type Diagnostic, type Result, fail, ok } from '../errors/diagnostic.js';
import { taskManagerSetup } from '../memory/memory-from-configuration.js';
import { readConfigurationText, targetWaysOfText, withDynamicProperties } from '../memory/parse-flink-configuration.js';
import { containerNotes } from '../memory/kubernetes-standalone.js';
import { externalResourceNotes } from '../memory/external-resources.js';
import { withConfigPointer } from '../memory/task-manager-slot-size.js';
import { type DeploymentTarget, targetOfConfiguration } from '../memory/task-manager-cpu.js';
import { type FlinkVersion, resolveFlinkVersion } from '../model/flink-version.js';
import { CONFIGURATION_KINDS, orWrongKind } from './wrong-kind.js';
import { stripByteOrderMark } from '../parse/document.js';
import { locateDiagnostics } from '../parse/source-map.js';
import { type MemoryReport, buildMemoryReport } from '../report/memory-report.js';

export interface MemoryOptions {
  /** Flink release whose defaults apply ("1.17"); default: the newest modelled. */
  flinkVersion?: string;
  /** `key=value` pairs applied on top of the file, like Flink's -D dynamic properties. */
  properties?: readonly string[];
  /** Where the TaskManagers run; default: the configuration's execution.target, else standalone. */
  deploymentTarget?: DeploymentTarget;
}

export function memoryFromText(source: string, file?: string, options: MemoryOptions = {}): Result<MemoryReport> {
  const text = stripByteOrderMark(source);
  // --flink-version is checked before the file is read (a wrong flag is reported first).
  const given = options.flinkVersion === undefined ? undefined : resolveFlinkVersion(options.flinkVersion, '--flink-version', '');
  if (given !== undefined && !given.ok) return given;
  const derived = deriveMemory(text, file, options, given);
  return orWrongKind(derived, { text, file: file ?? '<stdin>' }, CONFIGURATION_KINDS, 'a Flink configuration');
}

function deriveMemory(
  text: string,
  file: string | undefined,
  options: MemoryOptions,
  given: Result<FlinkVersion> | undefined,
): Result<MemoryReport> {
  const read = readConfigurationText(text, file);
  if (!read.ok) return read;
  // Otherwise a FlinkDeployment or an image tag names the release.
  const versionText = options.flinkVersion ?? read.value.flinkVersion;
  const version = given ?? resolveFlinkVersion(versionText, 'spec.flinkVersion', '');
  if (!version.ok) return version;
  const config = withDynamicProperties(read.value.config, options.properties ?? []);
  if (!config.ok) return config;
  const target = options.deploymentTarget ?? targetOfConfiguration(config.value) ?? 'standalone';
  // --target names the target of a configuration file; a FlinkDeployment's or a manifest's is fixed by the file.
  const ways = targetWaysOfText(read.value);
  const setup = taskManagerSetup(config.value, version.value, target, { ...ways, flag: ways.executionTarget !== false });
  if (!setup.ok) {
    const { text: located, locateKey } = read.value;
    // A key given by -D is not in the file: its diagnostic stays at the key, for atDynamicProperties to name the flag.
    const dynamic = new Set((options.properties ?? []).map((p) => p.slice(0, Math.max(0, p.indexOf('='))).trim()));
    const relocate = (d: Diagnostic): Diagnostic =>
      locateKey === undefined || !d.location?.pointer
        ? withConfigPointer(d, located)
        : dynamic.has(d.location.pointer.slice(1))
          ? d
          : { ...d, location: locateKey(d.location.pointer.slice(1)) };
    return fail(atDynamicProperties(locateDiagnostics(setup.diagnostics.map(relocate), located, file), options.properties ?? []));
  }
  const versionSource: 'option' | 'file' | 'assumed' =
    options.flinkVersion !== undefined ? 'option' : versionText !== undefined ? 'file' : 'assumed';
  const workload = read.value.manifest?.taskManagers;
  const container =
    workload === undefined ? [] : containerNotes(workload, setup.value.memory.totalProcess, setup.value.resources.cpu.cores);
  // How the file was read: warnings (a near miss of a key, a hidden value) apart from notes.
  const howRead = [...read.value.notes, ...setup.warnings];
  const warnings = [...version.warnings, ...howRead.filter((n) => n.severity === 'warning')];
  const external = externalResourceNotes(setup.value.resources.externalResources, version.value);
  const notes = [...[...howRead.filter((n) => n.severity !== 'warning'), ...container].map((n) => n.message), ...external];
  const report = buildMemoryReport(setup.value.memory, setup.value.resources, {
    version: version.value,
    source: versionSource,
    warnings,
    notes,
  });
  return ok(report, warnings);
}

/**
 * A problem with an option given by -D is the flag's, not the file's: the diagnostic names the
 * flag as its place (`-D taskmanager.memory.process.size=1.5g`), with the option's key as pointer.
 */
function atDynamicProperties(diagnostics: Diagnostic[], properties: readonly string[]): Diagnostic[] {
  const given = new Map<string, string>();
  for (const p of properties) {
    const at = p.indexOf('=');
    if (at > 0) given.set(p.slice(0, at).trim(), p);
  }
  if (given.size === 0) return diagnostics;
  return diagnostics.map((d) => {
    const key = d.location?.pointer.replace(/^\//, '').replace(/~1/g, '/').replace(/~0/g, '~').replace(/\//g, '.');
    const flag = key === undefined ? undefined : given.get(key);
    return flag === undefined ? d : { ...d, location: { file: `-D ${flag}`, pointer: `/${key}` } };
  });
}
