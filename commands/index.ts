/** The command list for oclif's explicit discovery strategy (package.json → oclif.commands). */
import Completion from './completion.js';
import Diff from './diff.js';
import Explain from './explain.js';
import Help from './help.js';
import Import from './import.js';
import Memory from './memory.js';
import Plan from './plan.js';
import Report from './report.js';
import Simulate from './simulate.js';
import Size from './size.js';
import Validate from './validate.js';
import Version from './version.js';

export { commandNotFound } from './support/command-not-found.js';

export const COMMANDS = {
  completion: Completion,
  diff: Diff,
  explain: Explain,
  help: Help,
  import: Import,
  memory: Memory,
  plan: Plan,
  report: Report,
  simulate: Simulate,
  size: Size,
  validate: Validate,
  version: Version,
};
