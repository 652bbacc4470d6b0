/** Jobs for the HTML report's unit tests: planned as `plan` plans them, from text. */
import { analyzeJobText } from '../../../../src/app/job-text.js';
import { planOfJob } from '../../../../src/app/plan.js';
import type { ReportJob } from '../../../../src/report/html/html-report.js';

export function reportJob(text: string, file = 'job.yaml'): ReportJob {
  const analyzed = analyzeJobText(text, file);
  const plan = planOfJob(analyzed, file);
  if (!analyzed.ok || !plan.ok) throw new Error(`not a job: ${JSON.stringify(plan.ok ? analyzed : plan.diagnostics)}`);
  return { graph: analyzed.graph, plan: plan.value, file };
}

/** A job graph in flinkslot's YAML from vertices `id:parallelism[:group]` and edges `a>b` (`a~b`: BLOCKING). */
export function jobText(vertices: readonly string[], edges: readonly string[], name = 'job'): string {
  const vs = vertices.map((v) => {
    const [id, p, group] = v.split(':');
    return `  - {id: ${id}, parallelism: ${p}${group === undefined ? '' : `, slotSharingGroup: ${group}`}}`;
  });
  const es = edges.map((e) => {
    const blocking = e.includes('~');
    const [a, b] = e.split(/[>~]/);
    return `  - {source: ${a}, target: ${b}, distribution: ALL_TO_ALL${blocking ? ', resultPartitionType: BLOCKING' : ''}}`;
  });
  return (
    [`name: ${JSON.stringify(name)}`, 'flinkVersion: "1.20"', 'vertices:', ...vs, ...(es.length > 0 ? ['edges:', ...es] : [])].join('\n') +
    '\n'
  );
}

/** The SVG or HTML's element structure without coordinates: one line per element, indented by depth. */
export function structure(markup: string): string {
  const lines: string[] = [];
  let depth = 0;
  for (const m of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, tag, attrs, selfClosing] = m;
    if (closing === '/') {
      depth--;
      continue;
    }
    const keep = [...attrs!.matchAll(/\s(class|data-[\w-]+|role|marker-end)="([^"]*)"/g)].map((a) => `${a[1]}=${a[2]}`);
    lines.push(`${'  '.repeat(depth)}${tag}${keep.length > 0 ? ` ${keep.join(' ')}` : ''}`);
    if (selfClosing !== '/') depth++;
  }
  return lines.join('\n');
}
