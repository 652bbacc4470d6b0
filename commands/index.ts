/** The command list for oclif's explicit discovery strategy (package.json → oclif.commands). */
import Plan from './plan.js';

export const COMMANDS = {
  plan: Plan,
};
