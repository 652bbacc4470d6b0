/** The face of `flinkslot memory` (commands/support/memory-run.ts): a Flink configuration → the TaskManager's memory. */
export type { DeploymentTarget } from '../memory/task-manager-cpu.js';
export type { MemoryReport } from '../report/memory-report.js';
export { type MemoryOptions, memoryFromText } from '../app/memory.js';
export { type MemoryAnswers, memoryOfLiveCluster } from '../app/live-memory.js';
export { type MemoryResult, memoryResult } from '../app/results/memory-result.js';
