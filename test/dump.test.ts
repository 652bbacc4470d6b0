import { existsSync, readFileSync } from 'node:fs';
import { it } from 'vitest';
import { readLogFacts } from '../src/parse/log/facts/read-facts.js';
import { readLogRecords } from '../src/parse/log/log-records.js';
import { explainLog } from '../src/sim/log/explain-log.js';
const ROOT = new URL('../fixtures/real/logs/', import.meta.url);
const dirs = (process.env.DIRS ?? '').split(',');
const j = (x: unknown) => JSON.stringify(x, (k, v) => (typeof v === 'bigint' ? String(v) : k === 'at' ? `${v.file}:${v.line}` : k === 'text' && typeof v === 'string' ? v.slice(0, 60) : v));
it('dump', () => {
  for (const dir of dirs) {
    const logs = ['jobmanager.log', 'taskmanager.log'].filter((f) => existsSync(new URL(`${dir}/${f}`, ROOT))).map((f) => {
      const r = readLogRecords(readFileSync(new URL(`${dir}/${f}`, ROOT), 'utf8'), f);
      if (!r.ok) throw new Error('x');
      return r.value;
    });
    const facts = readLogFacts(logs);
    console.log('=====', dir);
    for (const f of facts.facts) console.log('  F', j(f).slice(0, 400));
    const e = explainLog(facts);
    console.log('  E', j({ ...e, timeline: undefined, records: undefined }).slice(0, 3000));
  }
});
