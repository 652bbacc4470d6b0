/**
 * CPU-profile one stage of the benchmark (diagnosis helper, not part of `npm run bench`).
 *
 *   node dist/bench/profile.js <random|chain> <vertices> <parse-json|parse-yaml|analyze|report> [runs]
 *   node dist/bench/profile.js --summarise <file.cpuprofile>   (e.g. from `node --cpu-prof bin/run.js plan …`)
 *
 * Generates the same input as bench.ts, runs the earlier stages unprofiled, then profiles only the
 * chosen stage with the V8 sampling profiler (node:inspector), prints the functions with the most
 * self and total time, and writes the .cpuprofile (open in Chrome DevTools) to the temp dir.
 */
import { Session } from 'node:inspector/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { analyzeJob } from '../src/plan/analyze-job.js';
import { parseJobGraph } from '../src/parse/parse-job-graph.js';
import { buildPlanReport } from '../src/report/plan-report.js';
import { chainJobGraphJson, randomJobGraph, toYaml } from './generate.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; diagnostics: unknown[] }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics.slice(0, 3)));
  return r.value;
}

function frameKey(n: ProfileNode): string {
  const { functionName, url, lineNumber } = n.callFrame;
  const file = url === '' ? '' : url.startsWith('file://') ? relative(ROOT, fileURLToPath(url)) : url;
  return `${functionName || '(anonymous)'}  ${file}${file ? `:${lineNumber + 1}` : ''}`;
}

function summarise(profile: CpuProfile, top = 15): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    all += dt;
    const node = byId.get(id)!;
    self.set(frameKey(node), (self.get(frameKey(node)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = frameKey(byId.get(cur)!);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  });
  const skip = (k: string): boolean => k.startsWith('(root)') || k.startsWith('(program)') || k.startsWith('(idle)');
  const rows = (m: Map<string, number>): string =>
    [...m]
      .filter(([k]) => !skip(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(9)} ms  ${((100 * v) / all).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return `sampled ${all.toFixed(0)} ms\n\nself time\n${rows(self)}\n\ntotal time (inclusive)\n${rows(total)}`;
}

async function main(): Promise<void> {
  const [kind = 'random', verticesText = '100000', stage = 'analyze', runsText = '3'] = process.argv.slice(2);
  const vertices = Number(verticesText);
  const runs = Number(runsText);
  const doc = kind === 'chain' ? undefined : randomJobGraph(vertices, 3);
  const json = doc === undefined ? chainJobGraphJson(vertices, 4) : JSON.stringify(doc);
  const yaml = doc === undefined || stage !== 'parse-yaml' ? undefined : toYaml(doc);

  let work: () => unknown;
  if (stage === 'parse-json') work = () => parseJobGraph(json);
  else if (stage === 'parse-yaml') work = () => parseJobGraph(yaml!);
  else {
    const graph = unwrap(parseJobGraph(json));
    if (stage === 'analyze') work = () => analyzeJob(graph);
    else {
      const analysis = unwrap(analyzeJob(graph));
      work = () => buildPlanReport(analysis);
    }
  }
  work(); // warm-up, unprofiled

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) work();
  const elapsed = performance.now() - t0;
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
  session.disconnect();

  const out = join(os.tmpdir(), `flinkslot-${kind}-${vertices}-${stage}.cpuprofile`);
  writeFileSync(out, JSON.stringify(profile));
  console.log(
    `${kind} ${vertices} ${stage}: ${runs} run(s) in ${elapsed.toFixed(0)} ms (${(elapsed / runs).toFixed(1)} ms each); profile: ${out}`,
  );
  console.log(summarise(profile));
}

if (process.argv[2] === '--summarise') {
  const file = process.argv[3];
  if (file === undefined) throw new Error('usage: profile.js --summarise <file.cpuprofile>');
  console.log(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, 25));
} else {
  await main();
}
