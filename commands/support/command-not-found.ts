/**
 * oclif's `command_not_found` hook (package.json → oclif.hooks): "command plna not found" becomes
 * "flinkslot: 'plna' is not a flinkslot command. Did you mean 'plan'?", exit 2 (a usage error).
 */
import { Errors, type Hook, type Interfaces } from '@oclif/core';

export async function unknownCommand(id: string, config: Interfaces.Config): Promise<never> {
  const { closestName } = await import('../../src/index.js');
  // With the topic separator ' ', `flinkslot plna x` arrives as the id 'plna:x'.
  const word = id.split(':')[0] ?? id;
  const known = config.commands.filter((c) => !c.hidden).map((c) => c.id);
  const near = closestName(word, known);
  const shown = JSON.stringify(word).slice(1, -1);
  const hint = near === undefined ? `commands: ${known.sort().join(', ')}` : `Did you mean '${near}'?`;
  throw new Errors.CLIError(`'${shown}' is not a flinkslot command. ${hint}\nSee '${config.bin} help'.`, { exit: 2 });
}

export const commandNotFound: Hook<'command_not_found'> = async function (options) {
  return unknownCommand(options.id, options.config);
};
