/**
 * The exact diagnostics of input files flinkslot refuses before any planning: the wrong kind of
 * Flink file, job graph fields Flink would reject, and documents past flinkslot's bounds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Diagnostic, parseJobGraph, planFromText, simulateJobsOnCluster } from '../../../src/index.js';

const ROOT = join(import.meta.dirname, '../../..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

function refusal(result: { ok: true } | { ok: false; diagnostics: Diagnostic[] }): Diagnostic[] {
  if (result.ok) throw new Error('expected the input to be refused');
  return result.diagnostics;
}

describe("one of Flink's own files where the other kind is expected", () => {
  it('input/not-a-job-graph: the GET /taskmanagers answer read as a job graph', () => {
    const text = read('fixtures/real/10-rest-taskmanagers-flink-size-7g-2tms/taskmanagers.json');
    expect(refusal(parseJobGraph(text, 'taskmanagers.json'))).toEqual([
      {
        code: 'input/not-a-job-graph',
        severity: 'error',
        message: 'this is the answer of GET /taskmanagers, a cluster, not a job graph (use it as --cluster)',
        location: { pointer: '', file: 'taskmanagers.json', line: 1, column: 1 },
      },
    ]);
  });

  it('the GET /jobs/:jobid answer given as the cluster, with or without a byte order mark: input/wrong-kind', () => {
    const details = read('fixtures/real/28-rest-job-details-1.18-slot-sharing-group-id-p2/job-details.json');
    const job = { text: 'name: one-slot\nvertices:\n  - {id: only, parallelism: 1}\n', file: 'one-slot.yaml' };
    for (const text of [details, `\ufeff${details}`]) {
      expect(refusal(simulateJobsOnCluster({ text, file: 'job-details.json' }, [job]))).toEqual([
        {
          code: 'input/wrong-kind',
          severity: 'error',
          message: "this is Flink's answer of GET /jobs/:jobid, not a cluster; try `flinkslot plan job-details.json`",
          location: { pointer: '', file: 'job-details.json', line: 1, column: 1 },
        },
      ]);
    }
  });
});

describe('one vertex of a job (GET /jobs/:jobid/vertices/:vertexid) is not a job', () => {
  // The fields of Flink's JobVertexDetailsInfo and SubtaskExecutionAttemptDetailsInfo (flink-runtime/.../rest/messages/);
  // it has maxParallelism, which a validate policy has too: it was named a policy.
  const vertex = JSON.stringify({
    id: 'cbc357ccb763df2852fee8c4fc7d55f2',
    name: 'Source: Socket Stream -> Flat Map',
    parallelism: 2,
    maxParallelism: 128,
    now: 1700000000000,
    subtasks: [
      {
        subtask: 0,
        status: 'RUNNING',
        attempt: 0,
        endpoint: 'localhost:41635',
        'start-time': 1,
        'end-time': -1,
        duration: 5,
        'taskmanager-id': 'tm-1',
      },
    ],
    aggregated: {},
  });

  it('input/wrong-kind: give the whole job', () => {
    expect(refusal(planFromText(vertex, 'vertex.json'))).toEqual([
      {
        code: 'input/wrong-kind',
        severity: 'error',
        message:
          'this is a vertex of a job (the answer of GET /jobs/:jobid/vertices/:vertexid), not a job graph; give /jobs/:jobid or /jobs/:jobid/plan',
        location: { pointer: '', file: 'vertex.json', line: 1, column: 1 },
      },
    ]);
  });
});

describe('job graph fields Flink would reject', () => {
  const job = (resources: string): string =>
    `name: enrichment\nflinkVersion: "1.18"\nvertices:\n  - id: lookup\n    parallelism: 2\n    operators:\n      - id: async-lookup\n        resources: ${resources}\n`;

  it('input/resources: managedMemory and managedMemoryBytes together', () => {
    const text = job('{cpuCores: 1, taskHeapMemory: 512m, managedMemory: 128m, managedMemoryBytes: 134217728}');
    expect(refusal(parseJobGraph(text, 'enrichment.yaml'))).toEqual([
      {
        code: 'input/resources',
        severity: 'error',
        message: 'give managedMemory or managedMemoryBytes, not both',
        location: { pointer: '/vertices/0/operators/0/resources/managedMemoryBytes', file: 'enrichment.yaml', line: 8, column: 97 },
      },
    ]);
  });

  it('input/resources: operator resources without task heap memory (ResourceSpec.Builder)', () => {
    expect(refusal(parseJobGraph(job('{cpuCores: 0.5, managedMemory: 128m}'), 'enrichment.yaml'))).toEqual([
      {
        code: 'input/resources',
        severity: 'error',
        message:
          'operator resources need cpuCores > 0 and taskHeapMemory > 0 (Flink ResourceSpec.Builder rejects anything else); leave resources out for UNKNOWN',
        location: { pointer: '/vertices/0/operators/0/resources', file: 'enrichment.yaml', line: 8, column: 20 },
        flinkErrorType: 'IllegalArgumentException',
      },
    ]);
  });

  it('input/vertex-operator-fields: vertex-level resources on a vertex that lists its operators', () => {
    const text = `name: enrichment
vertices:
  - id: lookup
    parallelism: 2
    resources: {cpuCores: 1, taskHeapMemory: 512m}
    operators:
      - id: async-lookup
`;
    expect(refusal(parseJobGraph(text, 'enrichment.yaml'))).toEqual([
      {
        code: 'input/vertex-operator-fields',
        severity: 'error',
        message: "vertex 'lookup' lists operators: give resources on its operators instead",
        location: { pointer: '/vertices/0/resources', file: 'enrichment.yaml', line: 5, column: 16 },
      },
    ]);
  });

  it('input/load-balance-mode: TASKS before Flink 2.2', () => {
    const text = 'name: balanced\nflinkVersion: "1.20"\nloadBalanceMode: TASKS\nvertices:\n  - {id: source, parallelism: 4}\n';
    expect(refusal(parseJobGraph(text, 'balanced.yaml'))).toEqual([
      {
        code: 'input/load-balance-mode',
        severity: 'error',
        message:
          'taskmanager.load-balance.mode TASKS exists from Flink 2.2 on (TaskManagerOptions.TaskManagerLoadBalanceMode is NONE, SLOTS before; MIN_RESOURCES in 2.1); flinkVersion is 1.20',
        location: { pointer: '/loadBalanceMode', file: 'balanced.yaml', line: 3, column: 18 },
      },
    ]);
  });
});

describe("documents past flinkslot's bounds", () => {
  it('input/too-deep: JSON nested deeper than 200 levels', () => {
    const text = `${'['.repeat(202)}${']'.repeat(202)}`;
    expect(refusal(planFromText(text, 'deep.json'))).toEqual([
      {
        code: 'input/too-deep',
        severity: 'error',
        message: 'the document nests deeper than 200 levels',
        location: { pointer: '', file: 'deep.json', line: 1, column: 1 },
      },
    ]);
  });

  it('input/too-large: a YAML alias bomb ("billion laughs")', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++)
      levels.push(
        `${'abcdefgh'[i]}: &${'abcdefgh'[i]} [${Array(10)
          .fill(`*${'abcdefgh'[i - 1]}`)
          .join(', ')}]`,
      );
    expect(refusal(planFromText(`${levels.join('\n')}\n`, 'laughs.yaml'))).toEqual([
      {
        code: 'input/too-large',
        severity: 'error',
        message: 'the document expands to more than 1,000,000 values through its YAML aliases (a YAML bomb?)',
        location: { pointer: '', file: 'laughs.yaml', line: 1, column: 1 },
      },
    ]);
  });

  it('input/too-large: YAML over 8 MiB', () => {
    const text = `name: huge\ndescription: ${'x'.repeat(8 * 1024 * 1024)}\n`;
    expect(refusal(planFromText(text, 'huge.yaml'))).toEqual([
      {
        code: 'input/too-large',
        severity: 'error',
        message: 'the YAML document is larger than 8 MiB, the most flinkslot reads as YAML (JSON is read up to 128 MiB)',
        location: { pointer: '', file: 'huge.yaml', line: 1, column: 1 },
      },
    ]);
  });
});
