/** Recognisers of failures lines (issue 28 §1). */
import type { Recogniser } from './recogniser.js';

export const failuresRecognisers: readonly Recogniser[] = [];
