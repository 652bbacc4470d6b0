// Generated from schemas/simulation-variants.schema.json by bin/build-json-types.js: do not edit.
// Edit the schema, then run `npm run json-types` (node bin/build-json-types.js).
import type { SimulationJson, Verdict } from './simulation.js';

/**
 * One simulation per variant of the scenario, in the file's order, each a simulation.schema.json report with its `variant` name; `verdict` is the worst of theirs (exit 1 unless it is met).
 */
export interface SimulationVariantsJson {
  scenario: string;
  verdict: Verdict;
  /**
   * @minItems 1
   */
  variants: SimulationJson[];
}
