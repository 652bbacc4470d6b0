/** The command list for oclif's explicit discovery strategy (package.json → oclif.commands). */
import Memory from './memory.js';
import Plan from './plan.js';
import Simulate from './simulate.js';

export const COMMANDS = {
  memory: Memory,
  plan: Plan,
  simulate: Simulate,
};
