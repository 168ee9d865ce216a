import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Documents made at test time by the real tools (no binary fixture is committed): a Word file written
 * by LibreOffice, and a phone photo encoded as HEIC by libheif's heif-enc (Debian libheif-examples).
 */

/** A DOCX of the given text, one paragraph per line, as LibreOffice saves it. */
export function docx(lines: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-docx-'));
  try {
    writeFileSync(join(dir, 'letter.txt'), `${lines.join('\n')}\n`);
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'docx:MS Word 2007 XML',
        '--outdir',
        dir,
        join(dir, 'letter.txt'),
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'letter.docx'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A HEIC photo, landscape, a grey ramp under a warm tint: what an iPhone sends, in miniature. */
export function heic(width = 320, height = 240): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-heic-'));
  try {
    const y = Buffer.alloc(width * height);
    for (let row = 0; row < height; row++) for (let col = 0; col < width; col++) y[row * width + col] = Math.floor((col * 255) / width);
    const chroma = (value: number) => Buffer.alloc((width * height) / 4, value);
    const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F25:1 Ip A1:1 C420jpeg\nFRAME\n`);
    writeFileSync(join(dir, 'photo.y4m'), Buffer.concat([header, y, chroma(90), chroma(200)]));
    execFileSync('heif-enc', ['-q', '60', '-o', join(dir, 'photo.heic'), join(dir, 'photo.y4m')], { timeout: 60_000, stdio: 'ignore' });
    return readFileSync(join(dir, 'photo.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
