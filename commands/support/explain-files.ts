/** Most log files `flinkslot explain` reads at once: its help (commands/explain.ts) and its runner say it. */
export const MAX_FILES = 16;
