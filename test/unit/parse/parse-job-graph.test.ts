import { formatVersion } from '../../../src/model/flink-version.js';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/errors/diagnostic.js';
import { jobGraphFromData, parseJobGraph } from '../../../src/parse/parse-job-graph.js';

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/** The diagnostics of a file that must be rejected, as [code, message, line, column, pointer, flinkErrorType]. */
function rejected(
  text: string,
  file?: string,
): Array<[string, string, number | undefined, number | undefined, string | undefined, string | undefined]> {
  const r = parseJobGraph(text, file);
  if (r.ok) throw new Error('expected the file to be rejected');
  for (const d of r.diagnostics) expect(d.severity).toBe('error');
  return r.diagnostics.map((d: Diagnostic) => [
    d.code,
    d.message,
    d.location?.line,
    d.location?.column,
    d.location?.pointer,
    d.flinkErrorType,
  ]);
}

function accepted(text: string) {
  const r = parseJobGraph(text);
  if (!r.ok) throw new Error(`unexpected diagnostics ${JSON.stringify(r.diagnostics)}`);
  return r;
}

describe('parseJobGraph: accepted input and defaults', () => {
  it('applies Flink defaults', () => {
    const { value: g, warnings } = accepted(lines('vertices:', '  - id: a', '  - id: b', 'edges:', '  - {source: a, target: b}'));
    expect(warnings).toEqual([]);
    expect(g.name).toBe('job');
    expect(g.mode).toBe('streaming');
    expect(g.flinkVersion).toEqual({ major: 2, minor: 2 });
    expect(g.flinkVersionSource).toBe('assumed');
    expect(g.allVerticesInSameSlotSharingGroupByDefault).toBe(true);
    expect(
      g.vertices.map((v) => [
        v.id,
        v.name,
        v.parallelism,
        v.maxParallelism,
        v.maxParallelismConfigured,
        v.slotSharingGroup,
        v.operators.length,
      ]),
    ).toEqual([
      ['a', 'a', 1, 128, false, 'default', 1],
      ['b', 'b', 1, 128, false, 'default', 1],
    ]);
    expect(g.edges).toEqual([
      { index: 0, source: 0, target: 1, distribution: 'ALL_TO_ALL', resultPartitionType: 'PIPELINED_BOUNDED', pointer: '/edges/0' },
    ]);
    expect(g.managedMemoryConfig).toEqual({
      consumerWeights: undefined,
      stateBackend: { name: 'hashmap', source: 'default' },
      stateBackendUsesManagedMemory: false,
      slotManagedMemory: undefined,
    });
  });

  it('batch mode: BLOCKING edges and per-region default groups by default', () => {
    const { value: g } = accepted(lines('mode: batch', 'vertices: [{id: a}, {id: b}]', 'edges: [{source: a, target: b}]'));
    expect(g.edges[0]!.resultPartitionType).toBe('BLOCKING');
    expect(g.allVerticesInSameSlotSharingGroupByDefault).toBe(false);
  });

  it.each([
    [1, 128],
    [85, 128],
    [86, 256],
    [100, 256],
    [1000, 2048],
    [21846, 32768],
    [32768, 32768],
  ])('parallelism %i gets the default max parallelism %i (KeyGroupRangeAssignment.computeDefaultMaxParallelism)', (parallelism, max) => {
    expect(accepted(`vertices: [{id: a, parallelism: ${parallelism}}]\n`).value.vertices[0]!.maxParallelism).toBe(max);
  });

  it('reads memory sizes, consumer weights and the state backend', () => {
    const { value: g } = accepted(
      lines(
        'managedMemoryConfig:',
        '  consumerWeights: "OPERATOR:6,PYTHON:4"',
        '  stateBackend: rocksdb',
        '  slotManagedMemory: 1 gb',
        'vertices:',
        '  - id: a',
        '    resources: {cpuCores: 0.5, taskHeapMemory: 512m, taskOffHeapMemory: 1024}',
      ),
    );
    expect(g.managedMemoryConfig.consumerWeights).toEqual(
      new Map([
        ['OPERATOR', 6],
        ['PYTHON', 4],
      ]),
    );
    expect(g.managedMemoryConfig.stateBackendUsesManagedMemory).toBe(true);
    expect(g.managedMemoryConfig.slotManagedMemory).toBe(1073741824n);
    const res = g.vertices[0]!.operators[0]!.resources;
    expect(res.kind === 'SPECIFIED' && [res.taskHeapMemory, res.taskOffHeapMemory, res.networkMemory]).toEqual([536870912n, 1024n, 0n]);
  });
});

