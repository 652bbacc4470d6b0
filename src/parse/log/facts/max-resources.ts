/**
 * The ResourceManager at its limit of resources, docs/research/jobmanager-log-messages.md §3.1, §3.4:
 * - SlotManagerImpl / TaskExecutorManager (1.11 → 1.19): "Could not allocate {n} more slots. The number of
 *   registered and pending slots is {x}, while the maximum is {max}."
 *   (flink-runtime/.../resourcemanager/slotmanager/TaskExecutorManager.java);
 * - FineGrainedSlotManager (1.13+): "Could not allocate {pendingTaskManager}. Max total resource limitation
 *   <{cpu}, {memory}> is reached." (…/slotmanager/FineGrainedSlotManager.java).
 */
import type { LogFact } from '../log-facts.js';
import type { Recogniser } from './recogniser.js';
import { firstLineOf } from './record-words.js';

export const recogniseMaxResources: Recogniser = (record, at) => {
  const message = record.message;
  const facts: LogFact[] = [];
  if (!message.includes('Could not allocate ')) return facts;
  const line = firstLineOf(message).trim();
  const slots = line.includes(' more slots. The number of registered and pending slots is ') && line.includes(', while the maximum is ');
  const limit = line.includes('. Max total resource limitation <') && line.includes('> is reached.');
  if ((slots || limit) && line.startsWith('Could not allocate ')) facts.push({ kind: 'maxResourcesReached', message: line, at });
  return facts;
};
