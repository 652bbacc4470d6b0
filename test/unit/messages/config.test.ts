/**
 * The exact diagnostics of a Flink configuration file and the -D properties on top of it
 * (src/memory/parse-flink-configuration.ts), through `flinkslot memory`'s use case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Diagnostic, memoryFromText } from '../../../src/index.js';

const ROOT = join(import.meta.dirname, '../../..');

function refusal(text: string, file: string, properties: string[] = []): Diagnostic[] {
  const r = memoryFromText(text, file, { properties });
  if (r.ok) throw new Error('expected the configuration to be refused');
  return r.diagnostics;
}

describe('a Flink configuration flinkslot refuses', () => {
  it('config/not-a-map: a YAML list instead of key: value lines', () => {
    const text = '- taskmanager.memory.process.size: 2g\n- taskmanager.numberOfTaskSlots: 4\n';
    expect(refusal(text, 'flink-conf.yaml')).toEqual([
      {
        code: 'config/not-a-map',
        severity: 'error',
        message: 'a Flink configuration must be a map of keys to values',
        location: { pointer: '', file: 'flink-conf.yaml', line: 1, column: 1 },
      },
    ]);
  });

  it('config/dynamic-property: a -D property without =', () => {
    const text = 'taskmanager.memory.process.size: 2g\ntaskmanager.numberOfTaskSlots: 4\n';
    expect(refusal(text, 'flink-conf.yaml', ['taskmanager.numberOfTaskSlots'])).toEqual([
      {
        code: 'config/dynamic-property',
        severity: 'error',
        message: "'taskmanager.numberOfTaskSlots' is not KEY=VALUE",
        location: { pointer: '' },
      },
    ]);
  });
});

describe("'config/line-by-line': a flink-conf.yaml that is not YAML is read as Flink reads it", () => {
  it('an Ansible template of the nexmark benchmark ({{ … }} is no YAML value)', () => {
    const file = join(ROOT, 'fixtures/real/07-nexmark-1.15-standalone-8g-not-enough-slots/templates/flink-conf.yaml');
    // Read as the benchmark's release: 2.x would add a note that it ignores floating-buffers-per-gate.
    const r = memoryFromText(readFileSync(file, 'utf8'), 'flink-conf.yaml', { flinkVersion: '1.15' });
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    // memoryFromText keeps only the message of this note (src/app/memory.ts), so its code is not observable there.
    expect(r.value.notes).toEqual([
      'not valid YAML (line 20): read line by line, as Flink reads a flink-conf.yaml (GlobalConfiguration.loadYAMLResource)',
    ]);
  });
});
