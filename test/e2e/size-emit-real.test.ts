/**
 * `size --emit` into real files (issue 25 §2): the operator's own FlinkDeployments (native with
 * last-state and savepoint upgrades, standalone, podTemplates with comments) and Flink's default
 * flink-conf.yaml and config.yaml (fixtures/real/47–52). For each: only the sizing paths change
 * (the parsed documents agree once those paths are taken out of both), every other line stays
 * byte for byte (the diff's hunks are the only lines that differ), and the emitted file reads back
 * as the TaskManager `size` proved.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, ensureBuilt, runCli } from '../support/cli.js';

const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
/**
 * One shape that changes memory, slots and CPU of every base: 3 GiB, 4 slots, half a core each.
 * WORDCOUNT keeps RocksDB state and Python in managed memory: the floor it accepts (128 MiB a slot)
 * is given, so flinkslot's default (512 MiB) and the bases' own slots do not reject the shape.
 */
const SEARCH = ['--search', '--tm-memory', '3g', '--slot-range', '4', '--cpu-per-slot', '0.5', '--slot-min', 'managed=128m'];
const real = (folder: string, file: string): string => `fixtures/real/${folder}/${file}`;

const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas/size.schema.json'), 'utf8')) as object);
const validateSearch = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/size-search.schema.json'), 'utf8')) as object);

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-emit-real-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- YAML documents compared loosely
type Json = any;
interface Change {
  path: string;
  from: string | null;
  to: string | null;
}
interface Emitted {
  base: string;
  text: string;
  changes: Change[];
  diff: string;
  notes: string[];
}

const segments = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));

/** The document without the values at `pointers`, and without the maps that leaves empty (a new key's new map). */
function without(doc: Json, pointers: readonly string[]): Json {
  const copy = structuredClone(doc) as Json;
  for (const p of pointers) {
    const path = segments(p);
    const chain: Json[] = [copy];
    for (const s of path.slice(0, -1)) chain.push(chain[chain.length - 1]?.[s]);
    for (let i = path.length - 1; i >= 0; i--) {
      const parent = chain[i];
      if (parent === undefined || parent === null) continue;
      const child = parent[path[i]!];
      const empty = typeof child === 'object' && child !== null && Object.keys(child).length === 0;
      if (i === path.length - 1 || empty) delete parent[path[i]!];
    }
  }
  return copy;
}

/** The Flink key a changed path stands for: a configuration key (flat or nested), or the spec's own field. */
function isSizingPath(path: string): boolean {
  const conf = /^\/spec\/flinkConfiguration\/(.+)$/.exec(path)?.[1] ?? (path.startsWith('/spec/') ? undefined : path.slice(1));
  if (conf !== undefined) return /^taskmanager\.(numberOfTaskSlots|cpu\.cores|memory\..+)$/.test(segments(`/${conf}`).join('.'));
  return /^\/spec\/(taskManager\/(replicas|resource\/(memory|cpu)|resources\/(requests|limits)\/(memory|cpu))|job\/parallelism)$/.test(
    path,
  );
}

/** The lines outside the diff's hunks, of the old text (`-` side) or the new (`+` side). */
function untouchedLines(text: string, diff: string, side: '-' | '+'): string[] {
  const lines = text.split('\n');
  const skip = new Set<number>();
  for (const m of diff.matchAll(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/gm)) {
    const [start, count] = side === '-' ? [m[1], m[2]] : [m[3], m[4]];
    const n = count === undefined ? 1 : Number(count);
    for (let i = 0; i < n; i++) skip.add(Number(start) - 1 + i);
  }
  return lines.filter((_, i) => !skip.has(i));
}

function emit(base: string, format: 'flinkdeployment' | 'flink-conf', ...extra: string[]): { json: Json; emitted: Emitted } {
  const run = runCli(['size', WORDCOUNT, '--tm-config', base, ...SEARCH, '--emit', format, '--json', ...extra]);
  expect([run.status, run.stderr]).toEqual([0, '']);
  const json = JSON.parse(run.stdout) as Json;
  expect(validateSearch(json), JSON.stringify(validateSearch.errors)).toBe(true);
  return { json, emitted: json.emitted as Emitted };
}

