/** The TaskManager rows of the simulation text (issue 15 §3): honest slot counts, folded owners, escaped names. */
import { describe, expect, it } from 'vitest';
import { simulateJobsOnCluster } from '../../../src/app/simulate.js';
import { renderSimulationText } from '../../../src/report/render-simulation-text.js';
import { PLAIN } from '../../../src/report/style.js';

function text(clusterYaml: string, jobYaml: string): string {
  const r = simulateJobsOnCluster({ text: clusterYaml, file: 'c.yaml' }, [{ text: jobYaml, file: 'j.yaml' }]);
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('; '));
  return renderSimulationText(r.value[0]!, PLAIN);
}

describe('TaskManager rows', () => {
  it('fine-grained slots cut to size: more slots than configured is said so, never "1/1" with two owners', () => {
    const out = text(
      'flinkVersion: "1.20"\ndefaultWorker:\n  totalResources: {cpuCores: 4, taskHeapMemory: 4g}\n  numberOfTaskSlots: 1\ntaskManagers:\n  - {id: tm}\n',
      'name: small\nslotSharingGroups:\n  - {name: g, resources: {cpuCores: 1, taskHeapMemory: 512m}}\nvertices:\n  - {id: a, parallelism: 2, slotSharingGroup: g}\n',
    );
    expect(out).toContain('  tm: 2 slots used (1 configured; fine-grained slots are cut to size); small, small; free cpu 2, heap 3 GiB');
  });

  it('many slots of one job are folded; a job name with control characters is escaped', () => {
    const out = text(
      'flinkVersion: "1.20"\ndefaultWorker:\n  totalResources: {cpuCores: 12, taskHeapMemory: 12g}\n  numberOfTaskSlots: 12\ntaskManagers:\n  - {id: tm}\n',
      'name: "evil\\u001b[31m"\nvertices:\n  - {id: a, parallelism: 10}\n',
    );
    expect(out).toContain('  tm: 10/12 slots used; evil\\u001b[31m ×10; free cpu 2, heap 2 GiB');
    expect(out).not.toContain('\u001b');
  });
});
