/**
 * The cluster after the run: each TaskManager as a row of its slots, a slot filled in the colour
 * of the job that holds it (its name written in the hover title and in the legend), free slots
 * hollow, and what is left free per dimension next to the row. Rows beyond the limit are counted.
 */
import type { SimulationReport, TaskManagerReport } from '../simulation-report.js';
import { profileToTextFromJson, usableFreeJson } from '../profile-text.js';
import { attr, el, more, num, shorten, text, title } from './markup.js';
import { colourClass } from './palette.js';

const CELL = 18;
const GAP = 3;
const LABEL = 170;
/** Slots drawn per row before the row says "+N". */
const ROW_SLOTS = 64;

function rowSvg(tm: TaskManagerReport, jobIndex: ReadonlyMap<string, number>): string {
  const cells: string[] = [];
  const held = tm.slots.length;
  const slots = Math.max(tm.registeredSlots, held);
  const drawn = Math.min(slots, ROW_SLOTS);
  for (let i = 0; i < drawn; i++) {
    const x = LABEL + i * (CELL + GAP);
    const s = tm.slots[i];
    if (s === undefined) {
      cells.push(el('rect', { class: 'free', x, y: 2, width: CELL, height: CELL, rx: 3 }, title([`free slot of ${tm.id}`])));
    } else {
      const job = jobIndex.get(s.job) ?? -1;
      cells.push(
        el(
          'g',
          { class: colourClass(job), 'data-job': attr(s.job) },
          title([`${s.job}`, profileToTextFromJson(s.profile)]),
          el('rect', { x, y: 2, width: CELL, height: CELL, rx: 3 }),
        ),
      );
    }
  }
  const beyond = slots > drawn ? el('text', { x: LABEL + drawn * (CELL + GAP) + 4, y: 15, class: 'small' }, `+${slots - drawn}`) : '';
  const width = LABEL + drawn * (CELL + GAP) + 40;
  const state = tm.released ? ' (released)' : tm.blocked ? ' (blocked)' : '';
  return el(
    'svg',
    {
      class: 'tmrow',
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height: CELL + 4,
      viewBox: `0 0 ${num(width)} ${CELL + 4}`,
      'data-task-manager': attr(tm.id),
      role: 'img',
      'aria-label': attr(`TaskManager ${tm.id}: ${held} of ${slots} slots held`),
    },
    el('text', { x: 0, y: 15 }, text(shorten(tm.id + state, 24)), title([tm.id + state, `total ${profileToTextFromJson(tm.total)}`])),
    cells.join(''),
    beyond,
  );
}

/** What slots could still use; the remainder of dividing it into slots is not room (the JSON keeps it). */
function freeCell(tm: TaskManagerReport): string {
  const free = usableFreeJson(tm.free, tm.remainder);
  const n = tm.networkBuffers;
  // A pool the tasks overrun is said where the resources are (the jobs' table says which job fails).
  const overrun =
    n === undefined || n.fits
      ? ''
      : `<br><span class="verdict-failing">network buffers ${n.required} required of ${n.total}: its tasks fail at deployment</span>`;
  return (isEmpty(free) ? 'none' : text(profileToTextFromJson(free))) + overrun;
}

/** Nothing left in any dimension (the model would print "cpu 0"). */
function isEmpty(p: TaskManagerReport['free']): boolean {
  if (typeof p !== 'object') return false;
  const amounts = [
    p.cpuCores,
    p.taskHeapMemory,
    p.taskOffHeapMemory,
    p.managedMemory,
    p.networkMemory,
    ...Object.values(p.extendedResources),
  ];
  return amounts.every((a) => Number(a) === 0);
}

/** Jobs named in the legend (each slot's hover title names its job anyway). */
const LEGEND_JOBS = 100;

function legend(jobs: readonly string[]): string {
  const items = jobs.slice(0, LEGEND_JOBS).map((job, i) => `<li><span class="sw ${colourClass(i)}"></span>${text(job)}</li>`);
  const rest = jobs.length > LEGEND_JOBS ? `<li>… and ${jobs.length - LEGEND_JOBS} more jobs</li>` : '';
  return `<ul class="legend"><li><span class="sw free"></span>free</li>${items.join('')}${rest}</ul>`;
}

export function clusterSection(sim: SimulationReport, limit: number): string {
  const jobIndex = new Map(sim.jobs.map((j, i) => [j.id, i]));
  const tms = sim.taskManagers.slice(0, limit);
  const rows = tms.map((tm) =>
    el(
      'tr',
      {},
      el('td', {}, rowSvg(tm, jobIndex)),
      el('td', { class: 'n' }, `${tm.registeredSlots - tm.freeSlots}/${tm.registeredSlots}`),
      el('td', {}, freeCell(tm)),
    ),
  );
  const rest = more(sim.taskManagers.length, limit, 'TaskManagers (--max-task-managers draws more)');
  const pending =
    sim.pendingTaskManagers.length === 0
      ? ''
      : `<p>${sim.pendingTaskManagers.length} pending worker(s) requested but not registered at the end.</p>`;
  return (
    legend(sim.jobs.map((j) => j.id)) +
    `<table class="tms"><tr><th>TaskManager and its slots</th><th>held</th><th>free resources</th></tr>${rows.join('')}</table>` +
    rest +
    pending
  );
}
