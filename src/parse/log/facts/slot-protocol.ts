/** Recognisers of slot protocol lines (issue 28 §1). */
import type { Recogniser } from './recogniser.js';

export const slotProtocolRecognisers: readonly Recogniser[] = [];
