/**
 * Whether a text is a Flink log at all (issue 28 §1: "a file that is not a Flink log at all is
 * refused in one line"). Evidence, strongest first: records written by Flink's loggers
 * (`org.apache.flink.…`, or a layout that prints the class alone), Flink's classes named in a message
 * or a stack trace (a pasted exception), facts the recognisers read, the start-up banner. A binary
 * file (NUL bytes) or a log of another program (nginx, Kafka, any text) has none. No Diagnostic here:
 * the use case words the refusal.
 */
import type { LogFact } from './log-facts.js';
import type { LogRecord } from './log-records.js';

export interface FlinkLogEvidence {
  readonly isFlinkLog: boolean;
  /** One sentence: what made it a Flink log, or why it is not one. */
  readonly reason: string;
}

const FLINK_PACKAGE = 'org.apache.flink.';

/** Simple class names a custom layout prints for Flink's loggers (fixture 01: `[DeclarativeSlotManager thread]`). */
const FLINK_SIMPLE_LOGGERS = new Set([
  'ExecutionGraph',
  'JobMaster',
  'ResourceManager',
  'StandaloneResourceManager',
  'ActiveResourceManager',
  'SlotManagerImpl',
  'DeclarativeSlotManager',
  'FineGrainedSlotManager',
  'DeclarativeSlotPoolBridge',
  'SlotPoolImpl',
  'TaskExecutor',
  'Task',
  'StandaloneDispatcher',
  'GlobalConfiguration',
]);

/**
 * Message forms only Flink prints, for pastes without loggers or facts: the adaptive scheduler's
 * states (scheduler/adaptive/*.java, "Transition from state Created to WaitingForResources."), the
 * CheckpointCoordinator, a task attempt's transitions (executiongraph/Execution.java, taskmanager/Task.java).
 */
const FLINK_PHRASES = [
  ' to WaitingForResources',
  ' to CreatingExecutionGraph',
  'WaitingForResources to ',
  'CheckpointCoordinator',
  'Completed checkpoint ',
  ') switched from RUNNING to ',
  ') switched from DEPLOYING to ',
  ') switched from SCHEDULED to ',
];

/** Stop looking once this many records gave evidence (a long log is decided by its start). */
const ENOUGH = 3;

export function flinkLogEvidence(records: readonly LogRecord[], facts: readonly LogFact[]): FlinkLogEvidence {
  if (records.length === 0) return { isFlinkLog: false, reason: 'the file holds no log lines' };
  let flinkLoggers = 0;
  let flinkClasses = 0;
  let banner = false;
  let phrases = 0;
  let withNul = 0;
  for (const record of records) {
    if (record.message.includes('\u0000')) withNul++;
    if (isFlinkLogger(record.logger)) flinkLoggers++;
    else if (record.message.includes(FLINK_PACKAGE)) flinkClasses++;
    else if (FLINK_PHRASES.some((phrase) => record.message.includes(phrase))) phrases++;
    if (!banner) banner = isBanner(record.message);
    if (flinkLoggers >= ENOUGH && withNul === 0) break;
  }
  // A binary file may hold Flink's class names too (a jar, a heap dump): NUL bytes in more than a
  // stray record decide against it.
  if (withNul > 0 && withNul * 100 >= records.length)
    return { isFlinkLog: false, reason: 'the file holds binary data (NUL bytes), not the text of a log' };
  if (flinkLoggers > 0) return { isFlinkLog: true, reason: `${count(flinkLoggers, 'record')} written by Flink's loggers` };
  if (banner) return { isFlinkLog: true, reason: "Flink's start-up banner" };
  if (facts.length > 0) return { isFlinkLog: true, reason: `${count(facts.length, 'line')} in Flink's message forms` };
  if (flinkClasses > 0) return { isFlinkLog: true, reason: `${count(flinkClasses, 'record')} naming Flink's classes (org.apache.flink.…)` };
  if (phrases > 0) return { isFlinkLog: true, reason: `${count(phrases, 'line')} in the words of Flink's scheduler or checkpoints` };
  return {
    isFlinkLog: false,
    reason: "no line is written by a Flink logger, names a Flink class (org.apache.flink.…) or has a Flink message's form",
  };
}

function isFlinkLogger(logger: string | undefined): boolean {
  if (logger === undefined) return false;
  return logger.startsWith(FLINK_PACKAGE) || FLINK_SIMPLE_LOGGERS.has(logger);
}

/** ` Starting StandaloneSessionClusterEntrypoint (Version: 1.18.1, …` (EnvironmentInformation). */
function isBanner(message: string): boolean {
  return message.includes(' (Version: ') && message.includes('Rev:') && message.trimStart().startsWith('Starting ');
}

function count(n: number, noun: string): string {
  return `${n}${n >= ENOUGH ? '+' : ''} ${noun}${n === 1 ? '' : 's'}`;
}
