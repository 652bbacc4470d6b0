/** "Did you mean …?" for what oclif refuses: an unknown flag. Unknown commands: hooks/command-not-found. */

/** oclif's "Nonexistent flag: --jsn" (or "Nonexistent flags: --a, --b") → "Did you mean --json?". */
export async function suggestFlag(message: string, flags: readonly string[]): Promise<string | undefined> {
  const match = /^Nonexistent flags?: (.*)$/m.exec(message);
  if (match === null) return undefined;
  const { closestName } = await import('../../src/index.js');
  const hints = match[1]!
    .split(/,\s*/)
    .map((given) => [given, closestName(given.replace(/^--?/, '').replace(/=.*$/, ''), flags)] as const)
    .filter(([, near]) => near !== undefined)
    .map(([given, near]) => `Did you mean --${near} (for ${given})?`);
  return hints.length === 0 ? undefined : hints.join('\n');
}
