/**
 * Real configurations with external resources (fixtures/real/43–45): the GPU keys of Flink's own
 * documentation and of the post that introduced the framework, read by the built CLI. Each
 * artefact.yaml states the release, the distribution defaults the snippet is added to
 * (`dynamicProperties`), and the resources per TaskManager and per slot that Flink's rules give
 * (docs/research/external-resources.md).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

interface GpuArtefact {
  flinkVersion: string;
  inputs: { flinkConfiguration: string; dynamicProperties: string[]; deploymentTarget?: string };
  expected: {
    externalResources: Array<Record<string, unknown>>;
    totalExtendedResources?: Record<string, number>;
    slotExtendedResources: Record<string, unknown>;
    sizeGpuJob?: { parallelism: number; taskManagers: number };
  };
}

const FOLDERS = [
  '43-flink-blog-1.11-gpu-1-yarn-kubernetes-keys',
  '44-flink-docs-2.x-gpu-2-fpga-1',
  '45-flink-docs-2.x-gpu-plugin-kubernetes-yarn',
];
const artefact = (folder: string): GpuArtefact =>
  yaml.load(readFileSync(join(ROOT, 'fixtures/real', folder, 'artefact.yaml'), 'utf8')) as GpuArtefact;

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-gpu-real-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON reports read loosely in assertions
function memoryJson(folder: string, a: GpuArtefact, version: string): any {
  const properties = a.inputs.dynamicProperties.flatMap((p) => ['-D', p]);
  const target = a.inputs.deploymentTarget === undefined ? [] : ['--target', a.inputs.deploymentTarget];
  const config = join('fixtures/real', folder, a.inputs.flinkConfiguration);
  const run = runCli(['memory', config, '--json', '--flink-version', version, ...properties, ...target]);
  expect([run.status, run.stderr]).toEqual([0, '']);
  return JSON.parse(run.stdout);
}

const withoutFlags = (r: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'inResourceProfile' && k !== 'driverFactoryClass'));

describe('real artefacts: external resources (GPUs)', () => {
  it('43: Flink 1.11 asks YARN/Kubernetes for the GPU but keeps it out of slot profiles; from 1.13 the slot has it', () => {
    const folder = FOLDERS[0]!;
    const a = artefact(folder);
    const v111 = memoryJson(folder, a, a.flinkVersion);
    expect(v111.externalResources.map(withoutFlags)).toEqual(a.expected.externalResources);
    expect(v111.externalResources[0].inResourceProfile).toBe(false);
    const byVersion = a.expected.slotExtendedResources as Record<string, Record<string, number>>;
    expect(v111.defaultSlotResourceProfile.extendedResources).toEqual(byVersion['1.11']);
    expect(v111.notes.join('\n')).toContain('not to its slot profiles (from Flink 1.13)');
    const v113 = memoryJson(folder, a, '1.13');
    expect(v113.defaultSlotResourceProfile.extendedResources).toEqual(byVersion['1.13']);
    expect(v113.taskManagerTotalResource.extendedResources).toEqual({ gpu: 1 });
  });

  for (const folder of FOLDERS.slice(1)) {
    it(`${folder}: the TaskManager total and each default slot (Flink ${artefact(folder).flinkVersion})`, () => {
      const a = artefact(folder);
      const report = memoryJson(folder, a, a.flinkVersion);
      expect(report.externalResources.map(withoutFlags)).toEqual(a.expected.externalResources);
      expect(report.taskManagerTotalResource.extendedResources).toEqual(a.expected.totalExtendedResources);
      expect(report.defaultSlotResourceProfile.extendedResources).toEqual(a.expected.slotExtendedResources);
    });
  }

  it('45: on Kubernetes the pod requests the GPUs; size gives a GPU job the TaskManagers with enough GPUs', () => {
    const folder = FOLDERS[2]!;
    const a = artefact(folder);
    const config = join('fixtures/real', folder, a.inputs.flinkConfiguration);
    const properties = a.inputs.dynamicProperties.flatMap((p) => ['-D', p]);
    const text = runCli(['memory', config, '--flink-version', a.flinkVersion, '--target', 'kubernetes', ...properties]);
    expect(text.stdout).toContain('Kubernetes pod: requests cpu 4, memory 4096Mi, nvidia.com/gpu 2; limits equal requests');
    // size reads a file: the snippet with the distribution's keys appended, as the artefact says.
    const keys = a.inputs.dynamicProperties.map((p) => p.replace('=', ': ')).join('\n');
    const tm = join(dir, 'config.yaml');
    writeFileSync(tm, `${readFileSync(join(ROOT, config), 'utf8')}\n${keys}\n`);
    const size = runCli(['size', 'fixtures/gpu/gpu-inference.yaml', '--tm-config', tm, '--json']);
    expect([size.status, size.stderr]).toEqual([0, '']);
    const report = JSON.parse(size.stdout);
    expect(report.jobs[0].slots).toBe(a.expected.sizeGpuJob!.parallelism);
    expect(report.taskManagers).toBe(a.expected.sizeGpuJob!.taskManagers);
    expect(report.bindingDimension).toBe('gpu');
  });
});
