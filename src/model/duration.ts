/** Flink `Duration` options: integer milliseconds, or a number with a unit ("50 ms", "30s", "5 min"). */
const UNITS: Record<string, number> = {
  ms: 1,
  milli: 1,
  millis: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  min: 60_000,
  m: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const m = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value);
  if (m === null) return undefined;
  const factor = m[2] === '' ? 1 : UNITS[m[2]!.toLowerCase()];
  return factor === undefined ? undefined : Number(m[1]) * factor;
}

export function formatDuration(ms: number): string {
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0 && ms > 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
