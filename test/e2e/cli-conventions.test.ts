/**
 * The front door (issue 15 §1–§2), end to end on the built CLI: pipes closed early, --json
 * failures on stdout, help and version as people type them, "did you mean" for commands, flags and
 * input keys, and shell completion that the shells themselves accept.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, STACK_LINE, ensureBuilt, expectJsonError, runCli } from '../support/cli.js';

let dir: string;
let big: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'flinkslot-cli-'));
  big = join(dir, 'big.yaml');
  const vertices = Array.from({ length: 3000 }, (_, i) => `  - {id: v${i}, name: 'vertex ${i} with a long name', parallelism: 4}`);
  writeFileSync(big, `name: big\nvertices:\n${vertices.join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `flinkslot ARGS | head -n 1` under pipefail; the CLI's own exit status and stderr. */
function intoHead(args: string): { status: number; stderr: string; first: string } {
  const script = `set -o pipefail; node bin/run.js ${args} 2>"$ERR" | head -n 1; echo "status=\${PIPESTATUS[0]}"`;
  const err = join(dir, 'stderr.txt');
  const run = spawnSync('bash', ['-c', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ERR: err } });
  const status = Number(/status=(\d+)/.exec(run.stdout)?.[1]);
  const stderr = spawnSync('cat', [err], { encoding: 'utf8' }).stdout;
  return { status, stderr, first: run.stdout.split('\n')[0]! };
}

describe('a pipe closed early is not an error', () => {
  it('plan BIG | head: the first line, then a quiet stop with exit 0 (text and --json)', () => {
    const text = intoHead(`plan ${big} --limit 0`);
    expect(text).toEqual({
      status: 0,
      stderr: '',
      first: 'Job big (streaming, Flink 2.2 assumed): 3000 vertices, 0 edges, 3000 operators',
    });
    const json = intoHead(`plan ${big} --json`);
    expect([json.status, json.stderr, json.first]).toEqual([0, '', '{']);
  });
});

