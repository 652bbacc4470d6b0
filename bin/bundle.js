#!/usr/bin/env node
// Build step after tsc. The package's two faces, each one self-contained (the installed package has
// no dependencies to fetch, so `npm install -g flinkslot-X.tgz` works offline):
// - the library, dist/lib/index.js: src/index.ts with its dependencies (yaml, js-yaml, dagre, ajv's
//   runtime helpers) in one ESM file, package.json's `exports` (its types: dist/types/src, by tsc);
// - the CLI, dist/cli: bundles the compiled commands, the validate worker and every runtime
// dependency (oclif, chalk, js-yaml, ajv's runtime helpers) into a few ESM files under dist/cli,
// the oclif target, and dist/cli/fast-<command>.js, each command's plain command line without
// oclif (one file each, see below). Start-up is most of a small command's time, and most of that is Node
// resolving, reading and compiling ~400 separate modules: bundled, `plan` on a small job starts
// in ~135 ms instead of ~190 ms and `--version` in ~110 ms instead of ~150 ms (2-core machine,
// node -e 0 at ~55 ms; `npm run bench` prints the ratios). Shared code goes into chunks next to
// the entries, so the worker's './validate-worker.js' resolves as it does in dist/commands.
// oclif can load TypeScript sources through ts-node/tsx when present: those stay external.
import { build } from 'esbuild';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The CommonJS dependencies call require() for Node's own modules: give each ESM bundle one.
// Made on first use: createRequire costs a file URL conversion and a path walk, and every chunk has
// the banner while few call require() (a command loads ~25 chunks; eagerly, ~10 ms of its start-up).
// The Proxy passes calls and properties (resolve, cache) to the real require.
const requireBanner = [
  "import { createRequire as __flinkslotCreateRequire } from 'node:module';",
  'const require = (() => {',
  '  let made;',
  '  const real = () => (made ??= __flinkslotCreateRequire(import.meta.url));',
  '  return new Proxy(function require(id) { return real()(id); }, { get: (_, key) => real()[key] });',
  '})();',
].join(' ');

const libdir = join(root, 'dist/lib');
rmSync(libdir, { recursive: true, force: true });
await build({
  entryPoints: { index: join(root, 'dist/src/index.js') },
  outdir: libdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner: { js: requireBanner },
  logLevel: 'warning',
});
pruneDeclarations(join(root, 'dist/types/src'));

const outdir = join(root, 'dist/cli');
rmSync(outdir, { recursive: true, force: true });
// The entry also hands bin/run.js oclif's execute, so the CLI runs one copy of oclif, the bundled one.
const entry = join(root, 'dist/commands/cli-entry.js');
writeFileSync(entry, "export { COMMANDS, commandNotFound } from './index.js';\nexport { execute } from '@oclif/core';\n");
// Every command's flag table, derived from its oclif definitions (dist/commands/flag-tables.js
// loads them, and oclif with them): evaluated here, at build time, and put into the bundle as data,
// so the fast path reads the flags the commands declare without loading oclif at run time.
const { FLAG_TABLES } = await import(pathToFileURL(join(root, 'dist/commands/flag-tables.js')).href);
const flagTablesAsData = {
  name: 'flag-tables-as-data',
  setup(b) {
    b.onResolve({ filter: /^\.\/flag-tables\.js$/ }, () => ({ path: 'flag-tables', namespace: 'flag-tables' }));
    b.onLoad({ filter: /.*/, namespace: 'flag-tables' }, () => ({
      contents: `export const FLAG_TABLES = ${JSON.stringify(FLAG_TABLES)};`,
      loader: 'js',
    }));
  },
};
const result = await build({
  plugins: [flagTablesAsData],
  entryPoints: {
    index: entry,
    'validate-worker': join(root, 'dist/commands/support/validate-worker.js'),
    'size-worker': join(root, 'dist/commands/support/size-worker.js'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['typescript', 'ts-node', 'tsx'],
  // oclif checks the Node version against its own package.json on every start: bundled, that file
  // is not found and the check only costs loading semver (~10 ms). npm checks engines at install.
  define: { 'process.env.OCLIF_DISABLE_ENGINE_WARNING': '"1"' },
  banner: { js: requireBanner },
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
});

// The fast path: one self-contained bundle per command, dist/cli/fast-<command>.js (commands/fast.ts's
// FAST_RUNNERS: the reader, the shell and that command's runner, no chunk shared), since Node's module
// loader costs about a millisecond per file and a split bundle gives a command ~25 of them. The
// entries are written here, from the table; the flag tables are inlined as data as above.
const { FAST_RUNNERS } = await import(pathToFileURL(join(root, 'dist/commands/fast.js')).href);
const fastEntries = {};
for (const [id, [module, name]] of Object.entries(FAST_RUNNERS)) {
  const file = join(root, `dist/commands/fast-entry-${id}.js`);
  writeFileSync(
    file,
    `import { runFastWith } from './fast.js';\nimport { ${name} } from '${module}';\n` +
      `export const runFast = (argv, root) => runFastWith(${JSON.stringify(id)}, argv, root, ${name});\n`,
  );
  fastEntries[`fast-${id}`] = file;
}
const fast = await build({
  plugins: [flagTablesAsData],
  entryPoints: fastEntries,
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['typescript', 'ts-node', 'tsx'],
  banner: { js: requireBanner },
  entryNames: '[name]',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  metafile: true,
  logLevel: 'warning',
});
// The fast path exists to start without oclif: fail the build if oclif reached a command's bundle.
for (const [out, { inputs }] of Object.entries(fast.metafile.outputs)) {
  const oclif = Object.keys(inputs).filter((i) => i.includes('node_modules/@oclif/'));
  if (oclif.length > 0) throw new Error(`${out} loads oclif (${oclif[0]}): it must not`);
}
// The command's runners, each with the chunks it loads: what a command's start-up reads (FLINKSLOT_BUNDLE_REPORT=1).
if (process.env.FLINKSLOT_BUNDLE_REPORT) {
  writeFileSync(join(root, 'dist/cli-meta.json'), JSON.stringify(result.metafile));
  writeFileSync(join(root, 'dist/cli-fast-meta.json'), JSON.stringify(fast.metafile));
}

/**
 * The package ships dist/types/src: keep the declarations src/index.ts reaches (its public types
 * and what they name), delete the rest (internal modules, and stale files of deleted sources).
 */
function pruneDeclarations(dir) {
  const reached = new Set();
  const pending = [join(dir, 'index.d.ts')];
  while (pending.length > 0) {
    const file = pending.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)\.js['"]/g)) {
      pending.push(join(dirname(file), `${spec}.d.ts`));
    }
  }
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = join(dir, entry);
    if (file.endsWith('.d.ts') && !reached.has(file)) rmSync(file);
  }
}
