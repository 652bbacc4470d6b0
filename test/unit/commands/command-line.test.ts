/**
 * The fast path's command-line reader (commands/support/command-line.ts) gives a command the args,
 * argv and flags oclif's parser would, for every kind of flag the commands declare, and declines
 * (undefined: oclif reads the line and answers) whatever it cannot read exactly as oclif does. The
 * lines both read are also run side by side through the built CLI in test/e2e/fast-path.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FLAG_TABLES } from '../../../commands/flag-tables.js';
import type { FastCommand } from '../../../commands/support/flag-surface.js';
import { readCommandLine } from '../../../commands/support/command-line.js';

const table = (
  flags: FastCommand['flags'],
  args: FastCommand['args'] = [{ name: 'file', required: true }],
  variadic = false,
): FastCommand => ({
  flags,
  args,
  variadic,
});
const read = (command: FastCommand, ...argv: string[]) => readCommandLine(command, argv);

describe('switches', () => {
  const t = table({ json: { kind: 'boolean' }, color: { kind: 'negatable' } });
  it('are true when given, false with --no- when negatable, absent otherwise (as oclif leaves them)', () => {
    expect(read(t, 'a.yaml')).toEqual({ args: { file: 'a.yaml' }, argv: ['a.yaml'], flags: {} });
    expect(read(t, '--json', 'a.yaml', '--no-color')?.flags).toEqual({ json: true, color: false });
    expect(read(t, 'a.yaml', '--color')?.flags).toEqual({ color: true });
  });
  it.each([
    [['a.yaml', '--no-json'], 'a negation the flag does not allow'],
    [['a.yaml', '--json=true'], 'a value for a switch'],
    [['a.yaml', '--json', '--json'], 'a switch twice'],
    [['a.yaml', '--jsn'], 'a typo'],
    [['a.yaml', '--help'], 'help'],
    [['a.yaml', '-h'], 'help'],
  ])('decline %j (%s)', (argv) => expect(readCommandLine(t, argv)).toBeUndefined());
});

describe('flags with a value', () => {
  const t = table({
    'tm-config': { kind: 'string' },
    output: { kind: 'string', char: 'o' },
    limit: { kind: 'integer', default: 50, min: 0, max: 100 },
    format: { kind: 'string', options: ['text', 'dot'], default: 'text' },
  });
  it('take the next word or =VALUE, by long or short name; integers are numbers; defaults fill in', () => {
    expect(read(t, 'a.yaml', '--tm-config', 'c.yaml', '-o', 'out.txt', '--limit=0')?.flags).toEqual({
      'tm-config': 'c.yaml',
      output: 'out.txt',
      limit: 0,
      format: 'text',
    });
    expect(read(t, '--format=dot', 'a.yaml')?.flags).toEqual({ format: 'dot', limit: 50 });
    expect(read(t, 'a.yaml', '--tm-config=a=b')?.flags['tm-config']).toBe('a=b');
  });
  it.each([
    [['a.yaml', '--tm-config'], 'a missing value'],
    [['a.yaml', '--tm-config='], 'an empty value'],
    [['a.yaml', '--tm-config', '--limit', '1'], 'a flag where the value should be'],
    [['a.yaml', '--tm-config', '-x'], 'a value that looks like a flag'],
    [['a.yaml', '-oout.txt'], 'a short flag with its value joined'],
    [['a.yaml', '-o=out.txt'], 'a short flag with =VALUE'],
    [['a.yaml', '--limit', '-1'], 'a negative integer'],
    [['a.yaml', '--limit', '101'], 'an integer above the bound'],
    [['a.yaml', '--limit', '1e2'], 'an integer oclif does not read'],
    [['a.yaml', '--limit', 'ten'], 'not an integer'],
    [['a.yaml', '--format', 'svg'], 'a value outside the options'],
    [['a.yaml', '-o', 'x', '-o', 'y'], 'a value flag twice'],
  ])('decline %j (%s)', (argv) => expect(readCommandLine(t, argv)).toBeUndefined());
});

describe('lists', () => {
  const t = table({
    set: { kind: 'string', char: 'D', multiple: true, greedy: true },
    'fail-on': { kind: 'string', multiple: true, delimiter: ',', options: ['slots', 'memory', 'any'] },
    json: { kind: 'boolean' },
  });
  it('keep every value in order; a delimited list is split and trimmed', () => {
    expect(read(t, 'a.yaml', '-D', 'k=1', '--set', 'k=2')?.flags).toEqual({ set: ['k=1', 'k=2'] });
    expect(read(t, 'a.yaml', '--fail-on', 'slots, memory', '--fail-on=any')?.flags).toEqual({ 'fail-on': ['slots', 'memory', 'any'] });
  });
  it('a greedy list takes the words after its value until the next flag, as oclif does; a switch does not stop it', () => {
    expect(read(t, '-D', 'k=1', 'a.yaml', '--json', 'b.yaml')).toBeUndefined();
    expect(read(t, 'a.yaml', '-D', 'k=1', 'k=2', '--json')?.flags).toEqual({ set: ['k=1', 'k=2'], json: true });
    expect(read(t, 'a.yaml', '-D', 'k=1', '--json', 'k=2')?.flags).toEqual({ set: ['k=1', 'k=2'], json: true });
    // After a list that is not greedy, a word is an argument.
    expect(read(t, '--fail-on', 'any', 'a.yaml')?.args).toEqual({ file: 'a.yaml' });
  });
  it.each([
    [['a.yaml', '--fail-on', 'slots,cpu'], 'a part outside the options'],
    [['a.yaml', '--fail-on', 'slots,'], 'an empty part'],
    [['a.yaml', '--fail-on', '"slots"'], 'a quoted part (oclif unquotes it)'],
    [['a.yaml', '--fail-on', 'slots\\,memory'], 'an escaped delimiter'],
    [['a.yaml', '-D', 'k=1', '-'], 'stdin as a greedy value'],
  ])('decline %j (%s)', (argv) => expect(readCommandLine(t, argv)).toBeUndefined());
});

describe('relations between flags', () => {
  const t = table({
    execution: { kind: 'boolean' },
    members: { kind: 'boolean', dependsOn: ['execution'] },
    json: { kind: 'boolean' },
    markdown: { kind: 'boolean', exclusive: ['json'] },
    level: { kind: 'string', default: 'a', exclusive: ['json'] },
    cluster: { kind: 'string', required: true },
  });
  it('hold: dependsOn given, exclusive not both given (a default does not count), required given', () => {
    expect(read(t, 'a.yaml', '--execution', '--members', '--cluster', 'c')?.flags).toEqual({
      execution: true,
      members: true,
      cluster: 'c',
      level: 'a',
    });
    expect(read(t, 'a.yaml', '--json', '--cluster', 'c')?.flags.json).toBe(true);
  });
  it.each([
    [['a.yaml', '--members', '--cluster', 'c'], 'dependsOn missing'],
    [['a.yaml', '--json', '--markdown', '--cluster', 'c'], 'exclusive flags both given'],
    [['a.yaml', '--json', '--level', 'b', '--cluster', 'c'], 'exclusive with a given value'],
    [['a.yaml'], 'a required flag missing'],
  ])('decline %j (%s)', (argv) => expect(readCommandLine(t, argv)).toBeUndefined());
});

describe('arguments', () => {
  const two = table({ json: { kind: 'boolean' } }, [
    { name: 'old', required: true },
    { name: 'new', required: true },
  ]);
  const variadic = table({ cluster: { kind: 'string', char: 'c' } }, [{ name: 'files', required: true }], true);
  it('are named in order; - is an argument; flags may come anywhere', () => {
    expect(read(two, 'a', '--json', '-')).toEqual({ args: { old: 'a', new: '-' }, argv: ['a', '-'], flags: { json: true } });
  });
  it('a variadic command takes any number from its required ones, all in argv', () => {
    expect(read(variadic, 'a', 'b', 'c')).toEqual({ args: { files: 'a' }, argv: ['a', 'b', 'c'], flags: {} });
  });
  it('argv in oclif’s order: by where each word first appears on the line (a flag’s value included)', () => {
    expect(read(variadic, '-c', 'x', 'job', 'x')?.argv).toEqual(['x', 'job']);
  });
  it.each([
    [two, ['a'], 'too few'],
    [two, ['a', 'b', 'c'], 'too many for a strict command'],
    [variadic, ['-c', 'x'], 'none for a variadic command'],
    [two, ['--', 'a', 'b'], 'the end of flags'],
    [two, ['a', ''], 'an empty word'],
    [two, ['a', '-5'], 'a negative number (oclif reads it as an argument)'],
  ])('decline %#: %j (%s)', (command, argv) => expect(readCommandLine(command, argv as string[])).toBeUndefined());
});

describe('the commands’ own tables', () => {
  it('read each command’s plain line as its oclif definitions say', () => {
    expect(readCommandLine(FLAG_TABLES.plan!, ['job.yaml'])).toEqual({
      args: { file: 'job.yaml' },
      argv: ['job.yaml'],
      flags: { limit: 50 },
    });
    expect(readCommandLine(FLAG_TABLES.memory!, ['conf.yaml', '-D', 'a=1'])?.flags).toEqual({ set: ['a=1'] });
    expect(readCommandLine(FLAG_TABLES.validate!, ['jobs', '-j', '2'])?.flags).toEqual({ format: 'text', jobs: 2 });
    expect(readCommandLine(FLAG_TABLES.explain!, ['jm.log', '--json'])?.flags).toEqual({ json: true, format: 'text', limit: 40 });
    expect(readCommandLine(FLAG_TABLES.size!, ['job.yaml', '--vertex', 'x'])).toBeUndefined();
  });
});
