/** Multi-document Kubernetes manifests (src/parse/kubernetes-manifest.ts, through parseDocument). */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/parse/document.js';
import { readConfigurationText } from '../../../src/memory/parse-flink-configuration.js';

const SERVICE_ACCOUNT = 'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n';
const deployment = (name: string, memory = '2g'): string =>
  `apiVersion: flink.apache.org/v1beta1\nkind: FlinkDeployment\nmetadata:\n  name: ${name}\nspec:\n  flinkVersion: v1_20\n  taskManager:\n    resource:\n      memory: ${memory}\n      cpu: 1\n`;

describe('a manifest of several YAML documents', () => {
  it('yields its FlinkDeployment, with the other documents blanked so lines stay the file’s', () => {
    const text = `---\n${SERVICE_ACCOUNT}---\n${deployment('job')}`;
    const r = parseDocument(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect((r.value.data as { kind: string }).kind).toBe('FlinkDeployment');
    expect(r.value.text.split('\n')).toHaveLength(text.split('\n').length);
    expect(r.value.text.split('\n')[6]).toBe('apiVersion: flink.apache.org/v1beta1');
    expect(r.value.text).not.toContain('ServiceAccount');
  });

  it('errors in the FlinkDeployment are located at their line in the whole file', () => {
    const text = `${SERVICE_ACCOUNT}---\n${deployment('job', '2 parsecs')}`;
    const r = readConfigurationText(text, 'manifest.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const line = text.split('\n').findIndex((l) => l.includes('2 parsecs')) + 1;
    expect(r.diagnostics[0]!.location).toMatchObject({ file: 'manifest.yaml', line, pointer: '/spec/taskManager/resource/memory' });
  });

  it('two FlinkDeployments: which ones, and that each belongs in its own file', () => {
    const r = parseDocument(`${deployment('a')}---\n${deployment('"b\\u001b[31m"')}`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.diagnostics[0]!.message).toBe(
      'the file holds 2 FlinkDeployments ("a", "b\\u001b[31m"): flinkslot reads one, put each in its own file',
    );
    expect(r.diagnostics[0]!.location).toEqual({ pointer: '', line: 11, column: 1 }); // the --- line;
  });

  it('Kubernetes objects without a FlinkDeployment: their kinds', () => {
    const r = parseDocument(`${SERVICE_ACCOUNT}---\nkind: Role\n`);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.message).toContain('2 YAML documents ("ServiceAccount", "Role") and none is a FlinkDeployment');
  });

  it('plain documents without kinds keep the YAML syntax error', () => {
    const r = parseDocument('vertices:\n  - id: a\n---\nvertices: []\n');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0]!.message).toContain('expected a single document');
  });
});
