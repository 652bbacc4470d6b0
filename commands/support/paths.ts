/**
 * The files `validate` checks: each argument is a file, a directory (searched recursively for
 * .yaml, .yml and .json, skipping hidden directories and node_modules), a glob (`*`, `**`, `?`,
 * `[...]`, `{a,b}`; quoted so the shell leaves it alone), or `-` for standard input.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { type FlinkslotError, refusal } from '../../src/face/errors.js';

export const STDIN = '-';
const JOB_FILE = /\.(ya?ml|json)$/i;
const GLOB_CHARS = /[*?[{]/;

/** A path argument that names no file (usage/error, exit 2). */
export function pathError(message: string): FlinkslotError {
  return refusal('usage/error', message);
}

/** The files, in argument order, each argument's matches sorted; duplicates dropped. */
export function expandPaths(args: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  // The same file spelled two ways (./a.yaml, x/../a.yaml) is checked once, under its first spelling.
  const add = (file: string): void => {
    const key = file === STDIN ? STDIN : resolve(file);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(file);
  };
  for (const arg of args) {
    if (arg === STDIN) {
      add(STDIN);
      continue;
    }
    const matches = GLOB_CHARS.test(arg) && !exists(arg) ? expandGlob(arg) : expandPath(arg);
    if (matches.length === 0) throw pathError(GLOB_CHARS.test(arg) ? `no file matches ${arg}` : `no .yaml, .yml or .json file in ${arg}`);
    for (const m of matches) add(m);
  }
  return out;
}

/**
 * The files kept by --include (any of them matches; none given: all) and not dropped by --exclude.
 * A glob with a `/` matches the path as given (`/`-separated); without one, the file name, so
 * `--exclude "*.draft.yaml"` works at any depth. Standard input is always kept.
 */
export function filterPaths(files: readonly string[], include: readonly string[], exclude: readonly string[]): string[] {
  const matcher = (glob: string): ((file: string) => boolean) => {
    const regex = globToRegExp(glob.replace(/^\.\//, ''));
    const byPath = glob.includes('/');
    return (file) => {
      const path = file.split(sep).join('/').replace(/^\.\//, '');
      return regex.test(byPath ? path : (path.split('/').pop() ?? path));
    };
  };
  const includes = include.map(matcher);
  const excludes = exclude.map(matcher);
  const kept = files.filter((f) => f === STDIN || ((includes.length === 0 || includes.some((m) => m(f))) && !excludes.some((m) => m(f))));
  if (kept.length === 0 && files.length > 0) throw pathError(`--include/--exclude leave none of the ${files.length} files`);
  return kept;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function expandPath(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw pathError(`cannot read ${path}: no such file or directory`);
  }
  return stat.isDirectory() ? walk(path).filter((f) => JOB_FILE.test(f)) : [path];
}

/** Every file under `dir`, sorted, without hidden directories and node_modules. */
function walk(dir: string): string[] {
  const files: string[] = [];
  const visit = (d: string): void => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && e.name !== 'node_modules') visit(p);
      } else if (e.isFile()) files.push(p);
    }
  };
  visit(dir);
  return files;
}

function expandGlob(pattern: string): string[] {
  const segments = pattern.split(/[\\/]/);
  const firstGlob = segments.findIndex((s) => GLOB_CHARS.test(s));
  const base = segments.slice(0, firstGlob).join('/') || '.';
  const rest = segments.slice(firstGlob).join('/');
  const regex = globToRegExp(rest);
  if (!exists(base)) return [];
  return walk(base).filter((f) => regex.test(relative(base, f).split(sep).join('/')));
}

/** A glob (relative, `/`-separated) → an anchored regular expression. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        re += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (c === '{') {
      const close = glob.indexOf('}', i + 1);
      if (close < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map(escapeRegExp)
          .join('|')})`;
        i = close;
      }
    } else re += escapeRegExp(c);
  }
  return new RegExp(`^${re}$`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
