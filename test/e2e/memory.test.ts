/**
 * End-to-end tests of `flinkslot memory` and of `flinkslot plan --tm-config`: spawn the built CLI
 * (`node bin/run.js`, NO_COLOR=1) from the repository root. Expected bytes are the worked examples
 * of /work/shared/flink-notes/formats-and-memory.md §9 (W1 = Flink's default `process.size: 1728m`,
 * the values real TaskManagers print at start-up; W12a/W12b = 16g on Flink >= 1.17 / <= 1.16;
 * W18 = a real Flink 1.17 error text).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSI, ROOT, type Run, STACK_LINE, ensureBuilt, expectJsonError, runCli } from '../support/cli.js';

const FLAT = 'fixtures/config/flink-conf.yaml';
const NESTED = 'fixtures/config/config.yaml';
const WORDCOUNT = 'fixtures/jobs/wordcount-streaming.yaml';
const PREFIX = 'TaskManager memory configuration failed: ';
const ALL_UNITS = '(b | bytes) / (k | kb | kibibytes) / (m | mb | mebibytes) / (g | gb | gibibytes) / (t | tb | tebibytes)';
const W18_MESSAGE =
  'TaskManager memory configuration failed: Sum of configured Framework Heap Memory (1.508gb (1619001344 bytes)), Framework Off-Heap Memory (128.000mb (134217728 bytes)), Task Off-Heap Memory (0 bytes), Managed Memory (947.200mb (993211202 bytes)) and Network Memory (236.800mb (248302800 bytes)) exceed configured Total Flink Memory (2.313gb (2483027968 bytes))';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

function cli(args: string[], input?: string): Run {
  return runCli(args, input === undefined ? {} : { input });
}

function expectNoCrash(run: Run): void {
  expect(run.stderr).not.toMatch(STACK_LINE);
  expect(run.stderr).not.toMatch(/\bError:/);
  expect(run.stderr).not.toMatch(/\w+Exception:/);
  expect(run.stderr).not.toMatch(ANSI);
  expect(run.stdout).not.toMatch(ANSI);
}

function json(run: Run): Json {
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`'${needle}' not in text`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

let tmp = '';
function tempFile(name: string, text: string): string {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
}

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validateMemory = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/memory.schema.json'), 'utf8')));
const validatePlan = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/plan.schema.json'), 'utf8')));

function expectValid(validate: typeof validateMemory, data: unknown): void {
  const valid = validate(data);
  expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
  expect(valid).toBe(true);
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'flinkslot-memory-e2e-'));
  ensureBuilt();
});

afterAll(() => {
  if (tmp !== '') rmSync(tmp, { recursive: true, force: true });
});

// W1: process.size 1728m, 1 slot
const W1_COMPONENTS = {
  frameworkHeap: 134217728,
  taskHeap: 402653174,
  frameworkOffHeap: 134217728,
  taskOffHeap: 0,
  network: 134217730,
  managed: 536870920,
  jvmMetaspace: 268435456,
  jvmOverhead: 201326592,
  totalFlink: 1342177280,
  totalProcess: 1811939328,
  jvmHeap: 536870902,
  jvmDirect: 268435458,
};
const W1_JVM_OPTIONS = ['-Xmx536870902', '-Xms536870902', '-XX:MaxDirectMemorySize=268435458', '-XX:MaxMetaspaceSize=268435456'];
const W1_PROFILE = {
  cpuCores: 1,
  taskHeapMemory: 402653174,
  taskOffHeapMemory: 0,
  managedMemory: 536870920,
  networkMemory: 134217730,
  extendedResources: {},
};

const TEXT_ROWS: Array<[label: string, bytes: number]> = [
  ['Total Process Memory', W1_COMPONENTS.totalProcess],
  ['JVM Metaspace', W1_COMPONENTS.jvmMetaspace],
  ['JVM Overhead', W1_COMPONENTS.jvmOverhead],
  ['Total Flink Memory', W1_COMPONENTS.totalFlink],
  ['Framework Heap', W1_COMPONENTS.frameworkHeap],
  ['Task Heap', W1_COMPONENTS.taskHeap],
  ['Framework Off-Heap', W1_COMPONENTS.frameworkOffHeap],
  ['Task Off-Heap', W1_COMPONENTS.taskOffHeap],
  ['Network', W1_COMPONENTS.network],
  ['Managed', W1_COMPONENTS.managed],
];

function row(label: string, bytes: number | bigint): RegExp {
  return new RegExp(`^\\s*${label.replace(/[-]/g, '\\-')}\\s+${bytes}\\s`, 'm');
}

describe('flinkslot memory on the shipped Flink configurations (W1)', () => {
  describe.each([
    ['legacy flat flink-conf.yaml', FLAT],
    ['nested config.yaml (Flink 1.19+)', NESTED],
  ])('%s', (_name, file) => {
    it('text: exit 0, every W1 component, the JVM options and the slot', () => {
      const run = cli(['memory', file]);
      expectNoCrash(run);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      for (const [label, bytes] of TEXT_ROWS) expect(run.stdout).toMatch(row(label, bytes));
      expect(run.stdout).toContain(
        'JVM options: -Xmx536870902 -Xms536870902 -XX:MaxDirectMemorySize=268435458 -XX:MaxMetaspaceSize=268435456',
      );
      expect(run.stdout).toMatch(/^Slots: 1 × cpu 1, heap 384 MiB, managed 512 MiB, network 128 MiB$/m);
    });

    it('--json: exit 0, W1 bytes, valid against schemas/memory.schema.json', () => {
      const report = json(cli(['memory', file, '--json']));
      expectValid(validateMemory, report);
      expect(report.reportVersion).toBe(1);
      expect(report.components).toEqual(W1_COMPONENTS);
      expect(report.jvmOptions).toEqual(W1_JVM_OPTIONS);
      expect(report.numberOfTaskSlots).toBe(1);
      expect(report.taskManagerTotalResource).toEqual(W1_PROFILE);
      expect(report.defaultSlotResourceProfile).toEqual(W1_PROFILE);
    });
  });

  it('flat and nested files give the same report', () => {
    expect(cli(['memory', FLAT, '--json']).stdout).toBe(cli(['memory', NESTED, '--json']).stdout);
    expect(cli(['memory', FLAT]).stdout).toBe(cli(['memory', NESTED]).stdout);
  });

  it('-D taskmanager.numberOfTaskSlots=4 gives the 4-slot split of §9', () => {
    for (const file of [FLAT, NESTED]) {
      const report = json(cli(['memory', file, '-D', 'taskmanager.numberOfTaskSlots=4', '--json']));
      expectValid(validateMemory, report);
      expect(report.components).toEqual(W1_COMPONENTS);
      expect(report.numberOfTaskSlots).toBe(4);
      expect(report.taskManagerTotalResource).toEqual({ ...W1_PROFILE, cpuCores: 4 });
      expect(report.defaultSlotResourceProfile).toEqual({
        cpuCores: 1,
        taskHeapMemory: 100663293,
        taskOffHeapMemory: 0,
        managedMemory: 134217730,
        networkMemory: 33554432,
        extendedResources: {},
      });
    }
    const text = cli(['memory', NESTED, '-D', 'taskmanager.numberOfTaskSlots=4']);
    expect(text.status).toBe(0);
    // 33554432 bytes = exactly 32 MiB, which the text report writes compactly
    expect(text.stdout).toMatch(/^Slots: 4 × cpu 1, heap 96 MiB, managed 128 MiB, network 32 MiB$/m);
  });

  it('-D taskmanager.numberOfTaskSlots=2 gives the 2-slot split of §9 (--set long form)', () => {
    const report = json(cli(['memory', FLAT, '--set', 'taskmanager.numberOfTaskSlots=2', '--json']));
    expect(report.defaultSlotResourceProfile).toEqual({
      cpuCores: 1,
      taskHeapMemory: 201326587,
      taskOffHeapMemory: 0,
      managedMemory: 268435460,
      networkMemory: 67108865,
      extendedResources: {},
    });
  });

  it('several -D: cpu.cores 2 and 3 slots → 0.66666666 cpu per slot (8 decimals from 1.14; 16 on 1.13)', () => {
    const report = json(cli(['memory', NESTED, '-D', 'taskmanager.numberOfTaskSlots=3', '-D', 'taskmanager.cpu.cores=2', '--json']));
    expectValid(validateMemory, report);
    expect(report.taskManagerTotalResource.cpuCores).toBe(2);
    expect(report.defaultSlotResourceProfile.cpuCores).toBe(0.66666666);
    expect(report.defaultSlotResourceProfile.managedMemory).toBe(178956973);
    expect(report.cpu).toEqual({ cores: 2, source: 'taskmanager.cpu.cores' });
    const before = json(
      cli([
        'memory',
        NESTED,
        '-D',
        'taskmanager.numberOfTaskSlots=3',
        '-D',
        'taskmanager.cpu.cores=2',
        '--json',
        '--flink-version',
        '1.13',
      ]),
    );
    expect(before.defaultSlotResourceProfile.cpuCores).toBe(0.6666666666666666);
  });
});

describe('--flink-version and stdin', () => {
  const SIXTEEN_G = 'taskmanager.memory.process.size: 16g\n';

  it('W12a: 16g with the default (newest) rules: network 1583769214, -Xmx7784628106', () => {
    const report = json(cli(['memory', '-', '--json'], SIXTEEN_G));
    expectValid(validateMemory, report);
    expect([report.flinkVersion, report.flinkVersionSource]).toEqual(['2.2', 'assumed']);
    expect(report.components).toEqual({
      frameworkHeap: 134217728,
      taskHeap: 7650410378,
      frameworkOffHeap: 134217728,
      taskOffHeap: 0,
      network: 1583769214,
      managed: 6335076856,
      jvmMetaspace: 268435456,
      jvmOverhead: 1073741824,
      totalFlink: 15837691904,
      totalProcess: 17179869184,
      jvmHeap: 7784628106,
      jvmDirect: 1717986942,
    });
    expect(report.jvmOptions).toEqual([
      '-Xmx7784628106',
      '-Xms7784628106',
      '-XX:MaxDirectMemorySize=1717986942',
      '-XX:MaxMetaspaceSize=268435456',
    ]);
  });

  it('W12a: --flink-version 1.17 gives the same bytes as the default', () => {
    const a = json(cli(['memory', '-', '--json', '--flink-version', '1.17'], SIXTEEN_G));
    const b = json(cli(['memory', '-', '--json'], SIXTEEN_G));
    expect(a.flinkVersion).toBe('1.17');
    expect(a.components).toEqual(b.components);
  });

  it('W12b: --flink-version 1.16 caps network at 1g: task heap 8160437768, -Xmx8294655496, MaxDirect 1207959552', () => {
    const report = json(cli(['memory', '-', '--json', '--flink-version', '1.16'], SIXTEEN_G));
    expectValid(validateMemory, report);
    expect(report.flinkVersion).toBe('1.16');
    expect(report.components).toEqual({
      frameworkHeap: 134217728,
      taskHeap: 8160437768,
      frameworkOffHeap: 134217728,
      taskOffHeap: 0,
      network: 1073741824,
      managed: 6335076856,
      jvmMetaspace: 268435456,
      jvmOverhead: 1073741824,
      totalFlink: 15837691904,
      totalProcess: 17179869184,
      jvmHeap: 8294655496,
      jvmDirect: 1207959552,
    });
    expect(report.jvmOptions).toEqual([
      '-Xmx8294655496',
      '-Xms8294655496',
      '-XX:MaxDirectMemorySize=1207959552',
      '-XX:MaxMetaspaceSize=268435456',
    ]);
  });

  it('W12 in text: the two versions differ in Task Heap and Network only', () => {
    const newest = cli(['memory', '-'], SIXTEEN_G);
    const old = cli(['memory', '-', '--flink-version', '1.16'], SIXTEEN_G);
    expect(newest.status).toBe(0);
    expect(old.status).toBe(0);
    expect(newest.stdout).toMatch(row('Task Heap', 7650410378));
    expect(newest.stdout).toMatch(row('Network', 1583769214));
    expect(old.stdout).toMatch(row('Task Heap', 8160437768));
    expect(old.stdout).toMatch(row('Network', 1073741824));
    expect(old.stdout).toContain('-Xmx8294655496');
    expect(old.stdout).toContain('Flink 1.16');
  });

  it('W2: --flink-version 1.10 uses the 96m metaspace default', () => {
    const report = json(cli(['memory', '-', '--json', '--flink-version', '1.10'], 'taskmanager.memory.process.size: 1568m\n'));
    expect(report.components.jvmMetaspace).toBe(100663296);
    expect(report.components.totalProcess).toBe(1644167168);
    expect(report.jvmOptions).toEqual([
      '-Xmx536870902',
      '-Xms536870902',
      '-XX:MaxDirectMemorySize=268435458',
      '-XX:MaxMetaspaceSize=100663296',
    ]);
  });

  it('stdin `-` reads a nested config.yaml as well', () => {
    const report = json(cli(['memory', '-', '--json'], readFileSync(join(ROOT, NESTED), 'utf8')));
    expect(report.components).toEqual(W1_COMPONENTS);
  });

  it('a --flink-version older than 1.10, or not a version, is exit 2', () => {
    for (const v of ['1.9', 'latest']) {
      const run = cli(['memory', NESTED, '--flink-version', v]);
      expectNoCrash(run);
      expect(run.status).toBe(2);
      if (run.stdout !== '') expectJsonError(run); // no report: nothing, or (--json) the error object
      expect(run.stderr).toContain(`--flink-version '${v}'`);
    }
  });

  it('a --flink-version newer than 2.2: exit 0, 2.2’s rules, a warning; without one the output says 2.2 was assumed', () => {
    const newer = cli(['memory', NESTED, '--flink-version', '9.9']);
    expect(newer.status).toBe(0);
    expect(newer.stdout).toContain('TaskManager memory (Flink 9.9 rules)');
    expect(newer.stdout).toContain(
      "warning --flink-version '9.9': Flink 9.9 is newer than the newest release flinkslot knows (2.2); the rules of 2.2 apply",
    );
    const same = json(cli(['memory', NESTED, '--flink-version', '2.2', '--json']));
    expect(json(cli(['memory', NESTED, '--flink-version', '9.9', '--json'])).components).toEqual(same.components);
    const assumed = cli(['memory', NESTED]);
    expect(assumed.stdout).toContain('TaskManager memory (Flink 2.2 rules, assumed)');
    expect(assumed.stdout).toContain('apply; pass --flink-version (a Flink configuration does not name its release)');
  });

  it('a -D without KEY= is exit 2', () => {
    const run = cli(['memory', NESTED, '-D', 'nonsense']);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("'nonsense' is not KEY=VALUE");
  });
});

describe("configurations Flink rejects → exit 2 with Flink's message", () => {
  it('a bad size in a nested config.yaml: file:line:col at the value, the whole cause chain, no stack trace', () => {
    const nested = readFileSync(join(ROOT, NESTED), 'utf8');
    expect(nested).toContain('      size: 1728m');
    const text = nested.replace('      size: 1728m', '      size: 1.5g');
    const file = tempFile('config.yaml', text);
    const at = positionOf(text, '1.5g');
    for (const args of [
      ['memory', file],
      ['memory', file, '--json'],
    ]) {
      const run = cli(args);
      expectNoCrash(run);
      expect(run.status).toBe(2);
      if (run.stdout !== '') expectJsonError(run); // no report: nothing, or (--json) the error object
      expect(run.stderr).toContain(
        `${file}:${at.line}:${at.column} ${PREFIX}Cannot read memory size from config option 'taskmanager.memory.process.size'.`,
      );
      const lines = run.stderr.split('\n');
      const first = lines.findIndex((l) => l.includes('Cannot read memory size'));
      expect(lines[first + 1]).toMatch(/^\s+caused by: Could not parse value '1\.5g' for key 'taskmanager\.memory\.process\.size'\.$/);
      expect(lines[first + 2]).toContain(`caused by: Memory size unit '.5g' does not match any of the recognized units: ${ALL_UNITS}`);
      // the key is nested in this file (its comments also mention the flat key text)
      expect(run.stderr).toContain('(/taskmanager/memory/process/size)');
    }
  });

  it('the same bad size from stdin is located in <stdin>', () => {
    const text = 'taskmanager:\n  memory:\n    process:\n      size: 1.5g\n';
    const run = cli(['memory', '-'], text);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`<stdin>:4:13 ${PREFIX}Cannot read memory size from config option 'taskmanager.memory.process.size'.`);
  });

  it('a bad size in a flat flink-conf.yaml points at its value too', () => {
    const flat = readFileSync(join(ROOT, FLAT), 'utf8');
    const text = flat.replace('taskmanager.memory.process.size: 1728m', 'taskmanager.memory.process.size: 1728 mib');
    expect(text).not.toBe(flat);
    const file = tempFile('flink-conf.yaml', text);
    const at = positionOf(text, '1728 mib');
    const run = cli(['memory', file]);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${file}:${at.line}:${at.column} ${PREFIX}Cannot read memory size`);
    expect(run.stderr).toContain("Memory size unit 'mib' does not match any of the recognized units");
  });

  it("W18 (framework heap exceeding flink.size): Flink 1.17's real error text", () => {
    const file = tempFile('w18.yaml', 'taskmanager.memory.flink.size: 2483027968\ntaskmanager.memory.framework.heap.size: 1619001344\n');
    for (const args of [
      ['memory', file],
      ['memory', file, '--json'],
      ['memory', file, '--flink-version', '1.17'],
    ]) {
      const run = cli(args);
      expectNoCrash(run);
      expect(run.status).toBe(2);
      if (run.stdout !== '') expectJsonError(run); // no report: nothing, or (--json) the error object
      expect(run.stderr).toContain(file);
      expect(run.stderr).toContain(W18_MESSAGE);
    }
  });

  it('W18 on Flink 1.11 has no "TaskManager memory configuration failed: " prefix', () => {
    const file = tempFile(
      'w18-111.yaml',
      'taskmanager.memory.flink.size: 2483027968\ntaskmanager.memory.framework.heap.size: 1619001344\n',
    );
    const run = cli(['memory', file, '--flink-version', '1.11']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(W18_MESSAGE.slice(PREFIX.length));
    expect(run.stderr).not.toContain(PREFIX);
  });

  it('a config without any memory size (E-NONE) is exit 2', () => {
    const run = cli(['memory', '-'], 'taskmanager.numberOfTaskSlots: 2\n');
    expectNoCrash(run);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `${PREFIX}Either required fine-grained memory (taskmanager.memory.task.heap.size and taskmanager.memory.managed.size), or Total Flink Memory size (Key: 'taskmanager.memory.flink.size' , default: null (fallback keys: [])), or Total Process Memory size (Key: 'taskmanager.memory.process.size' , default: null (fallback keys: [])) need to be configured explicitly.`,
    );
  });

  it('a missing file is exit 2, naming the file', () => {
    const missing = join(tmp, 'no-such-config.yaml');
    const run = cli(['memory', missing]);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    if (run.stdout !== '') expectJsonError(run); // no report: nothing, or (--json) the error object
    expect(run.stderr).toContain(missing);
  });

  it('a missing argument is not exit 0', () => {
    const run = cli(['memory']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

describe('flinkslot memory --help', () => {
  it('exit 0 with usage, flags and examples', () => {
    const run = cli(['memory', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('USAGE');
    expect(run.stdout).toContain('memory FILE');
    expect(run.stdout).toContain('--flink-version');
    expect(run.stdout).toContain('--json');
    expect(run.stdout).toMatch(/-D, --set/);
    expect(run.stdout).not.toMatch(ANSI);
  });
});

describe('flinkslot plan --tm-config (managed memory bytes from the default slot)', () => {
  it('wordcount with config.yaml: slotManagedMemory 536870920; the window operator gets all of it for STATE_BACKEND', () => {
    const report = json(cli(['plan', WORDCOUNT, '--tm-config', NESTED, '--json']));
    expectValid(validatePlan, report);
    expect(report.managedMemory.slotManagedMemory).toBe(536870920);
    const window = report.operators.find((o: Json) => o.id === 'window-aggregate');
    expect(window.vertex).toBe('window');
    expect(window.fractionsOfSlot.STATE_BACKEND).toBe(1);
    expect(window.bytes.STATE_BACKEND).toBe(536870920);
    // the job's own slotManagedMemory (512mb = 536870912) is replaced by the config's slot size
    expect(report.managedMemory.slotManagedMemory).not.toBe(536870912);
  });

  it('the flat flink-conf.yaml gives the same bytes', () => {
    const report = json(cli(['plan', WORDCOUNT, '--tm-config', FLAT, '--json']));
    expect(report.managedMemory.slotManagedMemory).toBe(536870920);
    expect(report.operators.find((o: Json) => o.id === 'window-aggregate').bytes.STATE_BACKEND).toBe(536870920);
  });

  it("a bad --tm-config is exit 2 naming the config file and Flink's message", () => {
    const text = readFileSync(join(ROOT, NESTED), 'utf8').replace('      size: 1728m', '      size: 1.5g');
    const file = tempFile('tm-config.yaml', text);
    const at = positionOf(text, '1.5g');
    const run = cli(['plan', WORDCOUNT, '--tm-config', file, '--json']);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    if (run.stdout !== '') expectJsonError(run); // no report: nothing, or (--json) the error object
    expect(run.stderr).toContain(
      `${file}:${at.line}:${at.column} ${PREFIX}Cannot read memory size from config option 'taskmanager.memory.process.size'.`,
    );
  });

  it('a --tm-config Flink rejects (W18) is exit 2 naming the config file', () => {
    const file = tempFile('tm-w18.yaml', 'taskmanager.memory.flink.size: 2483027968\ntaskmanager.memory.framework.heap.size: 1619001344\n');
    const run = cli(['plan', WORDCOUNT, '--tm-config', file]);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain(W18_MESSAGE);
  });

  it('a missing --tm-config is exit 2 naming the file', () => {
    const missing = join(tmp, 'missing-tm-config.yaml');
    const run = cli(['plan', WORDCOUNT, '--tm-config', missing]);
    expectNoCrash(run);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(missing);
  });
});
