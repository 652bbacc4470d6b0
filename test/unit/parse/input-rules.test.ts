/** Input rules added after review: Java ints, version gates, numbers as written, BOM, long cycles. */
import { describe, expect, it } from 'vitest';
import { analyzeJob } from '../../../src/plan/analyze-job.js';
import { parseJobGraph } from '../../../src/parse/parse-job-graph.js';
import { planFromText } from '../../../src/index.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

function errors(text: string): Array<[string, string, number | undefined, number | undefined]> {
  const r = parseJobGraph(text);
  if (r.ok) {
    const a = analyzeJob(r.value);
    if (a.ok) throw new Error('expected the input to be rejected');
    return a.diagnostics.map((d) => [d.code, d.message, d.location?.line, d.location?.column]);
  }
  return r.diagnostics.map((d) => [d.code, d.message, d.location?.line, d.location?.column]);
}

describe('managed-memory weights are Java ints', () => {
  it('rejects an OPERATOR-scope weight of 0 with the Transformation message', () => {
    expect(errors(lines('vertices:', '  - id: a', '    managedMemory: {operatorScope: {OPERATOR: 0}}'))).toEqual([
      ['input/managed-memory-weight', 'Weights for operator scope use cases must be greater than 0.', 3, 47],
    ]);
  });

  it('rejects consumer weights outside the int range, as Integer.parseInt does', () => {
    expect(errors(lines('managedMemoryConfig: {consumerWeights: "OPERATOR:2147483648"}', 'vertices: [{id: a}]'))).toEqual([
      [
        'input/consumer-weights',
        "Could not parse value 'OPERATOR:2147483648' for key 'taskmanager.memory.managed.consumer-weights': For input string: \"2147483648\"",
        1,
        40,
      ],
    ]);
    expect(errors(lines('managedMemoryConfig: {consumerWeights: {PYTHON: 2147483648}}', 'vertices: [{id: a}]'))[0]![0]).toBe(
      'input/consumer-weights',
    );
  });

  it('an int sum of consumer weights that wraps negative leaves every use case without a share', () => {
    const r = planFromText(
      lines(
        'managedMemoryConfig: {consumerWeights: "OPERATOR:2000000000,PYTHON:2000000000"}',
        'vertices:',
        '  - id: a',
        '    managedMemory: {operatorScope: {OPERATOR: 1}, slotScope: [PYTHON]}',
      ),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.operators[0]!.fractionsOfSlot).toEqual({ OPERATOR: 0, STATE_BACKEND: 0, PYTHON: 0 });
    expect(r.value.warnings.map((w) => w.code)).toEqual(['managed-memory/zero-fraction', 'managed-memory/zero-fraction']);
  });

  it('operator weights of one group adding up past 2^31-1 are an error (negative fractions)', () => {
    const job = lines(
      'vertices:',
      '  - id: a',
      '    managedMemory: {operatorScope: {OPERATOR: 2000000000}}',
      '  - id: b',
      '    managedMemory: {operatorScope: {OPERATOR: 2000000000}}',
    );
    expect(errors(job).map((e) => e[0])).toEqual(['managed-memory/weight-overflow']);
  });
});

describe('features gated by Flink version', () => {
  it('PIPELINED_APPROXIMATE needs 1.12, ForSt needs 2.0', () => {
    expect(
      errors(
        lines(
          'flinkVersion: "1.11"',
          'vertices: [{id: a}, {id: b}]',
          'edges: [{source: a, target: b, resultPartitionType: PIPELINED_APPROXIMATE}]',
        ),
      ),
    ).toEqual([['input/result-partition-type', 'PIPELINED_APPROXIMATE exists from Flink 1.12 on; flinkVersion is 1.11', 3, 53]]);
    expect(errors(lines('flinkVersion: "1.20"', 'managedMemoryConfig: {stateBackend: forst}', 'vertices: [{id: a}]'))).toEqual([
      ['input/state-backend', 'the ForSt state backend exists from Flink 2.0 on; flinkVersion is 1.20', 2, 37],
    ]);
  });

  it('parallelism -1 (unset, >= 1.15) reads as no parallelism, below 1.15 it is refused; an unquoted version gets a hint', () => {
    const unset = parseJobGraph(lines('vertices: [{id: a, parallelism: -1}]'));
    expect(unset.ok && unset.value.vertices[0]).toMatchObject({ parallelism: 1, parallelismUnset: true });
    expect(errors(lines('flinkVersion: "1.14"', 'vertices: [{id: a, parallelism: -1}]'))[0]![1]).toBe(
      'The parallelism must be at least one.',
    );
    expect(errors(lines('flinkVersion: 1.20', 'vertices: [{id: a}]'))[0]![1]).toContain(
      'flinkVersion must be a quoted string such as "1.20"',
    );
  });
});

describe('input as written', () => {
  it('memory sizes that YAML read as numbers are checked as written (1.0, 1e3, 0x10)', () => {
    const job = (size: string) => lines('vertices:', '  - id: a', `    resources: {cpuCores: 1, taskHeapMemory: ${size}}`);
    expect(errors(job('1.0'))[0]![1]).toContain("Memory size unit '.0' does not match any of the recognized units");
    expect(errors(job('1e3'))[0]![1]).toContain("Memory size unit 'e3' does not match");
    expect(errors(job('0x10'))[0]![1]).toContain("Memory size unit 'x10' does not match");
    expect(parseJobGraph(job('1048576')).ok).toBe(true);
  });

  it('a byte order mark is not content', () => {
    const r = parseJobGraph('\ufeff{"vertices": [{"id": "a", "parallelism": 0}]}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.location).toMatchObject({ line: 1, column: 42 });
  });

  it('a long cycle is named by its first and last vertices', () => {
    const n = 50;
    const vertices = Array.from({ length: n }, (_, i) => ({ id: `v${i}` }));
    const edges = vertices.map((v, i) => ({ source: v.id, target: vertices[(i + 1) % n]!.id }));
    const [error] = errors(JSON.stringify({ vertices, edges }));
    expect(error![1]).toBe(
      'The job graph is cyclic: v0 -> v1 -> v2 -> v3 -> v4 -> v5 -> … 41 more … -> v47 -> v48 -> v49 -> v0 (50 vertices)',
    );
  });

  it('bytes beyond 2^53 are printed exactly, as strings', () => {
    const r = planFromText(
      lines(
        'managedMemoryConfig: {slotManagedMemory: "9223372036854775807"}',
        'vertices:',
        '  - id: a',
        '    managedMemory: {slotScope: [PYTHON]}',
      ),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.managedMemory.slotManagedMemory).toBe('9223372036854775807');
    // Java: (long) Math.floor(9.223372036854776E18 * 1.0) saturates at Long.MAX_VALUE
    expect(r.value.operators[0]!.bytes).toEqual({ OPERATOR: 0, STATE_BACKEND: 0, PYTHON: '9223372036854775807' });
  });
});
