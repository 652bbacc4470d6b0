import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { it } from 'vitest';
import { parse } from 'yaml';
import { readLogFacts } from '../src/parse/log/facts/read-facts.js';
import { readLogRecords } from '../src/parse/log/log-records.js';
import { explainLog } from '../src/sim/log/explain-log.js';
import { formatVersion } from '../src/model/flink-version.js';
const ROOT = new URL('../fixtures/real/logs/', import.meta.url);
it('table', () => {
  const dirs = readdirSync(ROOT).filter((d) => /^\d\d-/.test(d)).sort();
  for (const dir of dirs) {
    const logs = ['jobmanager.log', 'taskmanager.log'].filter((f) => existsSync(new URL(`${dir}/${f}`, ROOT))).map((f) => {
      const r = readLogRecords(readFileSync(new URL(`${dir}/${f}`, ROOT), 'utf8'), f);
      if (!r.ok) throw new Error('x');
      return r.value;
    });
    const e = explainLog(readLogFacts(logs));
    const a = parse(readFileSync(new URL(`${dir}/artefact.yaml`, ROOT), 'utf8'));
    const jobs = e.jobs.map((j) => `${j.id.slice(0, 6)} ${j.requiredSlots ?? '?'}/${j.acquiredSlots ?? '?'} ${j.verdict}`).join('; ');
    console.log(`ROW | ${dir.slice(0, 2)} | ${a.expectedDiagnosis} | ${e.diagnosis.code} | ${e.flinkVersion ? formatVersion(e.flinkVersion) : '-'} ${e.slotManager ?? '-'} ${e.resourceManager ?? '-'} | ${jobs || '-'} | TMs ${e.taskManagers.length} lost ${e.taskManagers.filter((t) => t.lost).length} | workers ${e.workersRequested}/${e.workersRegistered} | replay ${e.replay.replayed ? e.replay.verdicts.map((v) => v.verdict).join(',') : 'no'} ${e.replay.disagreements.join(' / ')} | fixes ${e.diagnosis.fixes.map((f) => (f.proven ? 'P:' : '') + f.text.slice(0, 70)).join(' // ')}`);
    console.log(`MSG ${dir.slice(0, 2)} ${e.diagnosis.message}`);
  }
});
