/** Flink's line reader of flink-conf.yaml (src/memory/legacy-flink-conf.ts) and when flinkslot uses it. */
import { describe, expect, it } from 'vitest';
import { looksFlat, readLegacyFlinkConf } from '../../../src/memory/legacy-flink-conf.js';
import { readConfigurationText } from '../../../src/memory/parse-flink-configuration.js';

describe('readLegacyFlinkConf (GlobalConfiguration.loadYAMLResource)', () => {
  it('splits at the first ": ", drops everything after #, keeps values as text', () => {
    const r = readLegacyFlinkConf('a.b: 1g # one\njobmanager.rpc.address: {{ host }}\nurl: http://x:80/y\n# c: d\n');
    expect([...r.config]).toEqual([
      ['a.b', '1g'],
      ['jobmanager.rpc.address', '{{ host }}'],
      ['url', 'http://x:80/y'],
    ]);
  });

  it('skips what Flink skips with a warning: no ": ", an empty key or value', () => {
    const r = readLegacyFlinkConf('a:1\n: v\nk: \nok: yes\n');
    expect(r.skipped).toEqual([1, 2, 3]);
    expect([...r.config]).toEqual([['ok', 'yes']]);
  });

  it('looksFlat: no indented content lines', () => {
    expect(looksFlat('a: 1\n  # indented comment\nb: 2')).toBe(true);
    expect(looksFlat('taskmanager:\n  memory: 1g')).toBe(false);
  });
});

describe('a flat configuration that is not YAML', () => {
  it('is read line by line, with a note saying so', () => {
    const r = readConfigurationText('taskmanager.memory.process.size: 2g\njobmanager.rpc.address: {{ groups[0] }}\n', 'flink-conf.yaml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.config.get('taskmanager.memory.process.size')).toBe('2g');
    expect(r.value.notes.map((n) => n.message)).toEqual([
      'not valid YAML (line 2): read line by line, as Flink reads a flink-conf.yaml (GlobalConfiguration.loadYAMLResource)',
    ]);
  });

  it('a nested file that is not YAML stays a located syntax error', () => {
    const r = readConfigurationText('taskmanager:\n  memory: [1g\n', 'config.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.message).toContain('YAML syntax error');
  });
});
