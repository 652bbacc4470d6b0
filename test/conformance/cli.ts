/**
 * `npm run conformance -- [DIR]`: runs every case under DIR (default fixtures/conformance),
 * prints one line per failing case and ends with `N passed, N failed`; exit 1 on any failure.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { DEFAULT_CASES_DIR, caseName, listCaseFiles } from './files.js';
import { runCaseText } from './run-case.js';

const dir = process.argv[2] ?? DEFAULT_CASES_DIR;
let files: string[];
try {
  files = listCaseFiles(dir);
} catch (e) {
  process.stderr.write(`cannot read ${dir}: ${(e as Error).message}\n`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
for (const file of files) {
  const failures = runCaseText(readFileSync(file, 'utf8'), caseName(file));
  if (failures.length === 0) passed++;
  else {
    failed++;
    process.stdout.write(`FAIL ${relative(process.cwd(), file)}: ${failures.join('; ')}\n`);
  }
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
