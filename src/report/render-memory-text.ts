/** The TaskManager memory breakdown as text, nested the way Flink's memory model documentation draws it. */
import { assumedVersionNote } from '../model/flink-version.js';
import { formatBytes } from '../model/memory-size.js';
import type { MemoryReport } from './memory-report.js';
import { profileToTextFromJson } from './profile-text.js';
import { type Style, PLAIN } from './style.js';
import { type Block, type Line, type SectionDocument, paragraph, strong, tone } from './document/document.js';
import { writeText } from './document/text-writer.js';
import { printable } from '../util/printable.js';

const ROWS: Array<[string, keyof MemoryReport['components'], number]> = [
  ['Total Process Memory', 'totalProcess', 0],
  ['JVM Metaspace', 'jvmMetaspace', 1],
  ['JVM Overhead', 'jvmOverhead', 1],
  ['Total Flink Memory', 'totalFlink', 1],
  ['Framework Heap', 'frameworkHeap', 2],
  ['Task Heap', 'taskHeap', 2],
  ['Framework Off-Heap', 'frameworkOffHeap', 2],
  ['Task Off-Heap', 'taskOffHeap', 2],
  ['Network', 'network', 2],
  ['Managed', 'managed', 2],
];

export function renderMemoryText(report: MemoryReport, style: Style = PLAIN): string {
  return writeText(memoryDocument(report), { style });
}

/** The version, its notes and the breakdown; then the JVM options, resources, CPU, slots and what a running cluster reports. */
function memoryDocument(report: MemoryReport): SectionDocument {
  const assumed = report.flinkVersionSource === 'assumed';
  const heading = tone('heading', `TaskManager memory (Flink ${report.flinkVersion} rules${assumed ? ', assumed' : ''})`);
  const notes: Line[] = [
    ...(assumed ? [note('note', assumedVersionNote('pass --flink-version (a Flink configuration does not name its release)'))] : []),
    ...(report.warnings ?? []).map((w) => note('warning', w)),
    ...(report.notes ?? []).map((n) => note('note', n)),
  ];
  const rows = ROWS.map(([label, key, depth]) => {
    const bytes = BigInt(report.components[key]);
    return [['  '.repeat(depth) + label], [String(bytes)], [formatBytes(bytes)]];
  });
  const breakdown: Block = { kind: 'table', header: ['Component', 'Bytes', 'Size'], rows };
  const cpu = report.cpu;
  const facts: Line[] = [
    [strong('JVM options:'), ` ${report.jvmOptions.join(' ')}`],
    [strong('TaskManager resources:'), ` ${profileToTextFromJson(report.taskManagerTotalResource)}`],
    [
      strong('CPU:'),
      ` ${cpu.cores} from ${cpu.source}${cpu.roundedUp === true ? ' (rounded up to whole YARN vcores)' : ''} (deployment target ${report.deploymentTarget})`,
    ],
    [strong(`Slots: ${report.numberOfTaskSlots} × `), profileToTextFromJson(report.defaultSlotResourceProfile)],
    ...externalResourceLines(report),
    ...podLine(report),
    ...reportedLines(report),
  ];
  return [
    { heading: { level: 2, content: [heading] }, blocks: [...(notes.length === 0 ? [] : [paragraph(...notes)]), breakdown] },
    { blocks: [paragraph(...facts)] },
  ];
}

/** `  note …` / `  warning …` under the heading. */
function note(kind: 'note' | 'warning' | 'differs', text: string): Line {
  return ['  ', tone(kind === 'note' ? 'dim' : 'warn', kind), ` ${text}`];
}

/** A running cluster's TaskManagers against the derived sizes: agreement in one line, else each difference. */
function reportedLines(report: MemoryReport): Line[] {
  const check = report.reportedByTaskManagers;
  if (check === undefined) return [];
  const reporting = check.taskManagers - check.notReporting;
  const agree = `${check.agreeing} of ${count(reporting, 'TaskManager')} that report their memory (GET ${check.url}) ${check.agreeing === 1 ? 'has' : 'have'} exactly these sizes and slots`;
  const lines: Line[] = [[strong('Running TaskManagers:'), ` ${agree}`]];
  if (check.notReporting > 0)
    lines.push(
      note('note', `${count(check.notReporting, 'TaskManager')} ${check.notReporting === 1 ? 'reports' : 'report'} no memoryConfiguration`),
    );
  for (const group of check.differing) {
    const names = group.taskManagers.slice(0, 3).map(printable).join(', ');
    const more = group.taskManagers.length > 3 ? ` and ${group.taskManagers.length - 3} more` : '';
    const what = [
      ...group.components.map((c) => `${c.component} ${size(c.reported)}, derived ${size(c.derived)}`),
      ...(group.numberOfTaskSlots === undefined ? [] : [`${group.numberOfTaskSlots} slots (configured ${report.numberOfTaskSlots})`]),
    ];
    lines.push(note('differs', `${names}${more}: ${what.join(', ')}; started with other options than the JobManager's`));
  }
  if (check.moreDifferences !== undefined) lines.push([`  … and ${check.moreDifferences} more kinds of difference (--json lists 10)`]);
  return lines;
}

const size = (bytes: number | string): string => `${formatBytes(BigInt(bytes))} (${bytes} bytes)`;
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Each external resource per TaskManager, where a pod or container asks for it, and whether slots carry it. */
function externalResourceLines(report: MemoryReport): Line[] {
  const list = report.externalResources ?? [];
  if (list.length === 0) return [];
  const each = list.map((r) => {
    const where = [
      ...(r.kubernetesConfigKey === undefined ? [] : [`Kubernetes ${printable(r.kubernetesConfigKey)}`]),
      ...(r.yarnConfigKey === undefined ? [] : [`YARN ${printable(r.yarnConfigKey)}`]),
    ];
    return `${printable(r.name)} ${r.amount}${where.length === 0 ? '' : ` (${where.join(', ')})`}`;
  });
  const slots = list[0]!.inResourceProfile ? 'divided among the slots above' : 'not in slot profiles before Flink 1.13';
  return [[strong('External resources:'), ` ${each.join(', ')} per TaskManager; ${slots}`]];
}

/** As Flink's JobManager logs a new pod: "with resource <MiB,cpu>", and the limits when they differ. */
function podLine(report: MemoryReport): Line[] {
  const pod = report.kubernetesPod;
  if (pod === undefined) return [];
  const limits =
    pod.cpuLimit === pod.cpuRequest && pod.memoryLimitMiB === pod.memoryRequestMiB
      ? 'limits equal requests'
      : `limits cpu ${pod.cpuLimit}, memory ${pod.memoryLimitMiB}Mi`;
  // KubernetesUtils.getResourceRequirements: requests and limits both get each external resource's amount.
  const external = (report.externalResources ?? [])
    .filter((r) => r.kubernetesConfigKey !== undefined)
    .map((r) => `, ${printable(r.kubernetesConfigKey!)} ${r.amount}`)
    .join('');
  return [[strong('Kubernetes pod:'), ` requests cpu ${pod.cpuRequest}, memory ${pod.memoryRequestMiB}Mi${external}; ${limits}`]];
}
