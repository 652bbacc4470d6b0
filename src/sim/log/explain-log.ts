/**
 * PROVISIONAL (h/command): the replay part owns this file; its version replaces this one at the merge.
 */
import type { FlinkVersion } from '../../model/flink-version.js';
import type { LogFacts } from '../../parse/log/log-facts.js';
import type { LogExplanation } from './log-explanation.js';

export interface ExplainLogOptions {
  readonly flinkVersion?: FlinkVersion;
}

export function explainLog(facts: LogFacts, options: ExplainLogOptions = {}): LogExplanation {
  return {
    flinkVersion: options.flinkVersion,
    flinkVersionSource: options.flinkVersion === undefined ? undefined : 'option',
    slotManager: undefined,
    resourceManager: undefined,
    deployment: undefined,
    jobs: [],
    taskManagers: [],
    workersRequested: 0,
    workersRegistered: 0,
    network: undefined,
    diagnosis: { code: 'unknown', message: 'The log stops before the outcome.', fixes: [], evidence: [] },
    replay: { replayed: false, verdicts: [], disagreements: [] },
    timeline: [],
    records: facts.records,
    recognisedRecords: facts.recognisedRecords,
  };
}
