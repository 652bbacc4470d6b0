/** The releases `validate` tries a TaskManager configuration with when no job's release is known yet. */
import { describe, expect, it } from 'vitest';
import { formatVersion, knownReleases } from '../../../src/model/flink-version.js';

describe('knownReleases', () => {
  it('1.10 to 1.20, then 2.0 to 2.2, oldest first', () => {
    expect(knownReleases().map(formatVersion)).toEqual([...Array.from({ length: 11 }, (_, i) => `1.${10 + i}`), '2.0', '2.1', '2.2']);
  });
});
