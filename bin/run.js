#!/usr/bin/env node
import module from 'node:module';

// Node >= 22.1 can cache compiled module code between runs; start-up is most of a small plan's time.
module.enableCompileCache?.();

// `--version` needs nothing but package.json: answer it before loading the CLI (oclif's format).
const [first, ...rest] = process.argv.slice(2);
if (rest.length === 0 && (first === '--version' || first === '-v' || first === 'version')) {
  const { readFileSync } = await import('node:fs');
  const pjson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pjson.name}/${pjson.version} ${process.platform}-${process.arch} node-${process.version}\n`);
} else if (!(first === 'plan' && !process.env.FLINKSLOT_NO_FAST_PATH && (await planWithoutOclif(rest)))) {
  const { execute } = await import('../dist/cli/index.js');
  await execute({ dir: import.meta.url });
}

/** `plan` on a plain command line starts without oclif (dist/cli/plan-fast.js says which lines). */
async function planWithoutOclif(argv) {
  const { planFast } = await import('../dist/cli/plan-fast.js');
  return planFast(argv);
}
