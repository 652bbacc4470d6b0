// Types of bin/build-json-types.js, for the test that checks src/model/json/ is current.
/** Output schema (schemas/<name>.schema.json) → the name of its root type. */
export const ROOT_NAMES: Readonly<Record<string, string>>;
/** Every generated module: path relative to the repository → its text. */
export function generateJsonTypes(): Promise<Map<string, string>>;
