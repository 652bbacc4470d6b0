/**
 * `validate --cluster` checks every file against one cluster: the cluster text is parsed and
 * schema-checked once per policy, not once per checked file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SourceText } from '../../../src/model/source-text.js';
import { validateFile } from '../../../src/app/validate-file.js';

const CLUSTER = 'fixtures/clusters/standalone-4x4.yaml';
const JOB = 'fixtures/jobs/wordcount-streaming.yaml';

/** A SourceText that counts how often its text is read. */
function counted(file: string, text: string): { source: SourceText; reads: () => number } {
  let reads = 0;
  return {
    source: {
      file,
      get text() {
        reads++;
        return text;
      },
    },
    reads: () => reads,
  };
}

describe('validate with a cluster policy', () => {
  it('reads the cluster once for many checked files, with the same findings each time', () => {
    const { source, reads } = counted(CLUSTER, readFileSync(CLUSTER, 'utf8'));
    const job = readFileSync(JOB, 'utf8');
    const results = Array.from({ length: 5 }, (_, i) => validateFile(job, `job-${i}.yaml`, { cluster: source }));
    expect(reads()).toBe(1);
    const findings = results.map((r) => JSON.stringify(r.findings));
    expect(new Set(findings).size).toBe(1);
  });

  it('a broken cluster gives the same finding for every file, also from the cache', () => {
    const { source, reads } = counted('broken.yaml', 'cluster: [');
    const job = readFileSync(JOB, 'utf8');
    const first = validateFile(job, 'a.yaml', { cluster: source });
    const second = validateFile(job, 'b.yaml', { cluster: source });
    expect(reads()).toBe(1);
    expect(first.findings.map((f) => f.code)).toEqual(['input/syntax']);
    expect(second.findings.map((f) => [f.code, f.message])).toEqual(first.findings.map((f) => [f.code, f.message]));
  });
});

describe('validate with a TaskManager configuration policy', () => {
  it('a finding about the configuration (a near miss of a key) is located in the configuration, not in the job file', () => {
    const tmConfig = {
      file: 'conf/flink-conf.yaml',
      text: 'taskmanager.memory.process.size: 4g\nstate.backend: rocksdb\ntaskmanager.memory.proces.size: 2g\n',
    };
    const result = validateFile(readFileSync(JOB, 'utf8'), JOB, { tmConfig });
    const near = result.findings.filter((f) => f.code === 'config/unknown-key');
    expect(near.map((f) => [f.location.file, f.location.line, f.location.column, f.severity])).toEqual([
      ['conf/flink-conf.yaml', 3, 33, 'warning'],
    ]);
    expect(result.findings.filter((f) => f.code !== 'config/unknown-key').every((f) => f.location.file === JOB)).toBe(true);
  });
});
