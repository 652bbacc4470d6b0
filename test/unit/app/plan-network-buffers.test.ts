/** `plan --tm-config` and network buffers through the use case: the warning when they cannot be counted. */
import { describe, expect, it } from 'vitest';
import { networkBuffersNotCounted } from '../../../src/app/plan-network-buffers.js';
import { planFromText } from '../../../src/index.js';

const config = { text: 'taskmanager.memory.process.size: 1728m\ntaskmanager.numberOfTaskSlots: 4\n', file: 'tm.yaml' };

describe('plan --tm-config: network buffers not counted', () => {
  it('the warning’s exact text', () => {
    expect(networkBuffersNotCounted('because').message).toBe('network buffers not counted: because');
    expect(networkBuffersNotCounted('because').code).toBe('plan/network-buffers-not-counted');
  });

  it('a job above the subtask-level bound keeps its plan and says why its buffers were not counted', () => {
    // 306 vertices at Flink's largest parallelism (32768): 10,027,008 subtasks.
    const vertices = Array.from({ length: 306 }, (_, i) => ({ id: `v${i}`, parallelism: 32768 }));
    const job = JSON.stringify({ flinkVersion: '1.18', vertices, edges: [] });
    const plan = planFromText(job, 'job.json', { tmConfig: config });
    if (!plan.ok) throw new Error(JSON.stringify(plan.diagnostics));
    expect(plan.value.networkBuffers).toBeUndefined();
    const warning = plan.value.warnings.find((w) => w.code === 'plan/network-buffers-not-counted');
    expect(warning?.message).toBe(
      'network buffers not counted: the job has 10027008 subtasks; subtask-level analysis is limited to 10,000,000 (lower the parallelism, or drop --execution)',
    );
  });

  it('a job within it gets networkBuffers', () => {
    const job = JSON.stringify({ flinkVersion: '1.18', vertices: [{ id: 'a', parallelism: 4 }], edges: [] });
    const plan = planFromText(job, 'job.json', { tmConfig: config });
    expect(plan.ok && plan.value.networkBuffers).toMatchObject({ total: 4096, required: 0, fits: true, slots: 4, taskManagers: 1 });
  });
});
