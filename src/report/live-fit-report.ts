/**
 * "Will these jobs fit on my running cluster now?": the cluster as its REST API shows it, the jobs
 * holding its slots, and the answer — fits now, fits if these jobs stop, or needs N more
 * TaskManagers like one of its own — with the simulation that proves the answer.
 */
import type { Answer, ClusterFitJson } from '../model/json/cluster-fit.js';

// The report's types are generated from schemas/cluster-fit.schema.json (src/model/json/cluster-fit.ts).
export type LiveFitReport = ClusterFitJson;
export type RunningJobReport = ClusterFitJson['runningJobs'][number];
export type NewJobReport = ClusterFitJson['newJobs'][number];
export type LiveFitAnswer = Answer;