describe('--json: a failure is one JSON object on stdout, the exit code unchanged', () => {
  it('a file that does not exist', () => {
    const run = runCli(['plan', join(dir, 'nope.yaml'), '--json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`error cannot read ${join(dir, 'nope.yaml')}: no such file\n`);
    expect(expectJsonError(run).error).toEqual({
      code: 'input/unreadable',
      severity: 'error',
      message: `cannot read ${join(dir, 'nope.yaml')}: no such file`,
      file: join(dir, 'nope.yaml'),
    });
  });

  it('a mistyped flag (a usage error), with the flag it probably meant', () => {
    const run = runCli(['plan', 'fixtures/jobs/keyed-window.yaml', '--jsn', '--json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Nonexistent flag: --jsn');
    expect(run.stderr).toContain('Did you mean --json (for --jsn)?');
    expect(expectJsonError(run).error).toMatchObject({
      code: 'usage/error',
      message: 'Nonexistent flag: --jsn\nDid you mean --json (for --jsn)?',
    });
  });

  it('a missing argument', () => {
    const run = runCli(['memory', '--json']);
    expect(run.status).toBe(2);
    expect(expectJsonError(run).error.message).toMatch(/^Missing 1 required arg/);
  });

  it('without --json, stdout stays empty on failure', () => {
    const run = runCli(['plan', join(dir, 'nope.yaml')]);
    expect([run.status, run.stdout]).toEqual([2, '']);
  });
});

describe('help and version as people type them', () => {
  const help = runCli(['--help']).stdout;

  it('flinkslot help = flinkslot --help, listing every command', () => {
    const run = runCli(['help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(help);
    for (const id of ['plan', 'simulate', 'size', 'report', 'validate', 'memory', 'diff', 'import', 'completion', 'help', 'version'])
      expect(run.stdout).toMatch(new RegExp(`^  ${id} `, 'm'));
  });

  it('flinkslot help plan = plan --help = plan -h', () => {
    const long = runCli(['plan', '--help']);
    expect(long.status).toBe(0);
    expect(runCli(['help', 'plan']).stdout).toBe(long.stdout);
    expect(runCli(['plan', '-h']).stdout).toBe(long.stdout);
  });

  it('every command help ends with real examples', () => {
    for (const id of ['plan', 'simulate', 'size', 'report', 'validate', 'memory', 'diff', 'import', 'completion']) {
      const out = runCli([id, '--help']).stdout;
      const examples = out.slice(out.indexOf('EXAMPLES'));
      expect(examples.match(/\$ flinkslot /g)?.length ?? 0, id).toBeGreaterThanOrEqual(2);
    }
  });

  it('--version and version print the same line', () => {
    const flag = runCli(['--version']);
    expect(flag.stdout).toMatch(/^flinkslot\/\d+\.\d+\.\d+ \S+ node-v\d+/);
    expect(runCli(['version']).stdout).toBe(flag.stdout);
  });
});

describe('did you mean', () => {
  it('a mistyped command: the nearest one, exit 2, no stack trace', () => {
    const run = runCli(['plna', 'fixtures/jobs/keyed-window.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("'plna' is not a flinkslot command. Did you mean 'plan'?");
    expect(runCli(['-v']).stdout).toBe(runCli(['--version']).stdout);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(runCli(['help', 'simulat']).stderr).toContain("Did you mean 'simulate'?");
  });

  it('nothing near: the list of commands', () => {
    const run = runCli(['frobnicate']);
    expect(run.status).toBe(2);
    // oclif wraps error lines at the terminal width behind a ' ›' margin.
    const text = run.stderr.replace(/\s*›\s*/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      "'frobnicate' is not a flinkslot command. commands: completion, diff, explain, help, import, memory, plan, report, simulate, size, validate, version See 'flinkslot help'.",
    );
  });

  it('a mistyped key in an input file', () => {
    const job = join(dir, 'typo.yaml');
    writeFileSync(job, 'name: typo\nvertices:\n  - {id: a, paralelism: 2}\n');
    const run = runCli(['plan', job]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `error ${job}:3:13 unknown key 'paralelism' in /vertices/0 — did you mean 'parallelism'? (/vertices/0/paralelism) [input/unknown-key]\n`,
    );
  });
});

describe('shell completion', () => {
  const has = (shell: string): boolean => spawnSync('which', [shell]).status === 0;

  it('bash: commands, flags of the command, and the values of a flag with a fixed set', () => {
    const script = runCli(['completion', 'bash']).stdout;
    const file = join(dir, 'flinkslot.bash');
    writeFileSync(file, script);
    const complete = (words: string[]) =>
      spawnSync(
        'bash',
        [
          '-c',
          `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _flinkslot_complete; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: 'utf8' },
      ).stdout.trim();
    expect(complete(['flinkslot', 'sim'])).toBe('simulate');
    expect(complete(['flinkslot', 'si'])).toBe('simulate size');
    expect(complete(['flinkslot', 'memory', '--ta'])).toBe('--target');
    expect(complete(['flinkslot', 'memory', '--target', 'k'])).toBe('kubernetes');
    expect(complete(['flinkslot', 'plan', '--no-c'])).toBe('--no-color');
  });

  it.runIf(has('zsh'))('zsh accepts the script and registers the completion', () => {
    const file = join(dir, '_flinkslot');
    writeFileSync(file, runCli(['completion', 'zsh']).stdout);
    expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
    const run = spawnSync('zsh', ['-c', `autoload -U compinit; compinit -u; source ${file}; print -- \${_comps[flinkslot]}`], {
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('_flinkslot');
  });

  it.runIf(has('fish'))('fish completes commands and flag values', () => {
    const file = join(dir, 'flinkslot.fish');
    writeFileSync(file, runCli(['completion', 'fish']).stdout);
    const run = spawnSync('fish', ['-c', `source ${file}; complete -C'flinkslot pl'; complete -C'flinkslot memory --target '`], {
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(/^plan\tAnalyse one Flink job graph/m);
    expect(run.stdout).toMatch(/^kubernetes\t/m);
  });

  it('an unknown shell is a usage error', () => {
    const run = runCli(['completion', 'powershell']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Expected powershell to be one of: bash, zsh, fish');
  });
});

describe('the wrong kind of file: one line naming what it is and the command that reads it', () => {
  const CASES: Array<[string[], string]> = [
    [
      ['plan', 'fixtures/clusters/standalone-4x4.yaml'],
      'this is a flinkslot cluster file, not a job graph; try `flinkslot simulate --cluster fixtures/clusters/standalone-4x4.yaml JOB...`',
    ],
    [
      ['plan', 'fixtures/scenarios/rolling-jobs.yaml'],
      'this is a flinkslot scenario, not a job graph; try `flinkslot simulate fixtures/scenarios/rolling-jobs.yaml`',
    ],
    [
      ['plan', 'fixtures/policies/pr-gate.yaml'],
      'this is a validate policy, not a job graph; try `flinkslot validate --policy fixtures/policies/pr-gate.yaml JOB...`',
    ],
    [
      ['plan', 'fixtures/config/rocksdb.yaml'],
      'this is a Flink configuration, not a job graph; try `flinkslot memory fixtures/config/rocksdb.yaml` or `flinkslot plan JOB --tm-config fixtures/config/rocksdb.yaml`',
    ],
    [
      ['memory', 'fixtures/jobs/keyed-window.yaml'],
      'this is a flinkslot job graph, not a Flink configuration; try `flinkslot plan fixtures/jobs/keyed-window.yaml`',
    ],
    [
      ['simulate', 'fixtures/jobs/keyed-window.yaml'],
      'this is a flinkslot job graph, not a scenario; try `flinkslot simulate --cluster CLUSTER fixtures/jobs/keyed-window.yaml` or `flinkslot plan fixtures/jobs/keyed-window.yaml`',
    ],
    [
      ['simulate', '--cluster', 'fixtures/jobs/keyed-window.yaml', 'fixtures/jobs/keyed-window.yaml'],
      'this is a flinkslot job graph, not a cluster; try `flinkslot plan fixtures/jobs/keyed-window.yaml`',
    ],
    [
      ['import', 'fixtures/jobs/keyed-window.yaml'],
      "this is a flinkslot job graph, not a file import converts (a job's plan, the answer of GET /jobs/:jobid, or of GET /taskmanagers); try `flinkslot plan fixtures/jobs/keyed-window.yaml`",
    ],
    [
      ['plan', 'fixtures/jobs/keyed-window.yaml', '--tm-config', 'fixtures/clusters/standalone-4x4.yaml'],
      'this is a flinkslot cluster file, not a Flink configuration; try `flinkslot simulate --cluster fixtures/clusters/standalone-4x4.yaml JOB...`',
    ],
    [
      ['validate', 'fixtures/jobs', '--policy', 'fixtures/jobs/keyed-window.yaml'],
      'this is a flinkslot job graph, not a validate policy; try `flinkslot plan fixtures/jobs/keyed-window.yaml`',
    ],
  ];
  for (const [args, message] of CASES)
    it(args.join(' '), () => {
      const run = runCli(args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(`^error \\S+:1:1 ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\[input/wrong-kind\\]\\n$`),
      );
    });
});

describe('validate over folders: other kinds skipped and reported, --include and --exclude', () => {
  it('a folder with clusters, policies and configurations next to jobs: those are skipped, the jobs checked', () => {
    const run = runCli(['validate', 'fixtures/jobs', 'fixtures/clusters', 'fixtures/policies', '--json']);
    const data = JSON.parse(run.stdout);
    const skipped = data.files.filter((f: { skipped?: boolean }) => f.skipped === true);
    expect(skipped.length).toBeGreaterThan(3);
    for (const f of skipped) expect(f.findings).toMatchObject([{ rule: 'input/skipped', severity: 'info' }]);
    expect(data.summary.skipped).toBe(skipped.length);
    expect(data.summary.passed + data.summary.failed + data.summary.skipped).toBe(data.summary.files);
    expect(runCli(['validate', 'fixtures/jobs', 'fixtures/clusters']).stdout).toMatch(/ skipped \(/);
  });

  it('only other kinds: nothing to validate is a usage error', () => {
    const run = runCli(['validate', 'fixtures/clusters']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^error no job graph among the \d+ files given/);
  });

  it('--include keeps matching files, --exclude drops them; a pattern without / matches the file name', () => {
    const names = (args: string[]) =>
      JSON.parse(runCli(['validate', 'fixtures/jobs', '--json', ...args]).stdout).files.map((f: { file: string }) =>
        f.file.replace(/^.*\//, ''),
      );
    expect(names(['--include', '*.json'])).toEqual(['twenty-vertices.json']);
    expect(names(['--exclude', '*.yaml'])).toEqual(['twenty-vertices.json']);
    expect(names(['--include', 'fixtures/jobs/w*', '--exclude', '*.json'])).toEqual(['wordcount-streaming.yaml']);
    const none = runCli(['validate', 'fixtures/jobs', '--exclude', '*']);
    expect(none.status).toBe(2);
    expect(none.stderr).toBe('error --include/--exclude leave none of the 7 files\n');
  });
});

describe('errors point at the right place', () => {
  it('a bad -D value is the flag’s error, not the file’s (flat and nested configurations)', () => {
    for (const config of ['fixtures/config/flink-conf.yaml', 'fixtures/config/rocksdb.yaml']) {
      const run = runCli(['memory', config, '-D', 'taskmanager.memory.process.size=1.5g', '--json']);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^error -D taskmanager\.memory\.process\.size=1\.5g TaskManager memory configuration failed: /);
      expect(run.stderr).not.toContain(config);
      expect(expectJsonError(run).error).toMatchObject({
        file: '-D taskmanager.memory.process.size=1.5g',
        pointer: '/taskmanager.memory.process.size',
      });
    }
  });

  it('a -D option Flink refuses, on a FlinkDeployment: the flag’s error, not a place in the deployment', () => {
    const deployment = 'fixtures/real/15-operator-haroldo89-v1_13-2048m/flink-deployment.yaml';
    const run = runCli(['memory', deployment, '-D', 'taskmanager.memory.segment-size=3kb']);
    expect([run.status, run.stderr]).toEqual([
      2,
      'error -D taskmanager.memory.segment-size=3kb a Flink 1.13 TaskManager refuses to start with taskmanager.memory.segment-size: 3kb: Invalid configuration value for taskmanager.memory.segment-size : 3072 - Minimum memory segment size is 4096 (/taskmanager.memory.segment-size) [config/network-option]\n',
    ]);
  });

  it('a -D that is not KEY=VALUE', () => {
    const run = runCli(['memory', 'fixtures/config/flink-conf.yaml', '-D', 'garbage']);
    expect([run.status, run.stderr]).toEqual([2, "error 'garbage' is not KEY=VALUE [config/dynamic-property]\n"]);
  });
});

describe('hostile inputs found by test/hostile, kept as regressions', () => {
  it('a YAML bomb is refused before it is expanded', () => {
    const bomb = join(dir, 'bomb.yaml');
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${prev}`).join(',')}]`);
    }
    writeFileSync(bomb, levels.join('\n') + '\n');
    const run = runCli(['plan', bomb]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `error ${bomb}:1:1 the document expands to more than 1,000,000 values through its YAML aliases (a YAML bomb?) [input/too-large]\n`,
    );
  });

  it('a SlotManager option beyond what a simulation can start: exit 2 naming it, not an internal error', () => {
    const cluster = join(dir, 'huge.yaml');
    writeFileSync(
      cluster,
      'flinkVersion: "1.20"\nresourceAllocation: active\ndefaultWorker: {totalResources: {cpuCores: 1, taskHeapMemory: 1g}, numberOfTaskSlots: 1}\noptions: {redundantTaskManagers: 9007199254740993}\n',
    );
    const run = runCli(['simulate', '--cluster', cluster, 'fixtures/jobs/keyed-window.yaml']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('/options/redundantTaskManagers');
    expect(run.stderr).not.toContain('internal error');
  });

  it('C1 control characters in names never reach stdout raw, also in JSON', () => {
    const job = join(dir, 'c1.json');
    writeFileSync(job, '{"name":"a\\u009b31mb","vertices":[{"id":"v","parallelism":1}]}');
    for (const args of [[], ['--json']]) {
      const out = runCli(['plan', job, ...args]).stdout;
      expect(out).not.toMatch(/[\u007f-\u009f]/);
      expect(out).toContain('\\u009b');
    }
  });

  it('nesting deeper than any real document is refused before a reader recurses into it', () => {
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, '['.repeat(100_000) + ']'.repeat(100_000));
    for (const command of ['plan', 'memory', 'simulate']) {
      const run = runCli([command, deep]);
      expect(run.status, command).toBe(2);
      expect(run.stderr, command).toBe(`error ${deep}:1:1 the document nests deeper than 200 levels [input/too-deep]\n`);
    }
  });

  it('a name cannot forge the private mark colours travel as', () => {
    const job = join(dir, 'mark.json');
    writeFileSync(job, '{"name":"m\\ue000[31mx","vertices":[{"id":"a","parallelism":1}]}');
    for (const args of [[], ['--color']]) {
      const out = runCli(['plan', job, ...args]).stdout;
      expect(out).toContain('m\\ue000[31mx');
      expect(out).not.toContain('\u001b[31m');
    }
  });
});
