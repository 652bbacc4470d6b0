/** The face of `flinkslot simulate` (commands/support/simulate-run.ts): scenarios and jobs on a cluster → the SlotManager's run. */
export { simulateScenario, simulateJobsOnCluster, simulatePlannedJobsOnCluster, type SimulateOptions } from '../app/simulate.js';
export { simulateJobsWithAdvice } from '../app/simulate-with-advice.js';
export { type SimulationReport, type SimulationVariantsReport, variantsReport } from '../report/simulation-report.js';
export { type SimulateResult, liveFitResult, simulationResult } from '../app/results/simulate-result.js';
