/**
 * Job graphs for the diff tests, built as JSON text and read like a user's file, and their diff
 * as the `diff` command computes it (plans plus each vertex's parallelism).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diffFromTexts } from '../../src/app/diff.js';
import type { PlanDiff } from '../../src/plan/diff/plan-diff-model.js';
import { ROOT } from './root.js';

export const TM_CONFIG = {
  text: readFileSync(join(ROOT, 'fixtures/config/flink-conf.yaml'), 'utf8'),
  file: 'fixtures/config/flink-conf.yaml',
};

export type Vertex = { id: string; parallelism?: number; slotSharingGroup?: string; operators?: object[] };
export type Edge = { source: string; target: string; resultPartitionType?: string; distribution?: string };
export interface Job {
  name?: string;
  mode?: 'streaming' | 'batch';
  flinkVersion?: string;
  managedMemoryConfig?: object;
  slotSharingGroups?: object[];
  vertices: Vertex[];
  edges?: Edge[];
}

export function text(job: Job): string {
  return JSON.stringify({ name: 'job', mode: 'streaming', flinkVersion: '1.18', edges: [], ...job });
}

/** The diff of two jobs, as `flinkslot diff old.json new.json` computes it. */
export function diffOf(oldJob: Job, newJob: Job, options: { tmConfig?: boolean } = {}): PlanDiff {
  const result = diffFromTexts(
    { text: text(oldJob), file: 'old.json' },
    { text: text(newJob), file: 'new.json' },
    options.tmConfig ? { tmConfig: TM_CONFIG } : {},
  );
  if (!result.ok) throw new Error(`unexpected diagnostics: ${JSON.stringify(result.diagnostics)}`);
  return result.value;
}

/** source(4) → window(8) → sink(4), all in the default group; STATE_BACKEND in the window. */
export function streaming(overrides: { window?: number; sink?: number; sinkGroup?: string } = {}): Job {
  return {
    managedMemoryConfig: { stateBackend: 'rocksdb', slotManagedMemory: '512mb' },
    vertices: [
      { id: 'source', parallelism: 4 },
      { id: 'window', parallelism: overrides.window ?? 8, operators: [{ id: 'agg', managedMemory: { slotScope: ['STATE_BACKEND'] } }] },
      { id: 'sink', parallelism: overrides.sink ?? 4, ...(overrides.sinkGroup ? { slotSharingGroup: overrides.sinkGroup } : {}) },
    ],
    edges: [
      { source: 'source', target: 'window', resultPartitionType: 'PIPELINED_BOUNDED' },
      { source: 'window', target: 'sink', resultPartitionType: 'PIPELINED_BOUNDED' },
    ],
  };
}
