/** Recognisers of resource manager lines (issue 28 §1). */
import type { Recogniser } from './recogniser.js';

export const resourceManagerRecognisers: readonly Recogniser[] = [];
