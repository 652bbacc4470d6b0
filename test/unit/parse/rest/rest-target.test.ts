/** REST addresses where a file is expected (src/parse/rest/rest-target.ts). */
import { describe, expect, it } from 'vitest';
import { isRestAddress, parseRestTarget } from '../../../../src/parse/rest/rest-target.js';

const JOB = 'a97b6344d775aafe03e55a8e812d2713';

function target(arg: string) {
  const r = parseRestTarget(arg);
  if (!r.ok) throw new Error(r.diagnostics[0]!.message);
  return r.value;
}

function refusal(arg: string): string {
  const r = parseRestTarget(arg);
  if (r.ok) throw new Error(`accepted ${arg}`);
  return r.diagnostics[0]!.message;
}

describe('a REST address', () => {
  it('is told from a file by its scheme', () => {
    expect(isRestAddress('http://jm:8081')).toBe(true);
    expect(isRestAddress('HTTPS://jm')).toBe(true);
    expect(isRestAddress('http.yaml')).toBe(false);
    expect(isRestAddress('./http://x')).toBe(false);
  });

  it('names the cluster, or a job by /jobs/ID (also /plan, and the web UI links of 1.x and 2.x)', () => {
    expect(target('http://jm:8081')).toEqual({ base: 'http://jm:8081' });
    expect(target('http://jm:8081/')).toEqual({ base: 'http://jm:8081' });
    expect(target(`http://jm:8081/jobs/${JOB}`)).toEqual({ base: 'http://jm:8081', jobId: JOB });
    expect(target(`http://jm:8081/jobs/${JOB.toUpperCase()}/plan`)).toEqual({ base: 'http://jm:8081', jobId: JOB });
    expect(target(`http://jm:8081/#/job/${JOB}/overview`)).toEqual({ base: 'http://jm:8081', jobId: JOB });
    expect(target(`http://jm:8081/#/job/running/${JOB}/overview`)).toEqual({ base: 'http://jm:8081', jobId: JOB });
  });

  it('keeps a gateway path prefix', () => {
    expect(target(`https://gw.example/flink/team-a/jobs/${JOB}`)).toEqual({ base: 'https://gw.example/flink/team-a', jobId: JOB });
    expect(target('https://gw.example/flink/team-a/')).toEqual({ base: 'https://gw.example/flink/team-a' });
  });

  it('refuses credentials in the URL without repeating them, a query, a bad job id', () => {
    const m = refusal('http://alice:s3cret@jm:8081');
    expect(m).toContain('FLINKSLOT_REST_USER');
    expect(m).not.toContain('s3cret');
    expect(refusal('http://jm:8081/?x=1')).toContain('has a query');
    expect(refusal('http://jm:8081/jobs/123')).toContain('does not name a job');
    expect(refusal('http://jm:8081/jobs/')).toContain('does not name a job');
    expect(refusal('http://')).toContain('is not a URL');
    expect(refusal(`http://jm/${'x'.repeat(3000)}`)).toContain('longer than 2048');
  });
});
