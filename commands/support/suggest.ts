/** "Did you mean …?" for what oclif refuses: an unknown flag. Unknown commands: command-not-found.ts. */

/** The flags oclif's NonExistentFlagsError names (`--jsn`, `--x=1`) → "Did you mean --json (for --jsn)?" lines. */
export async function suggestFlag(err: unknown, flags: readonly string[]): Promise<string | undefined> {
  const given = (err as { flags?: unknown }).flags;
  if (!Array.isArray(given) || given.length === 0) return undefined;
  const { closestName } = await import('../../src/index.js');
  const hints = given
    .map(String)
    .map((flag) => [flag, closestName(flag.replace(/^--?/, '').replace(/=.*$/, ''), flags)] as const)
    .filter(([, near]) => near !== undefined)
    .map(([flag, near]) => `Did you mean --${near} (for ${flag})?`);
  return hints.length === 0 ? undefined : hints.join('\n');
}
