/**
 * `flinkslot validate --format sarif`: a SARIF 2.1.0 log with one run, for GitHub code scanning
 * and other SARIF viewers. Every file given is an artifact; every finding is a result that points
 * at its artifact (by URI and index), its region, and its JSON pointer as a logical location.
 * `tool.driver.rules` holds one descriptor per rule that occurs, sorted by id; `ruleIndex` indexes it.
 */
import type { DiagnosticCode } from '../../errors/diagnostic.js';
import { type FindingSeverity, type Region, type ValidationRun, SEVERITIES, sortFindings } from '../../errors/finding.js';
import { ruleInfo } from './rules.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SARIF_VERSION = '2.1.0';
export const INFORMATION_URI = 'https://github.com/flinkslot/flinkslot';
/** The uriBaseId of relative paths: the directory flinkslot ran in (GitHub resolves it to the checkout). */
export const SRCROOT = 'SRCROOT';

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Readonly<Record<FindingSeverity, SarifLevel>> = { error: 'error', warning: 'warning', info: 'note' };

export function renderValidateSarif(run: ValidationRun, version: string): string {
  return JSON.stringify(validateSarifLog(run, version), null, 2) + '\n';
}

/** The SARIF log as data (what `renderValidateSarif` prints). */
export function validateSarifLog(run: ValidationRun, version: string): object {
  const findings = run.files.flatMap((f) => sortFindings(f.findings));

  // One artifact per file given (in that order), plus any file a finding names that was not given;
  // SARIF wants artifacts unique, so two spellings of one path (jobs\a.yaml, ./jobs/a.yaml) share one.
  const artifacts: { uri: string; uriBaseId?: string }[] = [];
  const byKey = new Map<string, number>();
  const artifactIndex = new Map<string, number>();
  for (const file of [...run.files.map((f) => f.file), ...findings.map((f) => f.location.file)]) {
    if (artifactIndex.has(file)) continue;
    const location = artifactLocation(file);
    const key = `${location.uriBaseId ?? ''} ${location.uri}`;
    let index = byKey.get(key);
    if (index === undefined) {
      index = artifacts.push(location) - 1;
      byKey.set(key, index);
    }
    artifactIndex.set(file, index);
  }

  // Rules that occur, by id; the default level is the most severe level the rule was reported at.
  const worst = new Map<DiagnosticCode, FindingSeverity>();
  for (const f of findings) {
    const seen = worst.get(f.code);
    if (seen === undefined || SEVERITIES.indexOf(f.severity) < SEVERITIES.indexOf(seen)) worst.set(f.code, f.severity);
  }
  const ruleIds = [...worst.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const info = ruleInfo(id);
    return {
      id,
      shortDescription: { text: info.description },
      ...(info.help === undefined ? {} : { help: { text: info.help } }),
      defaultConfiguration: { level: LEVEL[worst.get(id) ?? 'warning'] },
    };
  });

  const anyRelative = artifacts.some((a) => a.uriBaseId !== undefined);
  return {
    $schema: SARIF_SCHEMA_URI,
    version: SARIF_VERSION,
    runs: [
      {
        tool: { driver: { name: 'flinkslot', version, informationUri: INFORMATION_URI, rules } },
        ...(anyRelative
          ? { originalUriBaseIds: { [SRCROOT]: { description: { text: 'The directory flinkslot validate ran in.' } } } }
          : {}),
        artifacts: artifacts.map((location) => ({ location, roles: ['analysisTarget'] })),
        results: findings.map((f) => ({
          ruleId: f.code,
          ruleIndex: ruleIndex.get(f.code) ?? -1,
          level: LEVEL[f.severity],
          message: { text: f.message === '' ? f.code : f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { ...artifactLocation(f.location.file), index: artifactIndex.get(f.location.file) ?? -1 },
                region: sarifRegion(f.location),
              },
              logicalLocations: [{ fullyQualifiedName: f.location.pointer === '' ? '/' : f.location.pointer, kind: POINTER_KIND }],
            },
          ],
        })),
      },
    ],
  };
}

/**
 * SARIF's well-known logical location kinds for JSON documents are object, array, property and
 * value (§3.33.7); a JSON pointer always names a value ('member' is for members of a type in code).
 */
const POINTER_KIND = 'value';

/** Lines and columns at least 1, and the end not before the start. */
function sarifRegion(r: Region): { startLine: number; startColumn: number; endLine: number; endColumn: number } {
  const startLine = atLeastOne(r.line);
  const startColumn = atLeastOne(r.column);
  const endLine = Math.max(startLine, atLeastOne(r.endLine));
  const endColumn = endLine === startLine ? Math.max(startColumn, atLeastOne(r.endColumn)) : atLeastOne(r.endColumn);
  return { startLine, startColumn, endLine, endColumn };
}

function atLeastOne(n: number): number {
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

function artifactLocation(file: string): { uri: string; uriBaseId?: string } {
  return isAbsolutePath(file) ? { uri: fileUri(file) } : { uri: relativeUri(file), uriBaseId: SRCROOT };
}

const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;

export function isAbsolutePath(file: string): boolean {
  return file.startsWith('/') || file.startsWith('\\\\') || WINDOWS_DRIVE.test(file);
}

/** A path as a relative URI reference: forward slashes, each segment percent-encoded. */
export function relativeUri(file: string): string {
  return slashes(file)
    .replace(/^(\.\/)+/, '')
    .split('/')
    .map(encodeSegment)
    .join('/');
}

/** An absolute path as a file: URI (POSIX `/a/b`, Windows `C:\a\b`, UNC `\\host\share\a`). */
export function fileUri(file: string): string {
  if (file.startsWith('\\\\') || file.startsWith('//')) {
    const [host = '', ...rest] = slashes(file).slice(2).split('/');
    return `file://${encodeSegment(host)}/${rest.map(encodeSegment).join('/')}`;
  }
  if (WINDOWS_DRIVE.test(file)) {
    const [drive = '', ...rest] = slashes(file).split('/');
    return `file:///${drive}/${rest.map(encodeSegment).join('/')}`;
  }
  return `file://${file.split('/').map(encodeSegment).join('/')}`;
}

function slashes(file: string): string {
  return file.replace(/\\/g, '/');
}

/**
 * encodeURIComponent keeps only unreserved characters (and !*'()), so `:`, `#`, `?`, `%` and spaces
 * are encoded; a lone surrogate (which it cannot encode) becomes U+FFFD first.
 */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment.replace(LONE_SURROGATE, '\uFFFD'));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
