/**
 * The floor of `plan` on a big JSON job graph (issue 29 §3): a whole Node process that reads the
 * file and JSON.parses it, nothing else. `node dist/bench/floor-parse.js FILE`
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: floor-parse.js FILE');
JSON.parse(readFileSync(file, 'utf8'));
