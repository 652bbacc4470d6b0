/**
 * Every command's flags and arguments (names, short names, types, defaults, options, multiple,
 * required, exclusive, dependsOn, bounds), read from the oclif classes, against the committed
 * snapshot test/data/flag-surface.json. A changed or removed flag fails
 * here until the snapshot is updated on purpose (`npx vitest run test/unit/commands/flag-surface -u`),
 * so the change shows in review.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../commands/index.js';
import { commandSurface, fastFlagTable } from '../../../commands/support/flag-surface.js';
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
    for (const [id, command] of Object.entries(COMMANDS)) expect(FLAG_TABLES[id]).toEqual(fastFlagTable(await commandSurface(command)));
    // A value oclif checks against a list, or a repeatable flag, is left to oclif.
    expect(FLAG_TABLES.diff!['fail-on']!.kind).toBe('declined');
    expect(FLAG_TABLES.memory!.set!.kind).toBe('declined');
  });
});
