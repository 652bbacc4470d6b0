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

/** One time: whole minutes in min, from a second on in seconds (60.05 s), else ms. */
export function formatDuration(ms: number): string {
  return formatDurationsAlike([ms])[0]!;
}

/**
 * Several times of one line in one unit, so they compare at a glance ("submitted at 1 s; fully met
 * at 1.05 s", not "1 s" next to "1050 ms"): minutes when every time is whole minutes, seconds
 * (up to three decimals, exact) when the largest is at least a second, else milliseconds.
 */
export function formatDurationsAlike(times: readonly number[]): string[] {
  const largest = times.reduce((m, t) => Math.max(m, t), 0);
  if (largest > 0 && times.every((t) => t % 60_000 === 0)) return times.map((t) => `${t / 60_000} min`);
  if (largest >= 1000) return times.map((t) => `${secondsText(t)} s`);
  return times.map((t) => `${t} ms`);
}

/** Whole milliseconds as seconds, exact: 1050 → "1.05". */
function secondsText(ms: number): string {
  if (!Number.isInteger(ms)) return String(ms / 1000);
  const whole = Math.trunc(ms / 1000);
  const rest = String(Math.abs(ms % 1000))
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest === '' ? String(whole) : `${whole}.${rest}`;
}
