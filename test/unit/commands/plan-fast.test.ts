/**
 * plan's fast path (commands/plan-fast.ts) takes exactly the command lines oclif would read the
 * same way, with the flags commands/plan.ts declares to oclif (derived from them, not written again).
 */
import { describe, expect, it } from 'vitest';
import Plan from '../../../commands/plan.js';
import { PLAN_FLAGS, readPlanArgv } from '../../../commands/plan-fast.js';

describe('the fast path knows plan’s flags as oclif does', () => {
  it('names, kinds, negation, default and dependencies come from Plan.flags', () => {
    expect(Object.keys(PLAN_FLAGS).sort()).toEqual(Object.keys(Plan.flags).sort());
    expect(PLAN_FLAGS).toEqual({
      json: { kind: 'boolean' },
      limit: { kind: 'integer', default: Plan.flags.limit.default, min: 0 },
      color: { kind: 'negatable' },
      execution: { kind: 'boolean' },
      members: { kind: 'boolean', dependsOn: ['execution'] },
      'flink-version': { kind: 'string' },
      // oclif checks a flag's options: the fast path leaves such command lines to it.
      format: { kind: 'declined', exclusive: ['json'] },
      'tm-config': { kind: 'string' },
    });
  });
});

describe('readPlanArgv', () => {
  const defaults = {
    json: false,
    limit: 50,
    color: undefined,
    execution: false,
    members: false,
    'flink-version': undefined,
    'tm-config': undefined,
  };

  it('reads plain command lines: flags anywhere, values inline or next, --no-color, - for stdin', () => {
    expect(readPlanArgv(['job.yaml'])).toEqual({ file: 'job.yaml', flags: defaults });
    expect(readPlanArgv(['--json', 'job.yaml', '--limit=0', '--no-color'])).toEqual({
      file: 'job.yaml',
      flags: { ...defaults, json: true, limit: 0, color: false },
    });
    expect(readPlanArgv(['-', '--execution', '--members', '--tm-config', 'c.yaml', '--flink-version=1.18', '--color'])).toEqual({
      file: '-',
      flags: { ...defaults, execution: true, members: true, 'tm-config': 'c.yaml', 'flink-version': '1.18', color: true },
    });
  });

  it.each([
    [[], 'no file'],
    [['a.yaml', 'b.yaml'], 'two files'],
    [['--help', 'a.yaml'], 'help'],
    [['-h'], 'help'],
    [['a.yaml', '--jsn'], 'a typo'],
    [['a.yaml', '--members'], '--members without --execution'],
    [['a.yaml', '--limit', '-1'], 'a negative limit'],
    [['a.yaml', '--limit', 'ten'], 'a limit that is not a number'],
    [['a.yaml', '--limit'], 'a missing value'],
    [['a.yaml', '--tm-config='], 'an empty value'],
    [['a.yaml', '--json', '--json'], 'a flag twice'],
    [['a.yaml', '--json=true'], 'a value for a boolean'],
    [['a.yaml', '--no-json'], 'a negation oclif does not allow'],
    [['--', 'a.yaml'], 'the end of flags'],
  ])('leaves %j to oclif (%s)', (argv) => {
    expect(readPlanArgv(argv)).toBeUndefined();
  });
});
