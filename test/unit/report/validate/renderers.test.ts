/**
 * The six `flinkslot validate` renderers on a hand-made run (test/unit/validate/validate-run.ts):
 * exact output where it is short enough to read, structure otherwise; escaping in every format;
 * what --fail-level changes; SARIF's rules/ruleIndex bookkeeping; JUnit read back by a small XML
 * 1.0 well-formedness checker written here.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { type Style, PLAIN } from '../../../../src/report/style.js';
import { annotation, escapeData, escapeProperty, renderValidateGithub } from '../../../../src/report/validate/render-github.js';
import { renderValidateJson } from '../../../../src/report/validate/render-json.js';
import { escapeAttribute, escapeText, renderValidateJunit } from '../../../../src/report/validate/render-junit.js';
import { fileUri, relativeUri, renderValidateSarif } from '../../../../src/report/validate/render-sarif.js';
import { renderValidateTap } from '../../../../src/report/validate/render-tap.js';
import { formatValidationSummary, renderValidateText } from '../../../../src/report/validate/render-text.js';
import type { FileResult } from '../../../../src/errors/finding.js';
import { ruleInfo } from '../../../../src/report/validate/rules.js';
import { type XmlElement, children, parseXml } from '../../../support/xml.js';
import { A, B, C, FILES, TRICKY, finding, runAt } from '../../../support/validate-run.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// ---------------------------------------------------------------------------------------------
// text

describe('renderValidateText', () => {
  it('prints one line per finding, files in the order given, findings by line, then the summary', () => {
    expect(renderValidateText(runAt('error'), PLAIN)).toBe(
      [
        'jobs/a.yaml:3:5         warning  input/unknown-key     key "a,b: 100%"',
        "    is <unknown> & ignored, isn't it?  (/vertices/0/colour)",
        'jobs/a.yaml:5:13        error    input/unknown-vertex  edge source "src" is not a vertex of the job  (/edges/0/source)',
        'jobs/a.yaml:9:13        error    input/unknown-vertex  edge target "sink" is not a vertex of the job  (/edges/1/target)',
        '/abs/jobs/c d.yaml:1:1  warning  policy/max-slots      the job needs 12 slots, more than --max-slots 8',
        '/abs/jobs/c d.yaml:2:3  info     import/defaults       flinkVersion not given; read as Flink 1.20  (/flinkVersion)',
        '',
        '3 files: 2 passed, 1 failed (2 errors, 2 warnings, 1 note)',
        '',
      ].join('\n'),
    );
  });

  it('lists files without findings as `file: ok` only when verbose', () => {
    expect(renderValidateText(runAt('error'), PLAIN)).not.toContain(`${B}: ok`);
    const lines = renderValidateText(runAt('error'), PLAIN, { verbose: true }).split('\n');
    expect(lines[4]).toBe(`${B}: ok`);
    expect(lines[5]).toMatch(/^\/abs\/jobs\/c d\.yaml:1:1 {2}warning/);
  });

  it('counts failed files by the fail level', () => {
    const last = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';
    expect(last(renderValidateText(runAt('warning'), PLAIN))).toBe('3 files: 1 passed, 2 failed (2 errors, 2 warnings, 1 note)');
    expect(last(renderValidateText(runAt('none'), PLAIN))).toBe('3 files: 3 passed, 0 failed (2 errors, 2 warnings, 1 note)');
  });

  it('colours only through the Style: severities, rules, pointers, the summary', () => {
    const tag = (name: string) => (text: string) => `<${name}>${text}</${name}>`;
    const style: Style = { heading: tag('h'), strong: tag('s'), dim: tag('d'), warn: tag('w'), error: tag('e'), ok: tag('o') };
    const text = renderValidateText(runAt('error'), style, { verbose: true });
    expect(text).toContain('<e>error  </e>  <d>input/unknown-vertex</d>  edge source');
    expect(text).toContain('<w>warning</w>  <d>policy/max-slots    </d>');
    expect(text).toContain('<d>info   </d>');
    expect(text).toContain('<d>(/flinkVersion)</d>');
    expect(text).toContain(`${B}: <o>ok</o>`);
    expect(text).toContain('<e>3 files: 2 passed, 1 failed');
    expect(renderValidateText(runAt('none'), style)).toContain('<o>3 files: 3 passed, 0 failed');
    expect(text).not.toMatch(/\u001b\[/);
  });

  it('reads well with nothing to report', () => {
    expect(renderValidateText(runAt('error', []), PLAIN)).toBe('0 files: 0 passed, 0 failed (0 errors, 0 warnings, 0 notes)\n');
    expect(renderValidateText(runAt('error', [FILES[1] as FileResult]), PLAIN, { verbose: true })).toBe(
      `${B}: ok\n\n1 file: 1 passed, 0 failed (0 errors, 0 warnings, 0 notes)\n`,
    );
  });

  it('formats the summary line with singular and plural', () => {
    expect(formatValidationSummary({ files: 1, passed: 0, failed: 1, skipped: 0, errors: 1, warnings: 1, infos: 1 })).toBe(
      '1 file: 0 passed, 1 failed (1 error, 1 warning, 1 note)',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// JSON

const validateEnvelope = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(
  JSON.parse(readFileSync(new URL('../../../../schemas/validate.schema.json', import.meta.url), 'utf8')) as object,
);

describe('renderValidateJson', () => {
  it('prints one envelope: tool, fail level, summary, then every file with its sorted findings', () => {
    const text = renderValidateJson(runAt('error'), '1.2.3');
    expect(text.endsWith('}\n')).toBe(true);
    const json = JSON.parse(text) as Json;
    expect(Object.keys(json)).toEqual(['schemaVersion', 'tool', 'failLevel', 'summary', 'files']);
    expect(json.schemaVersion).toBe(1);
    expect(json.tool).toEqual({ name: 'flinkslot', version: '1.2.3' });
    expect(json.failLevel).toBe('error');
    expect(json.summary).toEqual({ files: 3, passed: 2, failed: 1, skipped: 0, errors: 2, warnings: 2, infos: 1 });
    expect(json.files.map((f: Json) => [f.file, f.valid, f.passed])).toEqual([
      [A, false, false],
      [B, true, true],
      [C, true, true],
    ]);
    expect(json.files[0].findings.map((f: Json) => f.line)).toEqual([3, 5, 9]);
    expect(json.files[0].findings[0]).toEqual({
      rule: 'input/unknown-key',
      severity: 'warning',
      message: TRICKY,
      file: A,
      pointer: '/vertices/0/colour',
      line: 3,
      column: 5,
      endLine: 4,
      endColumn: 2,
    });
    expect(json.files[1]).toEqual({
      file: B,
      valid: true,
      passed: true,
      summary: { job: 'wordcount', minimumSlots: 4, maxParallelism: 128 },
      findings: [],
    });
    expect('summary' in json.files[0]).toBe(false);
  });

  it('marks files passed by the fail level', () => {
    const passed = (level: 'error' | 'warning' | 'info' | 'none'): boolean[] =>
      (JSON.parse(renderValidateJson(runAt(level), '0')) as Json).files.map((f: Json) => f.passed);
    expect(passed('error')).toEqual([false, true, true]);
    expect(passed('warning')).toEqual([false, true, false]);
    expect(passed('info')).toEqual([false, true, false]);
    expect(passed('none')).toEqual([true, true, true]);
  });

  it('validates against schemas/validate.schema.json, at every fail level and with no files', () => {
    for (const level of ['error', 'warning', 'info', 'none'] as const) {
      for (const files of [FILES, []]) {
        const valid = validateEnvelope(JSON.parse(renderValidateJson(runAt(level, files), '0.1.0')));
        expect(validateEnvelope.errors ?? [], JSON.stringify(validateEnvelope.errors)).toEqual([]);
        expect(valid).toBe(true);
      }
    }
  });

  it('is rejected by the schema when a field is off', () => {
    const json = JSON.parse(renderValidateJson(runAt('error'), '0.1.0')) as Json;
    json.files[0].findings[0].severity = 'note';
    expect(validateEnvelope(json)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// SARIF

describe('renderValidateSarif', () => {
  const log = JSON.parse(renderValidateSarif(runAt('error'), '1.2.3')) as Json;
  const run = log.runs[0];

  it('is a SARIF 2.1.0 log with one run of flinkslot', () => {
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(run.tool.driver).toMatchObject({
      name: 'flinkslot',
      version: '1.2.3',
      informationUri: 'https://github.com/flinkslot/flinkslot',
    });
  });

  it('describes each rule that occurs once, sorted, from ruleInfo, with help where there is help', () => {
    const rules = run.tool.driver.rules;
    expect(rules.map((r: Json) => r.id)).toEqual(['import/defaults', 'input/unknown-key', 'input/unknown-vertex', 'policy/max-slots']);
    for (const r of rules) expect(r.shortDescription).toEqual({ text: ruleInfo(r.id).description });
    expect(rules[3].help).toEqual({ text: ruleInfo('policy/max-slots').help });
    expect(rules.slice(0, 3).every((r: Json) => !('help' in r))).toBe(true);
    expect(rules.map((r: Json) => r.defaultConfiguration.level)).toEqual(['note', 'warning', 'error', 'warning']);
  });

  it('points every result at its rule by ruleId and ruleIndex', () => {
    expect(run.results).toHaveLength(5);
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
    expect(run.results.map((r: Json) => [r.ruleId, r.level])).toEqual([
      ['input/unknown-key', 'warning'],
      ['input/unknown-vertex', 'error'],
      ['input/unknown-vertex', 'error'],
      ['policy/max-slots', 'warning'],
      ['import/defaults', 'note'],
    ]);
  });

  it('locates results by artifact, region and JSON pointer; keeps the message as it is', () => {
    const [first, , , policy] = run.results;
    expect(first.message).toEqual({ text: TRICKY });
    expect(first.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'jobs/a.yaml', uriBaseId: 'SRCROOT', index: 0 },
          region: { startLine: 3, startColumn: 5, endLine: 4, endColumn: 2 },
        },
        logicalLocations: [{ fullyQualifiedName: '/vertices/0/colour', kind: 'value' }],
      },
    ]);
    // An absolute path is a file: URI, without uriBaseId; the document itself is '/'.
    expect(policy.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'file:///abs/jobs/c%20d.yaml', index: 2 });
    expect(policy.locations[0].logicalLocations).toEqual([{ fullyQualifiedName: '/', kind: 'value' }]);
    expect(run.artifacts.map((a: Json) => a.location)).toEqual([
      { uri: 'jobs/a.yaml', uriBaseId: 'SRCROOT' },
      { uri: 'jobs/b.json', uriBaseId: 'SRCROOT' },
      { uri: 'file:///abs/jobs/c%20d.yaml' },
    ]);
    for (const r of run.results) {
      const loc = r.locations[0].physicalLocation.artifactLocation;
      expect(run.artifacts[loc.index].location.uri).toBe(loc.uri);
    }
    expect(Object.keys(run.originalUriBaseIds)).toEqual(['SRCROOT']);
  });

  it('keeps artifacts unique when one path is spelt two ways', () => {
    const files: FileResult[] = ['jobs\\a.yaml', './jobs/a.yaml', 'jobs/a.yaml'].map((file) => ({
      file,
      valid: false,
      findings: [finding(file, 'input/syntax', 'error', 'bad', '', [1, 1, 1, 2])],
    }));
    const sarif = (JSON.parse(renderValidateSarif(runAt('error', files), '0')) as Json).runs[0];
    expect(sarif.artifacts.map((a: Json) => a.location)).toEqual([{ uri: 'jobs/a.yaml', uriBaseId: 'SRCROOT' }]);
    expect(sarif.results.map((r: Json) => r.locations[0].physicalLocation.artifactLocation.index)).toEqual([0, 0, 0]);
  });

  it('keeps lines and columns at least 1 and the end not before the start', () => {
    const odd: FileResult = {
      file: 'x.yaml',
      valid: false,
      findings: [finding('x.yaml', 'input/syntax', 'error', 'bad', '', [0, 0, 0, 0])],
    };
    const region = (JSON.parse(renderValidateSarif(runAt('error', [odd]), '0')) as Json).runs[0].results[0].locations[0].physicalLocation
      .region;
    expect(region).toEqual({ startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 });
  });

  it('has no results, no rules and no SRCROOT for a run of absolute clean files', () => {
    const clean = (JSON.parse(renderValidateSarif(runAt('error', [{ file: '/a.yaml', valid: true, findings: [] }]), '0')) as Json).runs[0];
    expect(clean.results).toEqual([]);
    expect(clean.tool.driver.rules).toEqual([]);
    expect(clean.originalUriBaseIds).toBeUndefined();
  });

  it('turns paths into URIs: forward slashes, encoded segments, file: URIs for absolute paths', () => {
    expect(relativeUri('jobs\\a b.yaml')).toBe('jobs/a%20b.yaml');
    expect(relativeUri('./x#1?.yaml')).toBe('x%231%3F.yaml');
    expect(relativeUri('a:b/100%.yaml')).toBe('a%3Ab/100%25.yaml');
    expect(relativeUri('../jobs/ü.yaml')).toBe('../jobs/%C3%BC.yaml');
    expect(fileUri('/tmp/jobs/a.yaml')).toBe('file:///tmp/jobs/a.yaml');
    expect(fileUri('C:\\work\\my jobs\\a.yaml')).toBe('file:///C:/work/my%20jobs/a.yaml');
    expect(fileUri('\\\\host\\share\\a.yaml')).toBe('file://host/share/a.yaml');
  });
});

// ---------------------------------------------------------------------------------------------
// JUnit, read back by a small XML 1.0 well-formedness checker

describe('the XML checker of these tests', () => {
  it('rejects what is not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow(/end tag/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/duplicate/);
    expect(() => parseXml('<a x="<"/>')).toThrow(/< in an attribute/);
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow(/reference/);
    expect(() => parseXml('<a>R&D</a>')).toThrow(/reference/);
    expect(() => parseXml('<a>\u0001</a>')).toThrow(/not allowed/);
    expect(() => parseXml('<a>&#0;</a>')).toThrow(/does not allow/);
    expect(() => parseXml('<a/><b/>')).toThrow(/after the root/);
    expect(() => parseXml('<a x=1/>')).toThrow(/quoted/);
    expect(parseXml('<a x="&#10;&lt;" y=\'"\'>t&amp;<b/>u</a>')).toEqual({
      name: 'a',
      attrs: { x: '\n<', y: '"' },
      text: 't&u',
      children: [{ name: 'b', attrs: {}, text: '', children: [] }],
    });
  });
});

describe('renderValidateJunit', () => {
  it('starts with the XML declaration and is well-formed', () => {
    const xml = renderValidateJunit(runAt('error'));
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(() => parseXml(xml)).not.toThrow();
  });

  it('has one suite per file and one case per failing file rule, or one passing `valid` case', () => {
    const root = parseXml(renderValidateJunit(runAt('error')));
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toEqual({ name: 'flinkslot validate', tests: '4', failures: '1', errors: '0', skipped: '0' });
    const suites = children(root, 'testsuite');
    expect(suites.map((s) => [s.attrs.name, s.attrs.tests, s.attrs.failures])).toEqual([
      [A, '2', '1'],
      [B, '1', '0'],
      [C, '1', '0'],
    ]);
    const [a, b, c] = suites as [XmlElement, XmlElement, XmlElement];
    expect(children(a, 'testcase').map((t) => t.attrs)).toEqual([
      { classname: A, name: 'input/unknown-key' },
      { classname: A, name: 'input/unknown-vertex' },
    ]);
    const [key, vertex] = children(a, 'testcase') as [XmlElement, XmlElement];
    // Below the fail level: passes, its finding in <system-out>.
    expect(children(key, 'failure')).toEqual([]);
    expect(children(key, 'system-out')[0]?.text).toBe(`${A}:3:5 warning ${TRICKY} (/vertices/0/colour)`);
    // Reaches it: one <failure> listing every finding of the rule, the first message as message.
    const failures = children(vertex, 'failure');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.attrs).toEqual({ type: 'input/unknown-vertex', message: 'edge source "src" is not a vertex of the job' });
    expect(failures[0]?.text).toBe(
      `${A}:5:13 error edge source "src" is not a vertex of the job (/edges/0/source)\n${A}:9:13 error edge target "sink" is not a vertex of the job (/edges/1/target)`,
    );
    expect(children(b, 'testcase')).toEqual([{ name: 'testcase', attrs: { classname: B, name: 'valid' }, children: [], text: '' }]);
    const valid = children(c, 'testcase');
    expect(valid.map((t) => t.attrs)).toEqual([{ classname: C, name: 'valid' }]);
    expect(children(valid[0] as XmlElement, 'failure')).toEqual([]);
    expect(children(valid[0] as XmlElement, 'system-out')[0]?.text).toBe(
      `${C}:1:1 warning the job needs 12 slots, more than --max-slots 8\n${C}:2:3 info flinkVersion not given; read as Flink 1.20 (/flinkVersion)`,
    );
  });

  it('fails a warning-only file at --fail-level warning, and nothing at none', () => {
    const root = parseXml(renderValidateJunit(runAt('warning')));
    expect(root.attrs).toMatchObject({ tests: '5', failures: '3' });
    const c = children(root, 'testsuite')[2] as XmlElement;
    expect(c.attrs).toMatchObject({ name: C, tests: '2', failures: '1' });
    const [defaults, slots] = children(c, 'testcase') as [XmlElement, XmlElement];
    expect(defaults.attrs.name).toBe('import/defaults');
    expect(children(defaults, 'failure')).toEqual([]);
    expect(children(defaults, 'system-out')).toHaveLength(1);
    expect(slots.attrs.name).toBe('policy/max-slots');
    expect(children(slots, 'failure')[0]?.attrs).toEqual({
      type: 'policy/max-slots',
      message: 'the job needs 12 slots, more than --max-slots 8',
    });
    // The tricky warning now fails too: its message survives the attribute, line break included.
    const key = children(children(root, 'testsuite')[0] as XmlElement, 'testcase')[0] as XmlElement;
    expect(children(key, 'failure')[0]?.attrs.message).toBe(TRICKY);

    const none = parseXml(renderValidateJunit(runAt('none')));
    expect(none.attrs).toMatchObject({ tests: '3', failures: '0' });
    expect(children(none, 'testsuite').map((s) => children(s, 'testcase').map((t) => t.attrs.name))).toEqual([
      ['valid'],
      ['valid'],
      ['valid'],
    ]);
  });

  it('escapes &, <, >, quotes and line breaks, and drops characters XML 1.0 cannot carry', () => {
    const nasty = 'a\u0000b\u0008c\u000bd\uFFFEe\uD800f 😀 ]]> \r\n<&"\'>';
    const file = 'jobs/<&"\'>.yaml';
    const xml = renderValidateJunit(
      runAt('error', [{ file, valid: false, findings: [finding(file, 'input/syntax', 'error', nasty, '', [1, 1, 1, 2])] }]),
    );
    expect(xml).not.toMatch(/[\u0000\u0008\u000b\uFFFE]/);
    expect(xml).toContain('name="jobs/&lt;&amp;&quot;&apos;&gt;.yaml"');
    expect(xml).toContain(']]&gt;');
    const root = parseXml(xml);
    const failure = children(
      children(children(root, 'testsuite')[0] as XmlElement, 'testcase')[0] as XmlElement,
      'failure',
    )[0] as XmlElement;
    const kept = 'abcdef 😀 ]]> \r\n<&"\'>';
    expect(failure.attrs.message).toBe(kept);
    expect(failure.text).toBe(`${file}:1:1 error ${kept}`);
    expect(escapeText('<a & b>\r')).toBe('&lt;a &amp; b&gt;&#13;');
    expect(escapeAttribute('"x"\t\'y\'\n')).toBe('&quot;x&quot;&#9;&apos;y&apos;&#10;');
  });
});

// ---------------------------------------------------------------------------------------------
// GitHub Actions

describe('renderValidateGithub', () => {
  it('prints one workflow command per finding, then a summary line that is not a command', () => {
    expect(renderValidateGithub(runAt('error'))).toBe(
      [
        '::warning file=jobs/a.yaml,line=3,endLine=4,title=input/unknown-key::key "a,b: 100%25"%0Ais <unknown> & ignored, isn\'t it?',
        '::error file=jobs/a.yaml,line=5,endLine=5,col=13,endColumn=17,title=input/unknown-vertex::edge source "src" is not a vertex of the job',
        '::error file=jobs/a.yaml,line=9,endLine=9,col=13,endColumn=18,title=input/unknown-vertex::edge target "sink" is not a vertex of the job',
        '::warning file=/abs/jobs/c d.yaml,line=1,endLine=1,col=1,endColumn=1,title=policy/max-slots::the job needs 12 slots, more than --max-slots 8',
        '::notice file=/abs/jobs/c d.yaml,line=2,endLine=2,col=3,endColumn=8,title=import/defaults::flinkVersion not given; read as Flink 1.20',
        'flinkslot validate: 3 files: 2 passed, 1 failed (2 errors, 2 warnings, 1 note)',
        '',
      ].join('\n'),
    );
  });

  it('does not depend on the fail level except in the summary', () => {
    const commands = (level: 'error' | 'none'): string[] =>
      renderValidateGithub(runAt(level))
        .split('\n')
        .filter((l) => l.startsWith('::'));
    expect(commands('none')).toEqual(commands('error'));
    expect(renderValidateGithub(runAt('error', []))).toBe(
      'flinkslot validate: 0 files: 0 passed, 0 failed (0 errors, 0 warnings, 0 notes)\n',
    );
  });

  it('escapes data (%, CR, LF) and properties (also : and ,)', () => {
    expect(escapeData('100%\r\n,:')).toBe('100%25%0D%0A,:');
    expect(escapeProperty('a,b:c%\n')).toBe('a%2Cb%3Ac%25%0A');
    const f = finding('C:\\jobs\\a,b.yaml', 'policy/max-slots', 'error', 'x:\ny', '', [2, 3, 2, 3]);
    expect(annotation(f)).toBe('::error file=C%3A\\jobs\\a%2Cb.yaml,line=2,endLine=2,col=3,endColumn=3,title=policy/max-slots::x:%0Ay');
    // Every command stays on one line.
    for (const line of renderValidateGithub(runAt('error')).trimEnd().split('\n')) expect(line).not.toMatch(/[\r\n]/);
  });
});

// ---------------------------------------------------------------------------------------------
// TAP

/** The YAML blocks of a TAP stream, by test point number. */
function yamlBlocks(tap: string): Map<number, Json> {
  const blocks = new Map<number, Json>();
  const lines = tap.split('\n');
  let point = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = /^(?:not )?ok (\d+) - /.exec(lines[i] as string);
    if (m) point = Number(m[1]);
    if (lines[i] === '  ---') {
      const end = lines.indexOf('  ...', i);
      expect(end).toBeGreaterThan(i);
      const body = lines.slice(i + 1, end);
      for (const l of body) expect(l.startsWith('  ')).toBe(true);
      blocks.set(point, load(body.map((l) => l.slice(2)).join('\n')));
      i = end;
    }
  }
  return blocks;
}

