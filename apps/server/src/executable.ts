import { accessSync, constants } from 'node:fs';

/** Whether a tool (soffice, pdfinfo, pdftoppm) is installed here and may be run; without, its feature turns itself off. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
