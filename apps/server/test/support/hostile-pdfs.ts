import { randomBytes } from 'node:crypto';
import { constants, createDeflate } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';

/** A PDF of numbered objects (object n is bodies[n - 1]) with a correct xref table; object 1 is the catalog. */
export function pdfOf(bodies: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = [
    `xref\n0 ${bodies.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ];
  parts.push(Buffer.from(`${xref.join('')}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const flushed = (d: ReturnType<typeof createDeflate>, data: Buffer) =>
  new Promise<Buffer>((resolve) => {
    const out: Buffer[] = [];
    const onData = (c: Buffer) => out.push(c);
    d.on('data', onData);
    d.write(data);
    d.flush(constants.Z_SYNC_FLUSH, () => {
      d.off('data', onData);
      resolve(Buffer.concat(out));
    });
  });

/**
 * A zlib stream that inflates to `mib` MiB of zeros, built without ever holding them: once the
 * window is all zeros, every further MiB followed by a sync flush compresses to the same bytes.
 */
export async function zeroBomb(mib: number): Promise<Buffer> {
  const d = createDeflate({ level: 9 });
  const zeros = Buffer.alloc(1024 * 1024);
  const first = await flushed(d, zeros);
  const second = await flushed(d, zeros);
  const third = await flushed(d, zeros);
  d.destroy();
  if (!second.equals(third)) throw new Error('zlib output does not repeat: cannot build the bomb this way');
  // Final empty block, then adler32 of the zeros: its sum stays 1, its second sum is the length.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((mib * 1024 * 1024) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([first, ...new Array<Buffer>(mib - 1).fill(second), Buffer.from([0x03, 0x00]), adler]);
}

/**
 * An ordinary one-page document plus `streams` object streams that each inflate to `mib` MiB:
 * ~1 KB on disk per MiB inflated.
 */
export async function objectStreamBomb(streams: number, mib: number): Promise<Buffer> {
  const bomb = await zeroBomb(mib);
  const objStm = Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`),
    bomb,
    Buffer.from('\nendstream'),
  ]);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ...new Array<Buffer>(streams).fill(objStm),
  ]);
}

/**
 * A page "tree" of `levels` Pages nodes, each listing the next one twice: 2^levels paths to the
 * one leaf. `leaf` 'page' ends in a Page (2^levels pages to a naive walk), 'empty' in a Pages node
 * with no kids (a naive walk never ends and never allocates).
 */
export function pageTreeDag(levels: number, leaf: 'page' | 'empty'): Buffer {
  const nodes = Array.from(
    { length: levels },
    (_, i) => `<< /Type /Pages /Kids [${i + 3} 0 R ${i + 3} 0 R] /Count ${2 ** (levels - i)} >>`,
  );
  const last =
    leaf === 'page' ? `<< /Type /Page /Parent ${levels + 1} 0 R /MediaBox [0 0 595 842] >>` : '<< /Type /Pages /Kids [] /Count 0 >>';
  return pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', ...nodes, last]);
}

/** A real, nested (balanced) page tree of `pages` leaves, `fanout` kids per node: what big documents look like. */
export function nestedPageTree(pages: number, fanout: number): Buffer {
  // Object 2, the root, is written last: its kids are known once the levels below are built.
  const bodies: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const add = (body: string) => bodies.push(body); // the new object's number
  let level = Array.from({ length: pages }, () => add('<< /Type /Page /MediaBox [0 0 595 842] >>'));
  while (level.length > fanout) {
    const parents: number[] = [];
    for (let i = 0; i < level.length; i += fanout) {
      const kids = level.slice(i, i + fanout);
      parents.push(add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`));
    }
    level = parents;
  }
  bodies[1] = `<< /Type /Pages /Kids [${level.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  return pdfOf(bodies);
}

/** `pages` pages after a `mib` MiB binary stream: every byte of a big file must reach the counter intact. */
export function bigDocument(pages: number, mib: number): Buffer {
  const blob = randomBytes(mib * 1024 * 1024);
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 3 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${blob.length} >>\nstream\n`), blob, Buffer.from('\nendstream')]),
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 595 842] >>'),
  ]);
}

/** A pdf-lib document of `pages` pages, saved with or without object streams. */
export async function pdfLibDocument(pages: number, useObjectStreams: boolean): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`page ${i + 1}`, { x: 50, y: 780, size: 14 });
  return Buffer.from(await doc.save({ useObjectStreams }));
}
