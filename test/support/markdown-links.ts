/**
 * The relative links of the project's Markdown (README.md, docs/): each target exists and, for a
 * `#anchor`, the heading it names exists, slugged as GitHub slugs headings (github-slugger: lower
 * case, every character that is not a letter, mark, digit, connector, space or hyphen dropped,
 * spaces made hyphens, a repeated slug numbered -1, -2, …).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface MarkdownLink {
  readonly file: string;
  readonly line: number;
  readonly target: string;
}

export interface BrokenLink extends MarkdownLink {
  readonly reason: string;
}

/** GitHub's slug of one heading's text (inline links read as their text). */
export const githubSlug = (heading: string): string =>
  heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The lines of a Markdown text outside fenced code blocks, with inline code spans blanked. */
const proseLines = (text: string): { readonly line: number; readonly text: string }[] => {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, index) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (opener !== undefined) {
      if (fence === undefined) fence = opener;
      else if (opener.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence === undefined) out.push({ line: index + 1, text: raw.replace(/`+[^`]*`+/g, '') });
  });
  return out;
};

/** The anchors a Markdown text defines: its headings' slugs (numbered when repeated) and `<a id|name>`. */
export const anchorsOf = (text: string): Set<string> => {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]!);
  }
  let fence: string | undefined;
  for (const raw of text.split('\n')) {
    const opener = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (opener !== undefined) {
      if (fence === undefined) fence = opener;
      else if (opener.startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = fence === undefined ? /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw)?.[1] : undefined;
    if (heading === undefined) continue;
    const base = githubSlug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
};

/** Every inline link, image and reference definition of a Markdown text whose target is relative (no scheme). */
export const relativeLinks = (file: string, text: string): MarkdownLink[] => {
  const links: MarkdownLink[] = [];
  for (const { line, text: prose } of proseLines(text)) {
    const targets = [
      ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
      ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]!),
    ];
    for (const target of targets) {
      if (!/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ file, line, target });
    }
  }
  return links;
};

/** The links of `files` (paths relative to `root`) that do not resolve. */
export const brokenLinks = (root: string, files: readonly string[]): BrokenLink[] => {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (path: string): Set<string> => {
    let set = anchorCache.get(path);
    if (set === undefined) anchorCache.set(path, (set = anchorsOf(readFileSync(join(root, path), 'utf8'))));
    return set;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const link of relativeLinks(file, readFileSync(join(root, file), 'utf8'))) {
      const hash = link.target.indexOf('#');
      const pathPart = decodeURIComponent(hash < 0 ? link.target : link.target.slice(0, hash));
      const anchor = hash < 0 ? undefined : decodeURIComponent(link.target.slice(hash + 1));
      const resolved = pathPart === '' ? file : relative(root, join(root, dirname(file), pathPart));
      if (resolved.startsWith('..') || !existsSync(join(root, resolved))) {
        broken.push({ ...link, reason: `no file ${resolved}` });
      } else if (anchor !== undefined && resolved.endsWith('.md') && statSync(join(root, resolved)).isFile()) {
        if (!anchors(resolved).has(anchor)) broken.push({ ...link, reason: `no heading #${anchor} in ${resolved}` });
      }
    }
  }
  return broken;
};