/** What every patched real file must show: only sizing paths changed, every other line kept, the same TaskManager read back. */
function checkPatched(base: string, format: 'flinkdeployment' | 'flink-conf', version: string[] = []): { emitted: Emitted; file: string } {
  const source = readFileSync(join(ROOT, base), 'utf8');
  const { json, emitted } = emit(base, format);
  expect(emitted.base).toBe(base);
  expect(emitted.changes.length).toBeGreaterThan(0);
  for (const c of emitted.changes) expect([c.path, isSizingPath(c.path)]).toEqual([c.path, true]);
  const paths = emitted.changes.map((c) => c.path);
  expect(without(load(emitted.text), paths)).toEqual(without(load(source), paths));
  expect(untouchedLines(emitted.text, emitted.diff, '+')).toEqual(untouchedLines(source, emitted.diff, '-'));
  // The text run prints the same file, and the diff on stderr.
  const text = runCli(['size', WORDCOUNT, '--tm-config', base, ...SEARCH, '--emit', format]);
  expect(text.stdout).toBe(emitted.text);
  expect(text.stderr).toContain(emitted.diff.trimEnd());
  const file = join(dir, `${base.split('/')[2]}-${format}.yaml`);
  writeFileSync(file, emitted.text);
  const total = JSON.parse(runCli(['memory', file, '--json', ...version]).stdout) as { taskManagerTotalResource: unknown };
  expect(total.taskManagerTotalResource).toEqual(json.shapes[0].size.taskManager);
  return { emitted, file };
}

