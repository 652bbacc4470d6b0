/** The explain command lists its formats itself (so --help loads no core): they must be the core's. */
import { describe, expect, it } from 'vitest';
import Explain from '../../../commands/explain.js';
import { EXPLAIN_FORMATS } from '../../../src/index.js';

describe('explain --format', () => {
  it('offers exactly the formats the core renders, in the same order', () => {
    expect(Explain.flags.format.options).toEqual([...EXPLAIN_FORMATS]);
  });
});
