/**
 * The release an explanation applies: the log's own `release` fact (a `Version:` banner, a
 * flink-dist jar on the class path, else one in a stack frame) wins; else `--flink-version`; else the release the message forms narrow the log
 * to (when they do). Undefined when nothing says it.
 */
import { type FlinkVersion, parseFlinkVersion } from '../../model/flink-version.js';
import type { LogFact, LogPoint } from '../../parse/log/log-facts.js';

export type FlinkVersionSource = 'log' | 'option' | 'message-forms';

export interface ExplainRelease {
  readonly version: FlinkVersion | undefined;
  readonly source: FlinkVersionSource | undefined;
  readonly at?: LogPoint;
}

export function explainRelease(
  facts: readonly LogFact[],
  option: FlinkVersion | undefined,
  fromMessageForms: FlinkVersion | undefined,
): ExplainRelease {
  // A banner or class path first; a stack frame's flink-dist jar only when the log has neither.
  for (const frames of [false, true])
    for (const fact of facts) {
      if (fact.kind !== 'release' || (fact.stackFrame === true) !== frames) continue;
      const version = parseFlinkVersion(fact.version);
      if (version !== undefined) return { version, source: 'log', at: fact.at };
    }
  if (option !== undefined) return { version: option, source: 'option' };
  if (fromMessageForms !== undefined) return { version: fromMessageForms, source: 'message-forms' };
  return { version: undefined, source: undefined };
}
