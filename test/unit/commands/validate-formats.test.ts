/** The validate command lists its formats itself (so --help loads no core): they must be the core's. */
import { describe, expect, it } from 'vitest';
import Validate from '../../../commands/validate.js';
import { VALIDATE_FORMATS } from '../../../src/index.js';

describe('validate --format', () => {
  it('offers exactly the formats the core renders, in the same order', () => {
    expect(Validate.flags.format.options).toEqual([...VALIDATE_FORMATS]);
  });
});
