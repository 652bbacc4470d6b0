/** The TaskManager memory breakdown as text, nested the way Flink's memory model documentation draws it. */
import { assumedVersionNote } from '../model/flink-version.js';
import { formatBytes } from '../model/memory-size.js';
import type { MemoryReport } from './memory-report.js';
import { profileToTextFromJson } from './profile-text.js';
import { type Style, PLAIN } from './style.js';
import { renderTable } from './table.js';
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
  const rows = ROWS.map(([label, key, depth]) => {
    const bytes = BigInt(report.components[key]);
    return ['  '.repeat(depth) + label, String(bytes), formatBytes(bytes)];
  });
  const lines = [
    style.heading(`TaskManager memory (Flink ${report.flinkVersion} rules${report.flinkVersionSource === 'assumed' ? ', assumed' : ''})`),
    ...(report.flinkVersionSource === 'assumed'
      ? [`  ${style.dim('note')} ${assumedVersionNote('pass --flink-version (a Flink configuration does not name its release)')}`]
      : []),
    ...(report.warnings ?? []).map((w) => `  ${style.warn('warning')} ${w}`),
    ...(report.notes ?? []).map((n) => `  ${style.dim('note')} ${n}`),
    ...renderTable(['COMPONENT', 'BYTES', 'SIZE'], rows),
    '',
    `${style.strong('JVM options:')} ${report.jvmOptions.join(' ')}`,
    `${style.strong('TaskManager resources:')} ${profileToTextFromJson(report.taskManagerTotalResource)}`,
    `${style.strong('CPU:')} ${report.cpu.cores} from ${report.cpu.source}${report.cpu.roundedUp === true ? ' (rounded up to whole YARN vcores)' : ''} (deployment target ${report.deploymentTarget})`,
    `${style.strong(`Slots: ${report.numberOfTaskSlots} × `)}${profileToTextFromJson(report.defaultSlotResourceProfile)}`,
    ...externalResourceLines(report, style),
    ...podLine(report, style),
    ...reportedLines(report, style),
  ];
  return lines.join('\n') + '\n';
}

/** A running cluster's TaskManagers against the derived sizes: agreement in one line, else each difference. */
function reportedLines(report: MemoryReport, style: Style): string[] {
  const check = report.reportedByTaskManagers;
  if (check === undefined) return [];
  const reporting = check.taskManagers - check.notReporting;
  const head = `${style.strong('Running TaskManagers:')} ${check.agreeing} of ${count(reporting, 'TaskManager')} that report their memory (GET ${check.url}) ${check.agreeing === 1 ? 'has' : 'have'} exactly these sizes and slots`;
  const lines = [head];
  if (check.notReporting > 0)
    lines.push(
      `  ${style.dim('note')} ${count(check.notReporting, 'TaskManager')} ${check.notReporting === 1 ? 'reports' : 'report'} no memoryConfiguration`,
    );
  for (const group of check.differing) {
    const names = group.taskManagers.slice(0, 3).map(printable).join(', ');
    const more = group.taskManagers.length > 3 ? ` and ${group.taskManagers.length - 3} more` : '';
    const what = [
      ...group.components.map((c) => `${c.component} ${size(c.reported)}, derived ${size(c.derived)}`),
      ...(group.numberOfTaskSlots === undefined ? [] : [`${group.numberOfTaskSlots} slots (configured ${report.numberOfTaskSlots})`]),
    ];
    lines.push(`  ${style.warn('differs')} ${names}${more}: ${what.join(', ')}; started with other options than the JobManager's`);
  }
  if (check.moreDifferences !== undefined) lines.push(`  … and ${check.moreDifferences} more kinds of difference (--json lists 10)`);
  return lines;
}

const size = (bytes: number | string): string => `${formatBytes(BigInt(bytes))} (${bytes} bytes)`;
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Each external resource per TaskManager, where a pod or container asks for it, and whether slots carry it. */
function externalResourceLines(report: MemoryReport, style: Style): string[] {
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
  return [`${style.strong('External resources:')} ${each.join(', ')} per TaskManager; ${slots}`];
}

/** As Flink's JobManager logs a new pod: "with resource <MiB,cpu>", and the limits when they differ. */
function podLine(report: MemoryReport, style: Style): string[] {
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
  return [`${style.strong('Kubernetes pod:')} requests cpu ${pod.cpuRequest}, memory ${pod.memoryRequestMiB}Mi${external}; ${limits}`];
}
