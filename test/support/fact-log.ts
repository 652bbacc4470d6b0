/**
 * Hand-built log facts for the unit tests of src/sim/log/: each builder makes one fact at the next
 * line of `jobmanager.log`, one second after the previous (`FactLog`), as the recognisers would.
 */
import { decimalFromNumber } from '../../src/model/decimal.js';
import { type ResourceProfile, UNKNOWN, specified } from '../../src/model/resource-profile.js';
import type { LogFact, LogFacts, LogPoint } from '../../src/parse/log/log-facts.js';

type Without<K extends LogFact['kind']> = Omit<Extract<LogFact, { kind: K }>, 'kind' | 'at'>;

const MIB = 1024n * 1024n;

export function profile(cpu: number, heapMiB: number, managedMiB = 0, networkMiB = 0): ResourceProfile {
  return specified({
    cpuCores: decimalFromNumber(cpu),
    taskHeapMemory: BigInt(heapMiB) * MIB,
    managedMemory: BigInt(managedMiB) * MIB,
    networkMemory: BigInt(networkMiB) * MIB,
  });
}

export class FactLog {
  readonly facts: LogFact[] = [];
  private line = 0;
  private time: number | undefined;
  /** `start`: the first timestamp less a second; null for a log without timestamps. */
  constructor(
    private readonly file = 'jobmanager.log',
    start: number | null = 1_000_000,
  ) {
    this.time = start ?? undefined;
  }

  point(text = ''): LogPoint {
    this.line++;
    if (this.time !== undefined) this.time += 1000;
    return { file: this.file, line: this.line, text, ...(this.time === undefined ? {} : { time: this.time }) };
  }

  add<K extends LogFact['kind']>(kind: K, fields: Without<K>, text = kind): this {
    this.facts.push({ kind, ...fields, at: this.point(text) } as unknown as LogFact);
    return this;
  }

  declare(job: string, count: number, p: ResourceProfile = UNKNOWN): this {
    return this.add('requirementsDeclared', { job, requirements: count === 0 ? [] : [{ profile: p, count }] });
  }

  tm(id: string, slots?: number, address?: string): this {
    this.add('taskManagerRegistered', { taskManager: id, ...(address === undefined ? {} : { address }) });
    return slots === undefined ? this : this.add('taskManagerResources', { taskManager: id, slots });
  }

  status(job: string, from: string | undefined, to: string, cause?: string): this {
    return this.add('jobStatus', {
      job,
      ...(from === undefined ? {} : { from: from as never }),
      to: to as never,
      ...(cause === undefined ? {} : { cause }),
    });
  }

  /** A task of `job` deployed (its slots are there); without a job, the job the log names. */
  deployed(job?: string): this {
    return this.add('slotAllocated', { form: 'deployment', ...(job === undefined ? {} : { job }) });
  }

  done(): LogFacts {
    return { facts: this.facts, records: this.facts.length + 10, recognisedRecords: this.facts.length };
  }
}
