#!/usr/bin/env node
// Writes docs/diagnostics.md from the catalog of diagnostic codes (src/errors/codes.ts):
// `npm run docs:diagnostics`. The page is checked in; test/unit/report/diagnostics-doc.test.ts
// fails when it differs from what this script writes. The catalog is read from the TypeScript
// source (bundled in memory by esbuild), so no build is needed first.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundled = await build({
  entryPoints: [join(root, 'src/report/render-code-entry.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'warning',
});
const source = bundled.outputFiles[0].text;
const { renderDiagnosticsDoc } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
const target = join(root, 'docs/diagnostics.md');
writeFileSync(target, renderDiagnosticsDoc());
console.log(`wrote ${target}`);
