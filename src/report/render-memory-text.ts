/** The TaskManager memory breakdown as text, nested the way Flink's memory model documentation draws it. */
import { assumedVersionNote } from '../model/flink-version.js';
import { toHumanReadableString } from '../model/memory-size.js';
import type { MemoryReport } from './memory-report.js';
import { profileToTextFromJson } from './profile-text.js';
import { type Style, PLAIN } from './style.js';
import { renderTable } from './table.js';

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
    return ['  '.repeat(depth) + label, String(bytes), toHumanReadableString(bytes).replace(/ \(\d+ bytes\)$/, '')];
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
    ...podLine(report, style),
  ];
  return lines.join('\n') + '\n';
}

/** As Flink's JobManager logs a new pod: "with resource <MiB,cpu>", and the limits when they differ. */
function podLine(report: MemoryReport, style: Style): string[] {
  const pod = report.kubernetesPod;
  if (pod === undefined) return [];
  const limits =
    pod.cpuLimit === pod.cpuRequest && pod.memoryLimitMiB === pod.memoryRequestMiB
      ? 'limits equal requests'
      : `limits cpu ${pod.cpuLimit}, memory ${pod.memoryLimitMiB}Mi`;
  return [`${style.strong('Kubernetes pod:')} requests cpu ${pod.cpuRequest}, memory ${pod.memoryRequestMiB}Mi; ${limits}`];
}
