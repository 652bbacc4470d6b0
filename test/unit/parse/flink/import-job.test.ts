import { describe, expect, it } from 'vitest';
import { detectFlinkFormat } from '../../../../src/parse/flink/flink-format.js';
import { importJob } from '../../../../src/parse/flink/import-job.js';
import { distributionOf, resultPartitionTypeOf, unescapeDescription } from '../../../../src/parse/flink/mapping.js';
import { parseJobGraph } from '../../../../src/parse/parse-job-graph.js';

const plan = (nodes: unknown[], extra: object = {}) => ({ jid: 'j', name: 'job', nodes, ...extra });

describe('detectFlinkFormat', () => {
  it('tells the documents apart by their top-level keys', () => {
    expect(detectFlinkFormat({ nodes: [{ id: 1, pact: 'Data Source' }] })).toBe('streamgraph-json');
    expect(detectFlinkFormat({ jid: 'x', nodes: [{ id: 'a' }] })).toBe('jobgraph-plan-json');
    expect(detectFlinkFormat({ nodes: [{ id: 'a' }] })).toBe('jobgraph-plan-json');
    expect(detectFlinkFormat({ plan: { nodes: [] } })).toBe('rest-job-plan-json');
    expect(detectFlinkFormat({ jid: 'x', state: 'RUNNING', vertices: [], plan: {} })).toBe('rest-job-details-json');
    expect(detectFlinkFormat({ taskmanagers: [] })).toBe('rest-taskmanagers-json');
    expect(detectFlinkFormat({ vertices: [{ id: 'a' }] })).toBeUndefined();
    expect(detectFlinkFormat({ taskManagers: [] })).toBeUndefined();
    expect(detectFlinkFormat([1, 2])).toBeUndefined();
  });
});

describe('mapping rules', () => {
  it('FORWARD and RESCALE are pointwise, every other partitioner all-to-all', () => {
    expect(['FORWARD', 'RESCALE', 'forward'].map(distributionOf)).toEqual(['POINTWISE', 'POINTWISE', 'POINTWISE']);
    expect(['HASH', 'REBALANCE', 'BROADCAST', 'GLOBAL', 'SHUFFLE', 'CUSTOM', undefined].map(distributionOf)).toEqual(
      Array(7).fill('ALL_TO_ALL'),
    );
  });
  it('the exchange is the result partition type in lower case', () => {
    expect(resultPartitionTypeOf('pipelined_bounded')).toBe('PIPELINED_BOUNDED');
    expect(resultPartitionTypeOf('hybrid_selective')).toBe('HYBRID_SELECTIVE');
    expect(resultPartitionTypeOf('teleport')).toBeUndefined();
  });
  it('descriptions lose their HTML escaping and line breaks', () => {
    expect(unescapeDescription('Source -&gt; Map<br/>+- Sink &amp; co &#92;n<br/>')).toEqual(['Source -> Map', '+- Sink & co \\n']);
  });
});

describe('importJob', () => {
  it('a JobGraph plan lists consumers first: the JobGraph lists producers first, edges by input number', () => {
    const r = importJob(
      plan(
        [
          {
            id: 'sink',
            parallelism: 2,
            description: 'Sink',
            inputs: [
              { num: 1, id: 'b', ship_strategy: 'REBALANCE', exchange: 'blocking' },
              { num: 0, id: 'a', ship_strategy: 'FORWARD', exchange: 'pipelined_bounded' },
            ],
          },
          { id: 'a', parallelism: 2, description: 'A' },
          { id: 'b', parallelism: 4, description: 'B' },
        ],
        { type: 'BATCH' },
      ),
      'jobgraph-plan-json',
    );
    if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
    expect(r.value.jobGraph.mode).toBe('batch');
    expect(r.value.jobGraph.vertices.map((v) => v.id)).toEqual(['a', 'b', 'sink']);
    expect(r.value.edges.map((e) => [e.source, e.inputNum, e.distribution, e.resultPartitionType])).toEqual([
      ['a', 0, 'POINTWISE', 'PIPELINED_BOUNDED'],
      ['b', 1, 'ALL_TO_ALL', 'BLOCKING'],
    ]);
  });

  it('without a job type a blocking exchange makes the job batch, and the note says why', () => {
    const r = importJob(
      plan([{ id: 'b', inputs: [{ id: 'a', ship_strategy: 'HASH', exchange: 'blocking' }] }, { id: 'a' }]),
      'jobgraph-plan-json',
    );
    if (!r.ok) throw new Error('import failed');
    expect(r.value.jobType).toBeNull();
    expect(r.value.jobGraph.mode).toBe('batch');
    expect(r.value.notes.map((n) => n.code)).toEqual(
      expect.arrayContaining(['import/job-type-not-stated', 'import/parallelism-unset', 'import/defaults']),
    );
  });

  it('an unknown exchange falls back to the mode default, with a note naming it', () => {
    const r = importJob(
      plan(
        [
          { id: 'b', parallelism: 1, inputs: [{ id: 'a', exchange: 'teleport' }] },
          { id: 'a', parallelism: 1 },
        ],
        { type: 'STREAMING' },
      ),
      'jobgraph-plan-json',
    );
    if (!r.ok) throw new Error('import failed');
    expect(r.value.edges[0]!.resultPartitionType).toBe('PIPELINED_BOUNDED');
    expect(r.value.notes.find((n) => n.code === 'import/no-exchange')?.message).toContain("'teleport'");
  });

  it('a StreamGraph iteration body is read as vertices, and an unset parallelism (-1) as flinkslot’s default', () => {
    const r = importJob(
      {
        nodes: [
          { id: 1, type: 'src', pact: 'Data Source', parallelism: -1 },
          {
            id: 2,
            pact: 'IterativeDataStream',
            step_function: [
              { id: 3, type: 'step', pact: 'Operator', parallelism: 2, predecessors: [{ id: 1, ship_strategy: 'REBALANCE' }] },
            ],
          },
        ],
      },
      'streamgraph-json',
    );
    if (!r.ok) throw new Error('import failed');
    expect(r.value.vertices.map((v) => v.id)).toEqual(['1', '2', '3']);
    expect(r.value.vertices[0]!.parallelism).toBeUndefined();
    expect(r.value.notes.map((n) => n.code)).toContain('import/iteration');
  });

  it('a file that is not what it looks like is a located schema error, not a crash', () => {
    const r = importJob({ nodes: [{ id: 'a', inputs: [{ num: 0 }] }] }, 'jobgraph-plan-json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.location?.pointer).toBe('/nodes/0/inputs/0');
  });

  it('a problem found in the generated JobGraph points into the Flink file', () => {
    const text = JSON.stringify(
      { nodes: [{ id: 'x', parallelism: 1, inputs: [{ num: 0, id: 'ghost', ship_strategy: 'HASH', exchange: 'pipelined_bounded' }] }] },
      null,
      2,
    );
    const r = parseJobGraph(text, 'plan.json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.diagnostics[0]!.code).toBe('input/unknown-vertex');
      expect(r.diagnostics[0]!.location?.pointer).toBe('/nodes/0/inputs/0/id');
      expect(r.diagnostics[0]!.location?.line).toBe(9);
    }
  });
});
