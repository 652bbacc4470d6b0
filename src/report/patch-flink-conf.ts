/**
 * `size --emit flink-conf` on the user's flink-conf.yaml or config.yaml (issue 25 §2): only the
 * keys the answer needs change — the slots, the TaskManager memory keys, the CPU where the file
 * would derive another — each where the file writes it (flat, or nested in config.yaml), in its
 * own style; new keys go at the end of the map they belong to. A flat file that is not YAML is
 * edited line by line, as Flink reads it (flink-core/.../GlobalConfiguration.java: loadYAMLResource).
 */
import { type YAMLMap, isMap, parseDocument } from 'yaml';
import { type Result, ok } from '../errors/diagnostic.js';
import type { FlinkConfiguration } from '../memory/flink-configuration.js';
import { readConfigurationText } from '../memory/parse-flink-configuration.js';
import type { PatchedFile } from './patch-deployment.js';
import { targetOfConfiguration } from '../memory/task-manager-cpu.js';
import { CPU_CORES, type KeyChange, cpuChange, sizingKeyChanges } from './sizing-changes.js';
import type { SizeDeployment } from './size-report.js';
import { type TextEdit, type ValueChange, applyEdits, pointerSegment, unifiedDiff } from './yaml-edit.js';
import { YamlPatch } from './yaml-patch.js';

export function patchFlinkConf(source: string, file: string, answer: SizeDeployment): Result<PatchedFile> {
  const read = readConfigurationText(source, file);
  if (!read.ok) return read;
  const keys = keyChanges(answer, read.value.config);
  const doc = parseDocument(source);
  const { edits, changes } =
    doc.errors.length === 0 && isMap(doc.contents) ? yamlEdits(source, doc.contents as YAMLMap, keys) : lineEdits(source, keys);
  return ok({ text: applyEdits(source, edits), changes, diff: unifiedDiff(source, edits, file, `${file} (patched)`), notes: [] });
}

/** The slots and memory keys, and `taskmanager.cpu.cores` when the file's keys derive another CPU. */
function keyChanges(answer: SizeDeployment, base: FlinkConfiguration): KeyChange[] {
  const cpu = cpuChange(answer, base, targetOfConfiguration(base) ?? 'standalone');
  return [...sizingKeyChanges(answer, base), ...(cpu === undefined ? [] : [{ key: CPU_CORES, value: String(cpu) }])];
}

function yamlEdits(source: string, root: YAMLMap, keys: readonly KeyChange[]): { edits: TextEdit[]; changes: ValueChange[] } {
  const patch = new YamlPatch(source);
  for (const k of keys) patch.setFlatKey(root, '', k.key, k.value === null ? null : { text: k.value, bare: true });
  return { edits: patch.allEdits(), changes: patch.changes };
}

/** `key: value` lines as Flink splits them: the text before '#', at the first ': '; the last line of a key wins. */
function lineEdits(source: string, keys: readonly KeyChange[]): { edits: TextEdit[]; changes: ValueChange[] } {
  const found = new Map<string, { start: number; end: number; valueStart: number; valueEnd: number; value: string }>();
  let offset = 0;
  for (const line of source.split('\n')) {
    const conf = line.split('#')[0]!;
    const colon = conf.indexOf(': ');
    const key = colon < 0 ? '' : conf.slice(0, colon).trim();
    if (key !== '') {
      const raw = conf.slice(colon + 2);
      const valueStart = offset + colon + 2 + (raw.length - raw.trimStart().length);
      const value = raw.trim();
      found.set(key, { start: offset, end: offset + line.length + 1, valueStart, valueEnd: valueStart + value.length, value });
    }
    offset += line.length + 1;
  }
  const edits: TextEdit[] = [];
  const changes: ValueChange[] = [];
  const added: string[] = [];
  for (const k of keys) {
    const at = found.get(k.key);
    if (at !== undefined && k.value === null) edits.push({ start: at.start, end: Math.min(at.end, source.length), text: '' });
    else if (at !== undefined) edits.push({ start: at.valueStart, end: at.valueEnd, text: k.value! });
    else if (k.value !== null) added.push(`${k.key}: ${k.value}`);
    if (at !== undefined || k.value !== null) changes.push({ path: `/${pointerSegment(k.key)}`, from: at?.value ?? null, to: k.value });
  }
  if (added.length > 0) {
    const lead = source === '' || source.endsWith('\n') ? '' : '\n';
    edits.push({ start: source.length, end: source.length, text: `${lead}${added.join('\n')}\n` });
  }
  return { edits, changes };
}
