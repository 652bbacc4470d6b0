/** The command list for oclif's explicit discovery strategy (package.json → oclif.commands). */
import Diff from './diff.js';
import Import from './import.js';
import Memory from './memory.js';
import Plan from './plan.js';
import Simulate from './simulate.js';
import Validate from './validate.js';

export const COMMANDS = {
  diff: Diff,
  import: Import,
  memory: Memory,
  plan: Plan,
  simulate: Simulate,
  validate: Validate,
};
