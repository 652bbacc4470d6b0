/**
 * Peak memory of a whole process, from inside it: loaded with `node --import <this file>` before
 * the program (flinkslot or a floor script), it writes the process's maxRSS (bytes) to the file
 * FLINKSLOT_BENCH_RSS_FILE names when the process exits. spawnSync reports no resource usage of
 * its child, and /usr/bin/time is not in every Debian image; this needs only Node.
 */
import { writeFileSync } from 'node:fs';

const out = process.env.FLINKSLOT_BENCH_RSS_FILE;
if (out !== undefined) process.on('exit', () => writeFileSync(out, String(process.resourceUsage().maxRSS * 1024)));
