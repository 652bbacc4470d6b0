/**
 * A recogniser reads the facts of one record, or none. Each looks for its fixed words first
 * (`includes`), so a record costs a few substring searches per recogniser: reading stays linear
 * in the log.
 */
import type { LogFact, LogPoint } from '../log-facts.js';
import type { LogRecord } from '../log-records.js';

export type Recogniser = (record: LogRecord, at: LogPoint) => readonly LogFact[];
