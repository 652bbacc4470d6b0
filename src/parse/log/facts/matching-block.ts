/**
 * The FineGrainedSlotManager's picture of what is missing (1.18+, FLINK-32168;
 * flink-runtime/.../resourcemanager/slotmanager/FineGrainedSlotManager.java), docs/research/jobmanager-log-messages.md §3.4:
 *
 *   Matching resource requirements against available resources.
 *   Missing resources:
 *   ⇥ Job {job}
 *   ⇥⇥ResourceRequirement{…}            (what is missing: required minus acquired)
 *   Current resources:
 *   ⇥(none) | ⇥TaskManager {id}
 *   ⇥⇥Available: ResourceProfile{…}
 *   ⇥⇥Total:     ResourceProfile{…}
 *
 * One record (its lines joined), or one record per line (joined first, matching-block-lines.ts); the
 * indentation may have become spaces in a paste, so lines are read by their first word. The first
 * version of the change printed "⇥Job {job} requires [ResourceRequirement{…}, …]." on one line: read too.
 * Gives `resourcesMissing` and one `taskManagerResources` per TaskManager (its slots are not printed).
 * The header alone (1.14–1.17) says nothing of what is missing: no fact.
 */
import type { LogFact, LogPoint, RequirementFact } from '../log-facts.js';
import type { ResourceProfile } from '../../../model/resource-profile.js';
import { MATCHING_HEADER } from './matching-block-lines.js';
import { readProfileAt, readRequirementAt, readRequirementListAt } from './profile-text.js';
import type { Recogniser } from './recogniser.js';
import { afterStart, tokenAt } from './record-words.js';

/** A profile broken over more lines than this by a terminal is not read. */
const MAX_WRAPPED_LINES = 8;

interface MissingJob {
  job: string;
  requirements: RequirementFact[];
}

interface CurrentTaskManager {
  taskManager: string;
  available?: ResourceProfile;
  total?: ResourceProfile;
}

interface Block {
  missing: MissingJob[];
  taskManagers: CurrentTaskManager[];
  sawCurrent: boolean;
  truncated: boolean;
}

export const recogniseMatchingBlock: Recogniser = (record, at) => {
  const message = record.message;
  const facts: LogFact[] = [];
  if (!message.includes(MATCHING_HEADER) || !message.includes('\n')) return facts;
  const lines = message.split('\n');
  if (lines[0]!.trim() !== MATCHING_HEADER || lines[1]?.trim() !== 'Missing resources:') return facts;
  const block = readBlock(lines);
  facts.push(missingFact(block, at));
  for (const tm of block.taskManagers) facts.push({ kind: 'taskManagerResources', ...tm, at });
  return facts;
};

function missingFact(block: Block, at: LogPoint): LogFact {
  const truncated =
    block.truncated ||
    !block.sawCurrent ||
    block.missing.some((job) => job.requirements.length === 0) ||
    block.taskManagers.some((tm) => tm.available === undefined || tm.total === undefined);
  return {
    kind: 'resourcesMissing',
    missing: block.missing,
    taskManagers: block.taskManagers,
    ...(truncated ? { truncated: true } : {}),
    at,
  };
}

function readBlock(lines: readonly string[]): Block {
  const block: Block = { missing: [], taskManagers: [], sawCurrent: false, truncated: false };
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === 'Current resources:') block.sawCurrent = true;
    else if (line === '(none)' || line === '') continue;
    else if (block.sawCurrent) i = readCurrentLine(block, lines, i);
    else i = readMissingLine(block, lines, i);
  }
  return block;
}

function readMissingLine(block: Block, lines: readonly string[], i: number): number {
  const line = lines[i]!;
  const job = afterStart(line, 'Job ');
  if (job !== undefined) {
    const id = tokenAt(line, job);
    const entry: MissingJob = { job: id, requirements: [] };
    block.missing.push(entry);
    const requires = line.indexOf(' requires [', job + id.length);
    if (requires >= 0) {
      const list = readRequirementListAt(line, requires + ' requires '.length);
      if (list === undefined) block.truncated = true;
      else entry.requirements = list.requirements;
    }
    return i;
  }
  const { text, last } = wrapped(lines, i);
  const read = text.trimStart().startsWith('ResourceRequirement{') ? readRequirementAt(text, 0) : undefined;
  const current = block.missing[block.missing.length - 1];
  if (read === undefined || current === undefined) block.truncated = true;
  else current.requirements.push(read.requirement);
  return read === undefined ? i : last;
}

function readCurrentLine(block: Block, lines: readonly string[], i: number): number {
  const line = lines[i]!;
  const tm = afterStart(line, 'TaskManager ');
  if (tm !== undefined) {
    block.taskManagers.push({ taskManager: tokenAt(line, tm) });
    return i;
  }
  const current = block.taskManagers[block.taskManagers.length - 1];
  const field = afterStart(line, 'Available:') !== undefined ? 'available' : afterStart(line, 'Total:') !== undefined ? 'total' : undefined;
  if (current === undefined || field === undefined) {
    block.truncated = true;
    return i;
  }
  const { text, last } = wrapped(lines, i);
  const open = text.indexOf('ResourceProfile{');
  const read = open < 0 ? undefined : readProfileAt(text, open);
  if (read === undefined) {
    block.truncated = true;
    return i;
  }
  current[field] = read.profile;
  return last;
}

/**
 * Line `i`, with the lines after it appended while a `ResourceProfile{` on it is not closed (a
 * terminal wrapped it; the break is no character of Flink's), and the index of the last line used.
 */
function wrapped(lines: readonly string[], i: number): { text: string; last: number } {
  let text = lines[i]!;
  let last = i;
  while (unclosed(text) && last + 1 < lines.length && last - i < MAX_WRAPPED_LINES) text += lines[++last]!;
  return unclosed(text) ? { text: lines[i]!, last: i } : { text, last };
}

function unclosed(text: string): boolean {
  const open = text.lastIndexOf('ResourceProfile{');
  return open >= 0 && text.indexOf('}', open) < 0;
}