describe('renderValidateTap', () => {
  it('prints TAP 13: the plan, one test point per file, a YAML block for files with findings', () => {
    const tap = renderValidateTap(runAt('error'));
    const lines = tap.split('\n');
    expect(lines.slice(0, 3)).toEqual(['TAP version 13', '1..3', `not ok 1 - ${A}`]);
    expect(lines.filter((l) => /^(not )?ok /.test(l))).toEqual([`not ok 1 - ${A}`, `ok 2 - ${B}`, `ok 3 - ${C}`]);
    expect(lines.at(-2)).toBe('# 3 files: 2 passed, 1 failed (2 errors, 2 warnings, 1 note)');
    expect(tap.endsWith('\n')).toBe(true);
    expect(tap).toContain(
      [
        `ok 3 - ${C}`,
        '  ---',
        '  findings:',
        '    - rule: "policy/max-slots"',
        '      severity: warning',
        '      message: "the job needs 12 slots, more than --max-slots 8"',
        '      line: 1',
        '      column: 1',
        '      pointer: ""',
        '    - rule: "import/defaults"',
        '      severity: info',
        '      message: "flinkVersion not given; read as Flink 1.20"',
        '      line: 2',
        '      column: 3',
        '      pointer: "/flinkVersion"',
        '  ...',
      ].join('\n'),
    );
    expect(tap).toContain(`ok 2 - ${B}\nok 3`);
  });

  it('writes YAML that reads back to the findings, the tricky message included', () => {
    const blocks = yamlBlocks(renderValidateTap(runAt('error')));
    expect([...blocks.keys()]).toEqual([1, 3]);
    expect(blocks.get(1).findings).toEqual([
      { rule: 'input/unknown-key', severity: 'warning', message: TRICKY, line: 3, column: 5, pointer: '/vertices/0/colour' },
      {
        rule: 'input/unknown-vertex',
        severity: 'error',
        message: 'edge source "src" is not a vertex of the job',
        line: 5,
        column: 13,
        pointer: '/edges/0/source',
      },
      {
        rule: 'input/unknown-vertex',
        severity: 'error',
        message: 'edge target "sink" is not a vertex of the job',
        line: 9,
        column: 13,
        pointer: '/edges/1/target',
      },
    ]);
    const odd = 'tab\there, DEL\u007f, NEL\u0085, LS\u2028, "quoted" \\ #1: - [x] {y}';
    const tap = renderValidateTap(
      runAt('error', [
        { file: 'x.yaml', valid: false, findings: [finding('x.yaml', 'input/syntax', 'error', odd, '/a~1b', [1, 1, 1, 1])] },
      ]),
    );
    expect(tap).not.toMatch(/[\u007f\u0085\u2028]/);
    expect(yamlBlocks(tap).get(1).findings[0]).toMatchObject({ message: odd, pointer: '/a~1b' });
  });

  it('fails a warning-only file at --fail-level warning, and nothing at none', () => {
    const points = (level: 'warning' | 'none'): string[] =>
      renderValidateTap(runAt(level))
        .split('\n')
        .filter((l) => /^(not )?ok /.test(l));
    expect(points('warning')).toEqual([`not ok 1 - ${A}`, `ok 2 - ${B}`, `not ok 3 - ${C}`]);
    expect(points('none')).toEqual([`ok 1 - ${A}`, `ok 2 - ${B}`, `ok 3 - ${C}`]);
  });

  it('escapes # in descriptions and keeps them on one line; plans 1..0 for no files', () => {
    const tap = renderValidateTap(runAt('error', [{ file: 'jobs/#1\nb.yaml', valid: true, findings: [] }]));
    expect(tap.split('\n')[2]).toBe('ok 1 - jobs/\\#1 b.yaml');
    expect(renderValidateTap(runAt('error', []))).toBe(
      'TAP version 13\n1..0\n# 0 files: 0 passed, 0 failed (0 errors, 0 warnings, 0 notes)\n',
    );
  });
});
