/** A running cluster read over REST (commands/support/flink-rest.ts) and the new jobs fitted on it: `simulate` and `report --cluster http://…`. */
export { FIRST_ROUND, type FirstRound, type FirstRoundPath, checkFirstRound } from '../parse/rest/cluster-snapshot.js';
export { type ClusterSnapshot, type LiveFitOptions, fitJobsOnLiveCluster } from '../app/live-cluster.js';
export type { LiveFitReport } from '../report/live-fit-report.js';
