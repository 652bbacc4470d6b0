/**
 * The report's one style sheet, inline: system fonts only (nothing fetched), light and dark
 * schemes following the viewer's preference, focus outlines for keyboard users, and print that
 * keeps the pictures. Colours of groups and jobs come from palette.ts.
 */
import { PALETTE_CSS } from './palette.js';

const BASE = `
:root{color-scheme:light dark;--bg:#ffffff;--fg:#1b1f24;--muted:#59636e;--line:#6e7781;--panel:#f6f8fa;--border:#d0d7de;--accent:#0072b2;--warn:#b35900;--ok:#00684c;--bar:#0072b2}
@media (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#9198a1;--panel:#161b22;--border:#3d444d;--accent:#56b4e9;--warn:#f0a050;--ok:#5fd3ad;--bar:#56b4e9}}
*{box-sizing:border-box}
body{margin:0;padding:24px 32px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid var(--border);padding-bottom:4px}h3{font-size:15px;margin:20px 0 6px}h4{font-size:13px;margin:14px 0 4px;font-weight:600}
.muted,.note{color:var(--muted)}.note{font-size:13px}
nav ul{list-style:none;padding:0;margin:8px 0;display:flex;flex-wrap:wrap;gap:4px 16px}
a{color:var(--accent)}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:12px 0}
.card{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:8px 14px;min-width:140px}
.card b{display:block;font-size:20px}
.verdict-met{color:var(--ok)}.verdict-partly-met,.verdict-failing,.verdict-not-met,.verdict-never-met{color:var(--warn)}
.scroll{overflow:auto;max-width:100%;border:1px solid var(--border);border-radius:8px;background:var(--panel);padding:6px}
table{border-collapse:collapse;margin:6px 0}th,td{text-align:left;padding:3px 10px 3px 0;vertical-align:top;border-bottom:1px solid var(--border)}
th{font-weight:600;color:var(--muted)}.nowrap{white-space:nowrap}td.n{text-align:right;font-variant-numeric:tabular-nums}
.ops td:last-child{width:160px;white-space:nowrap}.bar.shared{opacity:.4}.bar{display:inline-block;height:10px;background:var(--bar);border-radius:2px;min-width:1px}
svg text{fill:var(--fg);font:12px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
svg text.small{font-size:10.5px;fill:var(--muted)}svg text.name{font-weight:600}svg text.end{text-anchor:end}svg text.mid{text-anchor:middle}
.node rect{stroke:var(--line);stroke-width:1}.node rect.co{fill:none}.node:focus{outline:none}.node:focus rect,.node:hover rect{stroke:var(--accent);stroke-width:2}
.cx rect{fill:var(--panel)}
.edge path{fill:none;stroke:var(--line);stroke-width:1.3}.edge.blocking path{stroke-dasharray:6 4}.arrowhead{fill:var(--line)}
.region rect{fill:none;stroke:var(--muted);stroke-dasharray:2 3;stroke-width:1}
.slotbar rect.slot{fill:none;stroke:var(--line)}.slotbar g rect{stroke:var(--bg);stroke-width:1}
.tms td{border:none;padding:1px 12px 1px 0}.tmrow rect{stroke:var(--line);stroke-width:.6}.tmrow rect.free{fill:none}
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 14px}.sw{display:inline-block;width:12px;height:12px;border:1px solid var(--line);border-radius:2px;margin-right:5px;vertical-align:-1px}
.timeline .line{fill:none;stroke-width:2}.timeline .grid{stroke:var(--border)}.timeline .event path{fill:var(--muted)}.timeline .event line{stroke:var(--border);stroke-dasharray:2 3}
.candidates rect{fill:var(--bar);opacity:.55}.candidates .best rect{opacity:1}
details summary{cursor:pointer;color:var(--accent)}
footer{margin-top:40px;color:var(--muted);font-size:12px}
@media print{body{padding:0}.scroll{overflow:visible;border:none}}
`;

const LINES_LIGHT = ['#2a8cc7', '#c98400', '#009e73', '#a39500', '#0072b2', '#d55e00', '#b5589a', '#777777'];
const LINES_DARK = ['#56b4e9', '#e69f00', '#2fc79a', '#f0e442', '#5aa9e6', '#ff7f33', '#e08fc4', '#aaaaaa'];

function lineRules(colours: readonly string[]): string {
  return colours.map((c, i) => `.c${i} .line{stroke:${c}}`).join('');
}

export const PAGE_CSS =
  BASE.replace(/\n/g, '') + PALETTE_CSS + lineRules(LINES_LIGHT) + `@media (prefers-color-scheme: dark){${lineRules(LINES_DARK)}}`;

/** The rules only a log's page (`report LOG`, log-page.ts) uses: its timeline's lines and marks, the diagnosis. */
export const LOG_PAGE_CSS = `.log-timeline .required{stroke-dasharray:5 3;stroke-width:1.5}.log-timeline .workers-requested .line{stroke:var(--muted);stroke-dasharray:2 2}.log-timeline .workers-registered .line{stroke:var(--accent)}.log-timeline .taskmanagers .line{stroke:var(--ok)}.log-timeline .lost line{stroke:var(--warn)}.log-timeline .lost path{fill:var(--warn)}.log-timeline .gave-up line{stroke:var(--warn);stroke-width:2;stroke-dasharray:none}.log-timeline .gave-up path{fill:var(--warn)}.log-timeline .not-fulfilled line{stroke:var(--warn);stroke-dasharray:1 3}.log-timeline .not-fulfilled path{fill:none;stroke:var(--warn)}.diagnosis-ok{color:var(--ok)}.diagnosis-problem{color:var(--warn)}.proven{color:var(--ok)}.evidence td{border:none;padding:1px 12px 1px 0}`;
