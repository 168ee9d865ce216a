'use strict';
// Makes the PDF a printer is given (issue 22): the pages the customer chose, n-up, or a photo placed on
// its paper. Run by print-ready.ts under rlimits, a deadline and no network (src/previews/sandbox.ts),
// so a hostile file costs this process, never the server. Answers one JSON line on stdout.
// Plain CommonJS so it runs as is from src/ and dist/.
const { readFileSync, writeFileSync } = require('node:fs');
const { PDFDocument } = require('pdf-lib');

const [inPath, outPath, specText] = process.argv.slice(2);
const spec = JSON.parse(specText);
const answer = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** 1-based pages of `ranges` that the document has, in the order asked; all pages when there are no ranges. */
function chosenPages(ranges, count) {
  if (!ranges) return Array.from({ length: count }, (_, i) => i);
  const pages = [];
  for (const [from, to] of ranges) for (let p = from; p <= Math.min(to, count); p++) pages.push(p - 1);
  return pages;
}

/** Cells of one sheet, left to right and top to bottom: 2-up on a landscape sheet, 4-up in a 2×2 grid. */
function cells(nup, [w, h]) {
  if (nup === 2)
    return [
      { x: 0, y: 0, w: w / 2, h },
      { x: w / 2, y: 0, w: w / 2, h },
    ];
  return [
    { x: 0, y: h / 2, w: w / 2, h: h / 2 },
    { x: w / 2, y: h / 2, w: w / 2, h: h / 2 },
    { x: 0, y: 0, w: w / 2, h: h / 2 },
    { x: w / 2, y: 0, w: w / 2, h: h / 2 },
  ];
}

/** Scales `size` into `cell`, keeping its shape, centred. */
function placeIn(size, cell, margin) {
  const scale = Math.min((cell.w - 2 * margin) / size.width, (cell.h - 2 * margin) / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  return { x: cell.x + (cell.w - width) / 2, y: cell.y + (cell.h - height) / 2, width, height };
}

async function fromPdf(bytes, out) {
  const src = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = chosenPages(spec.ranges, src.getPageCount());
  if (pages.length === 0) throw Object.assign(new Error('no pages'), { reason: 'no-pages' });
  if (spec.nup === 1) {
    for (const page of await out.copyPages(src, pages)) out.addPage(page);
    return;
  }
  const first = src.getPage(pages[0]).getSize();
  const paper = spec.sheet ?? [first.width, first.height];
  // Two pages side by side fit a sheet turned on its side.
  const sheet = spec.nup === 2 ? [Math.max(...paper), Math.min(...paper)] : [Math.min(...paper), Math.max(...paper)];
  const embedded = await out.embedPages(pages.map((i) => src.getPage(i)));
  const grid = cells(spec.nup, sheet);
  for (let i = 0; i < embedded.length; i += spec.nup) {
    const page = out.addPage(sheet);
    for (const [k, e] of embedded.slice(i, i + spec.nup).entries()) page.drawPage(e, placeIn(e, grid[k], 6));
  }
}

async function fromImage(bytes, out) {
  const image = spec.source === 'png' ? await out.embedPng(bytes) : await out.embedJpg(bytes);
  const paper = spec.sheet ?? [595.28, 841.89];
  // A landscape photo goes on a landscape sheet: the printer turns it, nobody has to.
  const wide = image.width > image.height;
  const sheet = wide ? [Math.max(...paper), Math.min(...paper)] : [Math.min(...paper), Math.max(...paper)];
  const page = out.addPage(sheet);
  page.drawImage(image, placeIn(image, { x: 0, y: 0, w: sheet[0], h: sheet[1] }, 14));
}

(async () => {
  try {
    const out = await PDFDocument.create();
    const bytes = readFileSync(inPath);
    await (spec.source === 'pdf' ? fromPdf(bytes, out) : fromImage(bytes, out));
    writeFileSync(outPath, await out.save());
    answer({ pages: out.getPageCount() });
  } catch (err) {
    const encrypted = /encrypted/i.test(String(err?.message));
    answer({ error: err?.reason ?? (encrypted ? 'encrypted' : 'unreadable') });
  }
})();
