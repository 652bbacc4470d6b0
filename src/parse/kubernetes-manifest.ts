/**
 * A Kubernetes manifest often holds several YAML documents separated by `---` (a ServiceAccount,
 * a RoleBinding, then the FlinkDeployment), and users point flinkslot at the file they
 * `kubectl apply`. flinkslot reads one object of such a file: its FlinkDeployment, else the
 * ConfigMap holding Flink's configuration file (a standalone cluster without the operator). It comes
 * back as the file's text with every other document's lines blanked, so the line and column of
 * every later diagnostic are still those of the file, and with the other documents (a standalone
 * cluster's TaskManager Deployment says how many TaskManagers run).
 */
import { load } from 'js-yaml';
import { type Result, error, fail, ok } from '../errors/diagnostic.js';
import { offsetToPosition } from './source-map.js';

interface Document {
  readonly first: number;
  readonly end: number;
}

const START = /^---(\s|$)/;
const END = /^\.\.\.(\s|$)/;

/** Line ranges [first, end) of the documents; marker lines belong to none. */
function documentRanges(lines: readonly string[]): Document[] {
  const out: Document[] = [];
  let first = 0;
  const close = (end: number): void => {
    if (lines.slice(first, end).some((l) => /^\s*[^\s#]/.test(l))) out.push({ first, end });
  };
  lines.forEach((line, i) => {
    if (START.test(line) || END.test(line)) {
      close(i);
      first = i + 1;
    }
  });
  close(lines.length);
  return out;
}

const blankOutside = (lines: readonly string[], d: Document): string =>
  lines.map((l, i) => (i >= d.first && i < d.end ? l : '')).join('\n');

const kindOf = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>).kind : undefined);

/** A ConfigMap that carries Flink's configuration file. */
function isFlinkConfigMap(data: unknown): boolean {
  if (kindOf(data) !== 'ConfigMap') return false;
  const files = (data as Record<string, unknown>).data;
  return typeof files === 'object' && files !== null && ['flink-conf.yaml', 'config.yaml'].some((f) => f in files);
}

export interface ManifestDocument {
  readonly data: unknown;
  readonly text: string;
  /** The manifest's other documents. */
  readonly companions: readonly unknown[];
}

/**
 * The FlinkDeployment of a text with several YAML documents, or undefined when the text does not
 * split into several documents that each parse (the caller then reports the syntax error).
 */
export function manifestDocument(text: string): Result<ManifestDocument> | undefined {
  const lines = text.split('\n');
  const documents = documentRanges(lines);
  if (documents.length < 2) return undefined;
  const parsed: Array<{ data: unknown; range: Document; first: number }> = [];
  for (const d of documents) {
    try {
      parsed.push({ data: load(lines.slice(d.first, d.end).join('\n')), range: d, first: d.first });
    } catch {
      return undefined;
    }
  }
  const deployments = parsed.filter((p) => kindOf(p.data) === 'FlinkDeployment');
  const configMaps = parsed.filter((p) => isFlinkConfigMap(p.data));
  const chosen =
    deployments.length === 1 ? deployments[0] : deployments.length === 0 && configMaps.length === 1 ? configMaps[0] : undefined;
  if (chosen !== undefined)
    return ok({
      data: chosen.data,
      // Only the chosen document's text is built: one full-length copy per document is quadratic.
      text: blankOutside(lines, chosen.range),
      companions: parsed.filter((p) => p !== chosen).map((p) => p.data),
    });
  // Not a Kubernetes manifest: the caller's "expected a single document" error says it best.
  if (deployments.length === 0 && parsed.every((p) => kindOf(p.data) === undefined)) return undefined;
  // At the marker line that opens the second document.
  const at = offsetToPosition(text, lines.slice(0, parsed[1]!.first - 1).join('\n').length + (parsed[1]!.first > 1 ? 1 : 0));
  if (deployments.length === 0) {
    const kinds = listed(parsed.map((p) => JSON.stringify(kindOf(p.data) ?? null)));
    const message = `the file holds ${parsed.length} YAML documents (${kinds}) and none is a FlinkDeployment or a ConfigMap with Flink's configuration: flinkslot reads one document per file`;
    return fail([{ ...error('input/several-documents', message, ''), location: { pointer: '', ...at } }]);
  }
  // JSON quoting escapes control characters a name from the file may carry.
  const names = deployments.map((p) =>
    JSON.stringify(((p.data as Record<string, unknown>).metadata as Record<string, unknown> | undefined)?.name ?? null),
  );
  const message = `the file holds ${deployments.length} FlinkDeployments (${listed(names)}): flinkslot reads one, put each in its own file`;
  return fail([{ ...error('input/several-documents', message, ''), location: { pointer: '', ...at } }]);
}

/** The first ten, then how many more: a manifest of thousands of documents is one line, not thousands. */
function listed(items: readonly string[]): string {
  const shown = items.slice(0, 10).join(', ');
  return items.length > 10 ? `${shown} and ${items.length - 10} more` : shown;
}
