/**
 * Every command's flags and arguments (names, short names, types, defaults, options, multiple,
 * required, exclusive, dependsOn, bounds), read from the oclif classes, against the committed
 * snapshot test/data/flag-surface.json. A changed or removed flag fails
 * here until the snapshot is updated on purpose (`npx vitest run test/unit/commands/flag-surface -u`),
 * so the change shows in review.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands/index.js';
import { commandSurface, fastCommand } from '../../../commands/support/flag-surface.js';
import { FLAG_TABLES } from '../../../commands/flag-tables.js';

async function surfaces(): Promise<Record<string, unknown>> {
  const all: Record<string, unknown> = {};
  for (const id of Object.keys(COMMANDS).sort()) all[id] = await commandSurface(COMMANDS[id as keyof typeof COMMANDS]);
  return all;
}

describe('the flag surface of every command', () => {
  it('is the committed snapshot', async () => {
    await expect(JSON.stringify(await surfaces(), null, 2) + '\n').toMatchFileSnapshot('../../data/flag-surface.json');
  });

  it('reads a flag as oclif declares it: an integer by its parser, a negatable boolean, a list', async () => {
    const plan = await commandSurface(COMMANDS.plan);
    expect(plan.flags.limit).toEqual({ type: 'integer', default: 50, min: 0 });
    expect(plan.flags.color).toEqual({ type: 'boolean', allowNo: true });
    expect(plan.flags['tm-config']).toEqual({ type: 'string' });
    expect(plan.args).toEqual([{ name: 'file', required: true }]);
    const diff = await commandSurface(COMMANDS.diff);
    expect(diff.flags['fail-on']).toMatchObject({ type: 'string', multiple: true, delimiter: ',', options: ['slots', 'memory', 'any'] });
    expect((await commandSurface(COMMANDS.memory)).flags.set).toMatchObject({ char: 'D', multiple: true });
  });

  it('gives every command a fast-path flag table derived from the same definitions', async () => {
    expect(Object.keys(FLAG_TABLES).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const [id, command] of Object.entries(COMMANDS)) expect(FLAG_TABLES[id]).toEqual(fastCommand(await commandSurface(command)));
    // A checked list, a repeatable flag (greedy as oclif's, or not), short names and arguments are all in the table.
    expect(FLAG_TABLES.diff!.flags['fail-on']).toEqual({
      kind: 'string',
      multiple: true,
      delimiter: ',',
      options: ['slots', 'memory', 'any'],
    });
    expect(FLAG_TABLES.memory!.flags.set).toEqual({ kind: 'string', char: 'D', multiple: true, greedy: true });
    expect(FLAG_TABLES.plan!.flags.color).toEqual({ kind: 'negatable' });
    expect(FLAG_TABLES.diff!.args).toEqual([
      { name: 'old', required: true },
      { name: 'new', required: true },
    ]);
    expect(FLAG_TABLES.simulate!.variadic).toBe(true);
  });
});
