/**
 * Recognisers of the slot protocol of each era (issue 28 §1): which SlotManager, the release a banner
 * names, the legacy slot requests, the declarative requirements, the fine-grained block of what is
 * missing, the slot pool giving up, TaskManager registrations at the SlotManager, and the
 * ResourceManager at its maximum. Message forms: docs/research/jobmanager-log-messages.md §2–§5.
 */
import { recogniseSlotRequest } from './legacy-slot-requests.js';
import { recogniseMatchingBlock } from './matching-block.js';
import { recogniseMaxResources } from './max-resources.js';
import type { Recogniser } from './recogniser.js';
import { recogniseRelease } from './release-facts.js';
import { recogniseRequirements } from './resource-requirements.js';
import { recogniseSlotManager } from './slot-manager-era.js';
import { recogniseSlotPoolStatus } from './slot-pool-status.js';
import { recogniseTaskExecutorRegistration } from './task-executor-registration.js';

export const slotProtocolRecognisers: readonly Recogniser[] = [
  recogniseRelease,
  recogniseSlotManager,
  recogniseTaskExecutorRegistration,
  recogniseSlotRequest,
  recogniseRequirements,
  recogniseMatchingBlock,
  recogniseSlotPoolStatus,
  recogniseMaxResources,
];
