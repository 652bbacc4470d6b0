/**
 * Delayed work that coalesces triggers (`checkResourceRequirementsWithDelay`,
 * `declareNeededResourcesWithDelay`): with a delay ≤ 0 it runs at once, otherwise one run is
 * scheduled and every trigger until it runs joins that run.
 */
import type { SlotManagerContext } from './slot-manager.js';

export class CoalescedTask {
  private scheduled = false;

  constructor(
    private readonly ctx: SlotManagerContext,
    private readonly delay: number,
    private readonly work: () => void,
  ) {}

  trigger(): void {
    if (this.delay <= 0) {
      this.work();
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    this.ctx.schedule(this.delay, () => {
      this.scheduled = false;
      this.work();
    });
  }
}
