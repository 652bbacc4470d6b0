/**
 * Which SlotManager a record shows (docs/research/jobmanager-log-messages.md §2): the logger column
 * first (SlotManagerImpl and the JobMaster's SlotPoolImpl: legacy; DeclarativeSlotManager;
 * FineGrainedSlotManager), then a stack frame of one of those classes, then the start-up line
 * SlotManagerImpl alone prints ("Starting the SlotManager.", 1.10–1.13). One fact per record;
 * consumers take the strongest or the last.
 *
 * DeclarativeSlotPoolBridge (the JobMaster side, 1.13+) says the protocol is not legacy, but the
 * ResourceManager behind it may run either the declarative or the fine-grained SlotManager: no fact.
 */
import type { LogFact, SlotManagerEra } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';
import type { Recogniser } from './recogniser.js';
import { afterStart, loggerIs } from './record-words.js';

const LOGGERS: readonly [string, SlotManagerEra][] = [
  ['SlotManagerImpl', 'legacy'],
  ['SlotPoolImpl', 'legacy'],
  ['DeclarativeSlotManager', 'declarative'],
  ['FineGrainedSlotManager', 'fine-grained'],
];

/** Frames `at org.apache.flink.runtime.resourcemanager.slotmanager.X.method(…)` in a trace. */
const FRAMES: readonly [string, SlotManagerEra][] = [
  ['.slotmanager.SlotManagerImpl.', 'legacy'],
  ['.slotmanager.DeclarativeSlotManager.', 'declarative'],
  ['.slotmanager.FineGrainedSlotManager.', 'fine-grained'],
];

export function slotManagerOfRecord(record: LogRecord): SlotManagerEra | undefined {
  for (const [name, era] of LOGGERS) if (loggerIs(record, name)) return era;
  const message = record.message;
  // flink-runtime/.../slotmanager/SlotManagerImpl.java start(): "Starting the SlotManager." (the
  // declarative and fine-grained ones print "Starting the slot manager.", which names neither).
  if (afterStart(message, 'Starting the SlotManager.') !== undefined) return 'legacy';
  if (message.includes('.slotmanager.')) for (const [frame, era] of FRAMES) if (message.includes(frame)) return era;
  return record.logger === undefined ? eraOfMessage(message) : undefined;
}

/**
 * A record without a logger (an excerpt of bare messages): the forms only one SlotManager prints —
 * "… Free slots: N" (DeclarativeSlotManager 1.13.2+), the "Missing resources:" block (FineGrainedSlotManager
 * 1.18+), the legacy protocol's slot requests (SlotPoolImpl, ResourceManager.requestSlot).
 */
function eraOfMessage(message: string): SlotManagerEra | undefined {
  if (message.includes('Could not fulfill resource requirements of job ') && message.includes('. Free slots: ')) return 'declarative';
  if (message.startsWith('Matching resource requirements against available resources.\nMissing resources:')) return 'fine-grained';
  const slotPool = afterStart(message, 'Requesting new slot [') !== undefined && message.includes(' from resource manager.');
  const requestSlot = afterStart(message, 'Request slot with profile ') !== undefined && message.includes(' with allocation id ');
  if (slotPool || requestSlot) return 'legacy';
  return undefined;
}

export const recogniseSlotManager: Recogniser = (record, at) => {
  const slotManager = slotManagerOfRecord(record);
  const facts: LogFact[] = [];
  if (slotManager !== undefined) facts.push({ kind: 'slotManager', slotManager, at });
  return facts;
};
