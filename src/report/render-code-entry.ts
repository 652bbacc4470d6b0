/**
 * The catalog of diagnostic codes (src/errors/codes.ts) as text: one entry for `flinkslot help
 * CODE`, and the whole catalog as docs/diagnostics.md (bin/gen-diagnostics-doc.js
 * writes it; a test checks the checked-in page is current).
 */
import { type CodeEntry, type DiagnosticCode, codeArea, codeEntry, diagnosticCodes, severitiesOf } from '../errors/codes.js';

/** The headings of the areas, in the order the page lists them; an area not named here comes last. */
const AREAS: ReadonlyArray<readonly [area: string, heading: string]> = [
  ['input', 'Input files and job graphs'],
  ['import', "Flink's own JSON files"],
  ['config', 'Flink configurations'],
  ['configuration', 'Flink configurations as clusters'],
  ['tm-config', 'TaskManager configurations'],
  ['deployment', 'FlinkDeployments (Kubernetes operator)'],
  ['manifest', 'Kubernetes manifests (standalone)'],
  ['slot-sharing', 'Slot sharing'],
  ['regions', 'Pipelined regions'],
  ['resources', 'Resources'],
  ['managed-memory', 'Managed memory'],
  ['plan', 'Planning'],
  ['network', 'Network buffers'],
  ['execution', 'Subtask level (plan --execution)'],
  ['scenario', 'Scenarios and clusters'],
  ['rest', "A JobManager's REST API"],
  ['policy', 'validate policies'],
  ['size', 'size'],
  ['usage', 'Command lines'],
  ['output', 'Output'],
  ['general', 'Failures of flinkslot itself'],
];

/** "error", "error or warning". */
export function severityText(entry: CodeEntry): string {
  const all = severitiesOf(entry);
  return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} or ${all.at(-1)!}`;
}

/** `flinkslot help CODE`: the entry as text. */
export function renderCodeHelp(code: DiagnosticCode): string {
  const entry = codeEntry(code);
  return [
    `${code} (${severityText(entry)})`,
    `  ${entry.title}`,
    '',
    'MEANING',
    `  ${entry.meaning}`,
    '',
    'FIX',
    `  ${entry.fix}`,
    '',
    'EXAMPLE',
    `  ${entry.example}`,
    '',
  ].join('\n');
}

/** The anchor of a code's heading on docs/diagnostics.md: `input/too-large` → `input-too-large`. */
export function codeAnchor(code: DiagnosticCode): string {
  return code.replaceAll('/', '-');
}

/** docs/diagnostics.md: an index by area, then one entry per code. */
export function renderDiagnosticsDoc(): string {
  const groups = codesByArea();
  const out = [
    '# Diagnostic codes',
    '',
    '<!-- Generated from src/errors/codes.ts by `npm run docs:diagnostics`: edit the catalog, not this page. -->',
    '',
    `A diagnostic carries its code: at the end of an error or warning (\`[input/syntax]\`), in each finding of \`validate\`, and as \`"code"\` in \`--json\` output. This page lists all ${diagnosticCodes().length} codes flinkslot can emit, by area, each with what it means, an example and the fix; \`flinkslot help CODE\` prints one of them. The examples show messages as flinkslot prints them on stderr (\`note\` is an \`info\`).`,
    '',
    '## Index',
    '',
    ...groups.map(([heading, codes]) => `- **${heading}**: ${codes.map((c) => `[\`${c}\`](#${codeAnchor(c)})`).join(', ')}`),
  ];
  for (const [heading, codes] of groups) {
    out.push('', `## ${heading}`);
    for (const code of codes) out.push('', entryMarkdown(code));
  }
  return out.join('\n') + '\n';
}

function entryMarkdown(code: DiagnosticCode): string {
  const entry = codeEntry(code);
  return [
    `<a id="${codeAnchor(code)}"></a>`,
    '',
    `### \`${code}\``,
    '',
    `**${severityText(entry)}**: ${entry.title}`,
    '',
    entry.meaning,
    '',
    '```text',
    entry.example,
    '```',
    '',
    `**Fix**: ${entry.fix}`,
  ].join('\n');
}

function codesByArea(): Array<[string, DiagnosticCode[]]> {
  const byArea = new Map<string, DiagnosticCode[]>();
  for (const code of diagnosticCodes()) {
    const area = codeArea(code);
    const list = byArea.get(area);
    if (list === undefined) byArea.set(area, [code]);
    else list.push(code);
  }
  const order = new Map(AREAS.map(([area], i) => [area, i]));
  const heading = new Map(AREAS);
  return [...byArea]
    .sort(([a], [b]) => (order.get(a) ?? AREAS.length) - (order.get(b) ?? AREAS.length) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([area, codes]) => [heading.get(area) ?? area, codes]);
}
