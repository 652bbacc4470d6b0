/** Small readers of a record's text shared by the slot-protocol recognisers (fixed words first, no regex). */
import type { LogRecord } from '../log-records.js';

/** The logger is Flink's class `simpleName` (a full name, or the simple name a custom layout prints). */
export function loggerIs(record: LogRecord, simpleName: string): boolean {
  const logger = record.logger;
  return logger !== undefined && (logger === simpleName || logger.endsWith(`.${simpleName}`));
}

/** The id that starts at `at`: up to the next space, line break, or one of `stops`. */
export function tokenAt(text: string, at: number, stops = ''): string {
  let i = at;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || stops.includes(c)) break;
    i++;
  }
  return text.slice(at, i);
}

/** The text after `word` when the message starts with it (leading spaces allowed), else undefined. */
export function afterStart(message: string, word: string): number | undefined {
  let i = 0;
  while (i < message.length && (message[i] === ' ' || message[i] === '\t')) i++;
  return message.startsWith(word, i) ? i + word.length : undefined;
}

/** A 32-hex AbstractID (JobID, AllocationID, InstanceID) at `at`, or undefined. */
export function hexIdAt(text: string, at: number): string | undefined {
  if (text.length < at + 32) return undefined;
  for (let i = at; i < at + 32; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return undefined;
  }
  const next = text.charCodeAt(at + 32);
  const hexAfter = (next >= 48 && next <= 57) || (next >= 97 && next <= 102);
  return hexAfter ? undefined : text.slice(at, at + 32);
}

/** Non-negative integer at `at` (at most 12 digits: a longer one is no count Flink printed), or undefined. */
export function integerAt(text: string, at: number): number | undefined {
  let i = at;
  while (i < text.length && i - at <= 12 && isDigit(text.charCodeAt(i))) i++;
  return i === at || i - at > 12 ? undefined : Number(text.slice(at, i));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function firstLineOf(message: string): string {
  const end = message.indexOf('\n');
  return end < 0 ? message : message.slice(0, end);
}