describe('size --emit flinkdeployment into the operator’s FlinkDeployments', () => {
  for (const folder of [
    '47-operator-autoscaling-native-last-state-args-v1_20',
    '48-operator-checkpoint-ha-native-savepoint-flat-v1_20',
    '50-operator-pod-template-sidecar-native-v2_2',
  ]) {
    it(`${folder}: native mode — the TaskManager's resources and slots change, replicas are not written, the rest is as written`, () => {
      const base = real(folder, 'flink-deployment.yaml');
      const { emitted } = checkPatched(base, 'flinkdeployment');
      const [before, after] = [load(readFileSync(join(ROOT, base), 'utf8')) as Json, load(emitted.text) as Json];
      expect(after.spec.taskManager.replicas).toBeUndefined();
      for (const field of ['mode', 'serviceAccount', 'image', 'podTemplate', 'jobManager'])
        expect(after.spec[field]).toEqual(before.spec[field]);
      // wordcount's vertices run at 2, 4 and 8: no one job.parallelism (parallelism.default) gives that graph.
      expect(after.spec.job).toEqual(before.spec.job);
      expect(emitted.notes[1]).toMatch(/^job\.parallelism \d+ kept: it is Flink's parallelism\.default/);
      expect(emitted.notes[0]).toMatch(/^mode native: Flink's ResourceManager starts the \d+ TaskManager\(s\) the job's slots need/);
    });
  }

  it('48: flat keys keep their quotes and the resource its unit; the diff names each line', () => {
    const { emitted } = emit(real('48-operator-checkpoint-ha-native-savepoint-flat-v1_20', 'flink-deployment.yaml'), 'flinkdeployment');
    const added = emitted.diff.split('\n').filter((l) => l.startsWith('+') && !l.startsWith('+++'));
    expect(added).toEqual(['+    taskmanager.numberOfTaskSlots: "4"', '+      memory: "3072m"', '+      cpu: 2']);
  });

  it('47: nested flinkConfiguration and resources.requests: requests change, quoted as written; last-state and args stay', () => {
    const base = real('47-operator-autoscaling-native-last-state-args-v1_20', 'flink-deployment.yaml');
    const { emitted } = emit(base, 'flinkdeployment');
    expect(emitted.changes).toEqual([
      { path: '/spec/taskManager/resources/requests/memory', from: '2048m', to: '3072m' },
      { path: '/spec/taskManager/resources/requests/cpu', from: '1', to: '2' },
    ]);
    expect(emitted.text).toContain('        memory: "3072m"\n        cpu: "2"\n');
    expect(emitted.text).toContain('    upgradeMode: last-state\n    args: ["10"]\n');
  });

  it('49: standalone mode — replicas are the count proven, and simulate meets the jobs on them, not on one fewer', () => {
    const base = real('49-operator-reactive-standalone-savepoint-v2_2', 'flink-deployment.yaml');
    const { emitted, file } = checkPatched(base, 'flinkdeployment');
    const after = load(emitted.text) as Json;
    expect([after.spec.mode, after.spec.job.upgradeMode]).toEqual(['standalone', 'savepoint']);
    const replicas = after.spec.taskManager.replicas as number;
    expect(replicas).toBeGreaterThan(1);
    expect(runCli(['simulate', '--cluster', file, WORDCOUNT]).status).toBe(0);
    const fewer = join(dir, 'fewer.yaml');
    writeFileSync(fewer, emitted.text.replace(`replicas: ${replicas}`, `replicas: ${replicas - 1}`));
    expect(runCli(['simulate', '--cluster', fewer, WORDCOUNT]).status).toBe(1);
    expect(emitted.notes).toEqual([
      `mode standalone: with taskManager.replicas the operator sets parallelism.default to ${replicas} × 4 = ${replicas * 4}, not job.parallelism; it changes only the operators that set no parallelism of their own`,
      `the job graph's vertices run at different parallelisms, and parallelism.default ${replicas * 4} reaches only the vertices that set none of their own: if the job was built with parallelism.default 2, these set their own and keep it: Source: Kafka, Sink: Kafka at 4; Window(TumblingEventTime) -> Sum at 8`,
    ]);
  });

  it('without --search, the FlinkDeployment as --tm-config: only the slots change (the job graph’s vertices run at 2/4/8)', () => {
    const base = real('48-operator-checkpoint-ha-native-savepoint-flat-v1_20', 'flink-deployment.yaml');
    const run = runCli(['size', WORDCOUNT, '--tm-config', base, '--slots', '4', '--emit', 'flinkdeployment', '--json']);
    expect(run.status).toBe(0);
    const emitted = (JSON.parse(run.stdout) as { emitted: Emitted }).emitted;
    expect(emitted.changes.map((c) => c.path)).toEqual(['/spec/flinkConfiguration/taskmanager.numberOfTaskSlots']);
  });
});

describe('size --emit flink-conf into Flink’s default configuration files', () => {
  it('51 flink-conf.yaml (flat): the key lines change in place, a new key after the last one, every comment kept', () => {
    const base = real('51-flink-conf-1.17-default-flat', 'flink-conf.yaml');
    const { emitted } = checkPatched(base, 'flink-conf', ['--flink-version', '1.17']);
    expect(emitted.changes).toEqual([
      { path: '/taskmanager.memory.process.size', from: '1728m', to: '3072m' },
      { path: '/taskmanager.numberOfTaskSlots', from: '1', to: '4' },
      { path: '/taskmanager.cpu.cores', from: null, to: '2' },
    ]);
  });

  it('52 config.yaml (nested): the nested keys change where they stand, the new key goes into the taskmanager map', () => {
    const base = real('52-config-yaml-1.19-default-nested', 'config.yaml');
    const { emitted } = checkPatched(base, 'flink-conf', ['--flink-version', '1.19']);
    expect(emitted.changes.map((c) => c.path)).toEqual([
      '/taskmanager/memory/process/size',
      '/taskmanager/numberOfTaskSlots',
      '/taskmanager/cpu/cores',
    ]);
    const parsed = load(emitted.text) as Json;
    expect(parsed.taskmanager.memory.process.size).toBe('3072m');
    expect(parsed.taskmanager.cpu.cores).toBe(2);
    expect(emitted.diff).toContain('+      size: 3072m\n+  cpu:\n+    cores: 2\n');
  });
});

describe('docs/commands/size.md shows real output', () => {
  it('its patched FlinkDeployment and the diff are what size prints for artefacts 48 and 27', () => {
    const readme = readFileSync(join(ROOT, 'docs/commands/size.md'), 'utf8');
    const run = runCli([
      'size',
      real('27-rest-job-details-1.17-state-machine-p2-hash', 'job-details.json'),
      '--tm-config',
      real('48-operator-checkpoint-ha-native-savepoint-flat-v1_20', 'flink-deployment.yaml'),
      ...['--search', '--tm-memory', '1g,2g,4g', '--slot-range', '1,2,4', '--emit', 'flinkdeployment'],
    ]);
    expect(run.status).toBe(0);
    expect(readme).toContain(run.stderr.trimEnd());
    expect(readme).toContain(run.stdout.slice(run.stdout.indexOf('apiVersion')).trimEnd());
    expect(run.stderr).toContain('@@ -40 +40 @@');
  });
});
