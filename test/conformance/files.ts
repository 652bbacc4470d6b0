/** Finds case files under a directory (recursively), in a stable order. */
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export const DEFAULT_CASES_DIR = 'fixtures/conformance';

export function listCaseFiles(dir: string): string[] {
  if (statSync(dir).isFile()) return [dir];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.yaml') && entry.name !== 'README.yaml') out.push(path);
    }
  };
  walk(dir);
  return out;
}

export function caseName(path: string): string {
  return basename(path).replace(/\.yaml$/, '');
}
