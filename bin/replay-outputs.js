#!/usr/bin/env node
// Shows that a change alters no output: replays the command lines the end-to-end tests ran
// (recorded with `FLINKSLOT_RECORD=FILE npx vitest run test/e2e test/real test/conformance`, see
// test/support/cli.ts) against a built checkout and writes one file per command line (arguments,
// exit code, stdout, stderr; the checkout's path replaced by <ROOT>). Run it on the commit before
// and after, then `diff -r BEFORE AFTER`. Command lines that name temporary files or a network
// address are skipped: their files are gone, or their server is not running.
// usage: node bin/replay-outputs.js RECORD.jsonl CHECKOUT OUTDIR
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [record, checkout, out] = process.argv.slice(2);
if (out === undefined) {
  console.error('usage: node bin/replay-outputs.js RECORD.jsonl CHECKOUT OUTDIR');
  process.exit(2);
}
const repo = resolve(checkout);
mkdirSync(out, { recursive: true });
const seen = new Set();
let replayed = 0;
let skipped = 0;
for (const line of readFileSync(record, 'utf8').split('\n')) {
  if (line === '') continue;
  const run = JSON.parse(line);
  const key = JSON.stringify({ ...run, root: undefined });
  if (seen.has(key)) continue;
  seen.add(key);
  if (/\/tmp\/|https?:|127\.0\.0\.1|localhost/.test(key)) {
    skipped++;
    continue;
  }
  const args = run.args.map((a) => a.split(run.root).join(repo));
  const env = { ...process.env, ...run.env };
  for (const name of ['FORCE_COLOR', 'NO_COLOR', 'NODE_ENV']) delete env[name];
  if (run.noColor) env.NO_COLOR = '1';
  const r = spawnSync(process.execPath, ['bin/run.js', ...args], {
    cwd: repo,
    env,
    encoding: 'utf8',
    input: run.input ?? undefined,
    maxBuffer: 1 << 28,
  });
  const shown = (text) => (text ?? '').split(repo).join('<ROOT>');
  const id = createHash('sha1').update(key).digest('hex').slice(0, 12);
  writeFileSync(
    `${out}/${id}.txt`,
    `ARGS ${JSON.stringify(run.args)}\nSTATUS ${r.status}\n--- stdout\n${shown(r.stdout)}\n--- stderr\n${shown(r.stderr)}`,
  );
  replayed++;
}
console.log(`replayed ${replayed} command lines, skipped ${skipped}`);
