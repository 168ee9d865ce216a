import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PrintOptions } from 'pdf-to-printer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printOnWindows, WindowsPrintFailedError } from './print.js';
import { WindowsPrintJobError } from './print-args.js';

describe('printOnWindows', () => {
  let dir: string;
  let pdf: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'counterprint-windows-print-'));
    pdf = path.join(dir, 'job 1.pdf');
    await writeFile(pdf, '%PDF-1.4\n%%EOF\n');
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const job = { printer: 'Canon LBP2900 & Co', sides: 'duplexlong', color: 'monochrome', copies: 1, paper: 'A4' } as const;

  it('hands pdf-to-printer the job and the SumatraPDF to use, and reports the job spooled, not printed', async () => {
    const calls: [string, PrintOptions | undefined][] = [];
    const result = await printOnWindows(pdf, job, {
      sumatraPdfPath: 'C:\\Counterprint\\SumatraPDF-3.4.6-32.exe',
      print: async (file, options) => void calls.push([file, options]),
    });
    expect(result).toEqual({ outcome: 'spooled', printer: 'Canon LBP2900 & Co' });
    expect(calls).toEqual([
      [
        pdf,
        {
          printer: 'Canon LBP2900 & Co',
          silent: true,
          monochrome: true,
          side: 'duplexlong',
          paperSize: 'A4',
          copies: 1,
          sumatraPdfPath: 'C:\\Counterprint\\SumatraPDF-3.4.6-32.exe',
        },
      ],
    ]);
  });

  it('says what SumatraPDF said when Windows refuses the job', async () => {
    const failing = async () => {
      throw Object.assign(new Error('Command failed'), { code: 1, stderr: 'Printer not found\r\n' });
    };
    await expect(printOnWindows(pdf, job, { print: failing, sumatraPdfPath: 'x' })).rejects.toThrow(
      new WindowsPrintFailedError('Windows did not take the job for Canon LBP2900 & Co: Printer not found'),
    );
  });

  it('runs nothing for a bad job or a missing file', async () => {
    let ran = false;
    const print = async () => {
      ran = true;
    };
    await expect(printOnWindows(pdf, { ...job, copies: 0 }, { print })).rejects.toThrow(WindowsPrintJobError);
    await expect(printOnWindows(path.join(dir, 'gone.pdf'), job, { print })).rejects.toThrow('not there');
    expect(ran).toBe(false);
  });
});
