/**
 * The floor of `validate` over a directory of job files (issue 29 §2): a whole Node process that
 * reads each file of the directory and parses it, with js-yaml (the parser flinkslot uses) or
 * JSON.parse by its extension, nothing else. `node dist/bench/floor-validate.js DIR`
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: floor-validate.js DIR');
for (const name of readdirSync(dir)) {
  const text = readFileSync(join(dir, name), 'utf8');
  if (name.endsWith('.json')) JSON.parse(text);
  else load(text);
}
