#!/usr/bin/env node
import module from 'node:module';

// Node >= 22.1 can cache compiled module code between runs; start-up is most of a small command's time.
module.enableCompileCache?.();

// `--version` needs nothing but package.json: answer it before loading the CLI (oclif's format).
const [first, ...rest] = process.argv.slice(2);
if (rest.length === 0 && (first === '--version' || first === '-v' || first === 'version')) {
  const { readFileSync } = await import('node:fs');
  const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}\n`);
} else if (!(await withoutOclif(first, rest))) {
  await trace('oclif');
  const { execute } = await import('../dist/cli/index.js');
  await execute({ dir: import.meta.url });
}

/**
 * A command on a plain command line starts without oclif, from its own bundle
 * (dist/cli/fast-<command>.js; commands/fast.ts says which lines); FLINKSLOT_NO_FAST_PATH=1 sends
 * every line to oclif, as does a command without such a bundle (help, completion, a typo).
 */
async function withoutOclif(id, argv) {
  if (id === undefined || !/^[a-z]+$/.test(id) || process.env.FLINKSLOT_NO_FAST_PATH) return false;
  const bundle = new URL(`../dist/cli/fast-${id}.js`, import.meta.url);
  const { existsSync } = await import('node:fs');
  if (!existsSync(bundle)) return false;
  const { runFast } = await import(bundle.href);
  const fast = await runFast(argv, new URL('..', import.meta.url));
  if (fast) await trace('fast');
  return fast;
}

/** FLINKSLOT_TRACE_PATH=FILE: which path answered is appended to FILE (the fast-path tests read it). */
async function trace(path) {
  if (!process.env.FLINKSLOT_TRACE_PATH) return;
  const { appendFileSync } = await import('node:fs');
  appendFileSync(process.env.FLINKSLOT_TRACE_PATH, `${path}\n`);
}
