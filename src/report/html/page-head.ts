/** The head every flinkslot page shares: self-contained (nothing fetched), both colour schemes, inline style. */
import { text } from './markup.js';

export function pageHead(title: string, css: string): string[] {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Nothing may be fetched: no script, no image, no font; inline style only.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="color-scheme" content="light dark">',
    `<title>${text(title)}</title>`,
    `<style>${css}</style>`,
    '</head>',
  ];
}