describe('parseJobGraph: diagnostics', () => {
  it('input/syntax', () => {
    expect(rejected('vertices: [\n', 'job.yaml').map((d) => [d[0], d[2]])).toEqual([['input/syntax', 2]]);
    const r = parseJobGraph('vertices: [\n', 'job.yaml');
    expect(!r.ok && r.diagnostics[0]!.location?.file).toBe('job.yaml');
    expect(!r.ok && r.diagnostics[0]!.message.startsWith('YAML syntax error: ')).toBe(true);
  });

  it('input/schema: wrong type and enum, at the value', () => {
    expect(rejected(lines('mode: fast', 'vertices:', '  - id: a', '    parallelism: four'))).toEqual([
      ['input/schema', '/mode must be one of "streaming", "batch"', 1, 7, '/mode', undefined],
      ['input/schema', '/vertices/0/parallelism must be integer', 4, 18, '/vertices/0/parallelism', undefined],
    ]);
    expect(rejected('vertices: []\n')).toEqual([
      ['input/schema', '/vertices must NOT have fewer than 1 items', 1, 11, '/vertices', undefined],
    ]);
  });

  it('input/schema: the document must be a mapping', () => {
    expect(rejected('- id: a\n').map((d) => [d[0], d[1], d[2], d[3]])).toEqual([['input/schema', 'the document must be object', 1, 1]]);
  });

  it('input/schema: consumer weights that are neither text nor a map of integers', () => {
    const r = rejected(lines('managedMemoryConfig:', '  consumerWeights: {OPERATOR: 1.5}', 'vertices: [{id: a}]'));
    expect(r).toContainEqual([
      'input/schema',
      '/managedMemoryConfig/consumerWeights must be a string or a map of names to integers',
      2,
      20,
      '/managedMemoryConfig/consumerWeights',
      undefined,
    ]);
    expect(r.every((d) => d[0] === 'input/schema' && d[2] === 2)).toBe(true);
  });

  it('input/unknown-key, at the key', () => {
    expect(rejected(lines('vertices:', '  - id: a', '    paralellism: 2', 'edgez: []'))).toEqual([
      ['input/unknown-key', "unknown key 'edgez' in the document — did you mean 'edges'?", 4, 1, '/edgez', undefined],
      [
        'input/unknown-key',
        "unknown key 'paralellism' in /vertices/0 — did you mean 'parallelism'?",
        3,
        5,
        '/vertices/0/paralellism',
        undefined,
      ],
    ]);
  });

  it('input/missing-key', () => {
    expect(rejected('name: x\n')).toEqual([
      ['input/missing-key', "the document is missing the required key 'vertices'", 1, 1, '', undefined],
    ]);
    expect(rejected(lines('vertices:', '  - id: a', '  - name: b', 'edges:', '  - {source: a}'))).toEqual([
      ['input/missing-key', "/vertices/1 is missing the required key 'id'", 3, 5, '/vertices/1', undefined],
      ['input/missing-key', "/edges/0 is missing the required key 'target'", 5, 5, '/edges/0', undefined],
    ]);
  });

  it('input/duplicate-id for vertices, operators and slot sharing groups', () => {
    expect(
      rejected(
        lines(
          'vertices:',
          '  - id: a',
          '  - id: b',
          '    operators: [{id: op}, {id: op}]',
          '  - {id: a, slotSharingGroup: g}',
          'slotSharingGroups:',
          '  - {name: g}',
          '  - {name: g}',
        ),
      ),
    ).toEqual([
      [
        'input/duplicate-id',
        "duplicate operator id 'op' (first defined at /vertices/1/operators/0)",
        4,
        32,
        '/vertices/1/operators/1/id',
        undefined,
      ],
      ['input/duplicate-id', "duplicate vertex id 'a' (first defined at /vertices/0)", 5, 10, '/vertices/2/id', undefined],
      ['input/duplicate-id', "slot sharing group 'g' is listed twice", 8, 12, '/slotSharingGroups/1/name', undefined],
    ]);
  });

  it('input/unknown-vertex', () => {
    expect(rejected(lines('vertices: [{id: a}]', 'edges:', '  - {source: x, target: a}', '  - {source: a, target: y}'))).toEqual([
      ['input/unknown-vertex', "edge source 'x' is not a vertex of the job", 3, 14, '/edges/0/source', undefined],
      ['input/unknown-vertex', "edge target 'y' is not a vertex of the job", 4, 25, '/edges/1/target', undefined],
    ]);
  });

  it('input/cycle, at the edge that closes the cycle', () => {
    expect(
      rejected(
        lines(
          'vertices: [{id: a}, {id: b}, {id: c}]',
          'edges:',
          '  - {source: a, target: b}',
          '  - {source: b, target: c}',
          '  - {source: c, target: b}',
        ),
      ),
    ).toEqual([['input/cycle', 'The job graph is cyclic: b -> c -> b', 5, 5, '/edges/2', 'InvalidProgramException']]);
    expect(rejected(lines('vertices: [{id: a}]', 'edges:', '  - {source: a, target: a}'))).toEqual([
      ['input/cycle', 'The job graph is cyclic: a -> a', 3, 5, '/edges/0', 'InvalidProgramException'],
    ]);
  });

  it('input/parallelism: before Flink 1.15 JobVertex did not mention -1 (unset)', () => {
    const result = jobGraphFromData({ flinkVersion: '1.14', vertices: [{ id: 'a', parallelism: 0 }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.message)).toEqual(['The parallelism must be at least one.']);
  });

  describe('input/parallelism, with the messages of JobVertex, KeyGroupRangeAssignment, DefaultVertexParallelismInfo and ExecutionJobVertex', () => {
    it.each([
      ['parallelism: 0', 'The parallelism must be at least one, or -1 (unset).', 'parallelism', 'IllegalArgumentException'],
      ['parallelism: -3', 'The parallelism must be at least one, or -1 (unset).', 'parallelism', 'IllegalArgumentException'],
      ['parallelism: 40000', 'Operator parallelism not within bounds: 40000', 'parallelism', 'IllegalArgumentException'],
      [
        '{parallelism: 40000, maxParallelism: 50000}',
        'Setting parallelism is not in valid bounds (1..32768), found: 40000',
        'parallelism',
        'IllegalArgumentException',
      ],
      [
        'maxParallelism: 0',
        'Setting max parallelism is not in valid bounds (1..32768), found: 0',
        'maxParallelism',
        'IllegalArgumentException',
      ],
      [
        'maxParallelism: 32769',
        'Setting max parallelism is not in valid bounds (1..32768), found: 32769',
        'maxParallelism',
        'IllegalArgumentException',
      ],
      [
        '{parallelism: 200, maxParallelism: 100}',
        "Vertex Map's parallelism (200) is higher than the max parallelism (100). Please lower the parallelism or increase the max parallelism.",
        'parallelism',
        'JobException',
      ],
      ['{parallelism: 4, minParallelism: 5}', 'minParallelism (5) must be between 1 and the parallelism (4)', 'minParallelism', undefined],
      ['{parallelism: 4, minParallelism: 0}', 'minParallelism (0) must be between 1 and the parallelism (4)', 'minParallelism', undefined],
    ])('%s', (fields, message, key, errorType) => {
      const body = fields.startsWith('{') ? fields.slice(1, -1) : fields;
      const r = rejected(`vertices:\n  - {id: v, name: Map, ${body}}\n`);
      expect(r).toHaveLength(1);
      expect(r[0]![0]).toBe('input/parallelism');
      expect(r[0]![1]).toBe(message);
      expect(r[0]![4]).toBe(`/vertices/0/${key}`);
      expect(r[0]![5]).toBe(errorType);
      expect(r[0]![2]).toBe(2);
    });

    it('points at the value', () => {
      expect(rejected(lines('vertices:', '  - id: a', '    parallelism: 0'))).toEqual([
        [
          'input/parallelism',
          'The parallelism must be at least one, or -1 (unset).',
          3,
          18,
          '/vertices/0/parallelism',
          'IllegalArgumentException',
        ],
      ]);
    });

    it('accepts the bounds', () => {
      expect(
        accepted(
          'vertices: [{id: a, parallelism: 32768}, {id: b, parallelism: 1, maxParallelism: 1, minParallelism: 1}]\n',
        ).value.vertices.map((v) => v.maxParallelism),
      ).toEqual([32768, 1]);
    });
  });

  it('input/memory-size, with the Flink message and exception type', () => {
    expect(
      rejected(
        lines(
          'managedMemoryConfig: {slotManagedMemory: lots}',
          'vertices:',
          '  - id: a',
          '    resources: {cpuCores: 1, taskHeapMemory: 1.5g}',
        ),
      ),
    ).toEqual([
      [
        'input/memory-size',
        "Could not parse value '1.5g' for key 'taskHeapMemory': Memory size unit '.5g' does not match any of the recognized units: (b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)",
        4,
        46,
        '/vertices/0/resources/taskHeapMemory',
        'IllegalArgumentException',
      ],
      [
        'input/memory-size',
        "Could not parse value 'lots' for key 'slotManagedMemory': text does not start with a number",
        1,
        42,
        '/managedMemoryConfig/slotManagedMemory',
        'NumberFormatException',
      ],
    ]);
  });

  it('input/flink-version: older than 1.10 is refused; a newer release than 2.2 is read with 2.2’s rules and a warning', () => {
    for (const v of ['1.9', '0.10']) {
      expect(rejected(`flinkVersion: "${v}"\nvertices: [{id: a}]\n`)).toEqual([
        [
          'input/flink-version',
          `flinkVersion '${v}': Flink ${v} is older than the oldest release flinkslot models (1.10 to 2.2)`,
          1,
          15,
          '/flinkVersion',
          undefined,
        ],
      ]);
    }
    expect(accepted('flinkVersion: "2.2"\nvertices: [{id: a}]\n').warnings).toEqual([]);
    for (const v of ['2.3', '3.0']) {
      const newer = accepted(`flinkVersion: "${v}"\nvertices: [{id: a}]\n`);
      expect(formatVersion(newer.value.flinkVersion)).toBe(v);
      expect(newer.warnings.map((w) => [w.code, w.severity, w.message, w.location?.line, w.location?.column])).toEqual([
        [
          'input/flink-version-newer',
          'warning',
          `flinkVersion '${v}': Flink ${v} is newer than the newest release flinkslot knows (2.2); the rules of 2.2 apply`,
          1,
          15,
        ],
      ]);
    }
    expect(accepted('flinkVersion: "1.17.2"\nvertices: [{id: a}]\n').value.flinkVersion).toEqual({ major: 1, minor: 17 });
    expect(rejected('flinkVersion: "latest"\nvertices: [{id: a}]\n')[0]![0]).toBe('input/schema');
  });

  it('input/result-partition-type: hybrid shuffle needs batch mode and Flink 1.16', () => {
    const hybrid = (mode: string, version: string) =>
      lines(
        `mode: ${mode}`,
        `flinkVersion: "${version}"`,
        'vertices: [{id: a}, {id: b}]',
        'edges:',
        '  - {source: a, target: b, resultPartitionType: HYBRID_FULL}',
      );
    expect(rejected(hybrid('streaming', '1.17')).map((d) => d.slice(0, 5))).toEqual([
      [
        'input/result-partition-type',
        'hybrid shuffle mode only supports batch job, please set execution.runtime-mode to BATCH',
        5,
        49,
        '/edges/0/resultPartitionType',
      ],
    ]);
    expect(rejected(hybrid('batch', '1.15'))).toEqual([
      [
        'input/result-partition-type',
        'HYBRID_FULL (hybrid shuffle) exists from Flink 1.16 on; flinkVersion is 1.15',
        5,
        49,
        '/edges/0/resultPartitionType',
        undefined,
      ],
    ]);
    expect(accepted(hybrid('batch', '1.16')).value.edges[0]!.resultPartitionType).toBe('HYBRID_FULL');
    expect(rejected(lines('vertices: [{id: a}, {id: b}]', 'edges: [{source: a, target: b, resultPartitionType: SHUFFLE}]'))[0]![0]).toBe(
      'input/schema',
    );
  });

  // StreamingJobGraphGenerator.validateHybridShuffleExecuteInBatchMode uses checkState(jobType == BATCH, ...)
  it('input/result-partition-type: hybrid shuffle in a streaming job is an IllegalStateException', () => {
    const text = lines(
      'mode: streaming',
      'vertices: [{id: a}, {id: b}]',
      'edges: [{source: a, target: b, resultPartitionType: HYBRID_SELECTIVE}]',
    );
    expect(rejected(text).map((d) => d[5])).toEqual(['IllegalStateException']);
  });

  // SlotSharingGroup.Builder.setCpuCores / setTaskHeapMemory check their argument when called,
  // before build() looks for the required pair: a non-positive value is reported as such.
  it('input/slot-sharing-group-resources: a non-positive value is reported even when its partner is missing', () => {
    const group = (resources: string) =>
      lines('vertices: [{id: a, slotSharingGroup: g}]', 'slotSharingGroups:', `  - {name: g, resources: ${resources}}`);
    expect(rejected(group('{cpuCores: 0}')).map((d) => d[1])).toEqual(['The cpu cores should be positive.']);
    expect(rejected(group('{taskHeapMemory: 0}')).map((d) => d[1])).toEqual(['The task heap memory should be positive.']);
  });

  it('input/slot-sharing-group-resources, with the SlotSharingGroup builder messages', () => {
    const group = (resources: string) =>
      lines('vertices: [{id: a, slotSharingGroup: g}]', 'slotSharingGroups:', `  - {name: g, resources: ${resources}}`);
    expect(rejected(group('{taskHeapMemory: 1g}'))).toEqual([
      [
        'input/slot-sharing-group-resources',
        'The cpu cores and task heap memory are required when specifying the resource of a slot sharing group. You need to explicitly configure them with positive value.',
        3,
        26,
        '/slotSharingGroups/0/resources',
        'IllegalArgumentException',
      ],
    ]);
    expect(rejected(group('{cpuCores: 0, taskHeapMemory: 1g}'))).toEqual([
      [
        'input/slot-sharing-group-resources',
        'The cpu cores should be positive.',
        3,
        37,
        '/slotSharingGroups/0/resources/cpuCores',
        'IllegalArgumentException',
      ],
    ]);
    expect(rejected(group('{cpuCores: 1, taskHeapMemory: 0}'))).toEqual([
      [
        'input/slot-sharing-group-resources',
        'The task heap memory should be positive.',
        3,
        56,
        '/slotSharingGroups/0/resources/taskHeapMemory',
        'IllegalArgumentException',
      ],
    ]);
    const ok = accepted(group('{cpuCores: 1, taskHeapMemory: 1g}'));
    expect(ok.value.slotSharingGroupResources.get('g')?.kind).toBe('SPECIFIED');
  });

  it('reports every problem of the model at once', () => {
    const r = rejected(
      lines('flinkVersion: "0.9"', 'vertices:', '  - {id: a, parallelism: 0}', '  - {id: a}', 'edges: [{source: a, target: zz}]'),
    );
    expect(r.map((d) => d[0])).toEqual(['input/flink-version', 'input/parallelism', 'input/duplicate-id', 'input/unknown-vertex']);
  });
});

describe('jobGraphFromData', () => {
  it('gives pointers but no positions', () => {
    const r = jobGraphFromData({ vertices: [{ id: 'a', parallelism: 0 }] });
    expect(r).toEqual({
      ok: false,
      diagnostics: [
        {
          code: 'input/parallelism',
          severity: 'error',
          message: 'The parallelism must be at least one, or -1 (unset).',
          location: { pointer: '/vertices/0/parallelism' },
          flinkErrorType: 'IllegalArgumentException',
        },
      ],
    });
  });

  it('warns about a slot sharing group no vertex uses', () => {
    const r = jobGraphFromData({ vertices: [{ id: 'a' }], slotSharingGroups: [{ name: 'ghost' }] });
    expect(r.ok && r.warnings).toEqual([
      {
        code: 'input/unused-slot-sharing-group',
        severity: 'warning',
        message: "no vertex is in slot sharing group 'ghost'",
        location: { pointer: '/slotSharingGroups/0/name' },
      },
    ]);
  });
});
