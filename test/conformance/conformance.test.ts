/** Every case under fixtures/conformance is one named test (data-driven; see fixtures/conformance/README.md). */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CASES_DIR, caseName, listCaseFiles } from './files.js';
import { runCaseText } from './run-case.js';

describe("conformance (Flink's own test assertions)", () => {
  const files = listCaseFiles(DEFAULT_CASES_DIR);
  it('has cases', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(relative(DEFAULT_CASES_DIR, file), () => {
      expect(runCaseText(readFileSync(file, 'utf8'), caseName(file))).toEqual([]);
    });
  }
});
