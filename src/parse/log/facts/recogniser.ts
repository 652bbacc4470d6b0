/**
 * A recogniser reads the facts of one record, or none. Each looks for its fixed words first
 * (`includes`), so a record costs a few substring searches per recogniser: reading stays linear
 * in the log.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';

/**
 * What the recognisers remember between records of one reading (readLogFacts makes a fresh one
 * each time): the fine-grained SlotManager names a TaskManager by its InstanceID once registered.
 */
export interface ReadingContext {
  /** InstanceID → the TaskManager's ResourceID, from "Registering task executor {id} under {instance} …". */
  readonly taskManagerOfInstance: Map<string, string>;
  /**
   * A message a paste cut into records of their own, line by line (a Jira copy, fixture 21): its start,
   * for the recogniser that reads it to finish with the next record.
   */
  pendingText?: { readonly text: string; readonly at: LogPoint } | undefined;
}

export function newReadingContext(): ReadingContext {
  return { taskManagerOfInstance: new Map() };
}

/** `context` is optional so a recogniser that remembers nothing can be called (and tested) with a record alone. */
export type Recogniser = (record: LogRecord, at: LogPoint, context?: ReadingContext) => readonly LogFact[];
