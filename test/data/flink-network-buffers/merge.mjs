// Merges the per-release rows of generate.sh into one file: rows whose inputs and Flink's results are
// the same in several releases become one line listing those releases (keeps the data small).
import { readFileSync } from 'node:fs';

const [work, ...releases] = process.argv.slice(2);
const merged = new Map();
const header = { flinkRevisions: {} };
for (const release of releases) {
  header.flinkRevisions[release] = readFileSync(`${work}/${release}/revision`, 'utf8').trim().split(' ')[0];
  for (const line of readFileSync(`${work}/${release}/rows.jsonl`, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const key = JSON.stringify(JSON.parse(line));
    const entry = merged.get(key) ?? [];
    entry.push(release);
    merged.set(key, entry);
  }
}
const lines = [JSON.stringify(header)];
for (const [key, rels] of merged) lines.push(JSON.stringify({ releases: rels, ...JSON.parse(key) }));
process.stdout.write(lines.join('\n') + '\n');
