import { RETENTION_AFTER_PRINT } from './facts';

export const DEMO_PAGE = {
  eyebrow: 'Demo',
  title: 'A two-minute tour of the real thing',
  lead: 'Six screenshots of Counterprint as it runs today, from the QR on your counter to the files deleting themselves.',
};

/** One step of the tour: a screenshot under public/demo/ (served as a static file, fetched only here). */
export type DemoStep = { src: string; width: number; height: number; alt: string; caption: string };

export const DEMO_STEPS: DemoStep[] = [
  {
    src: '/demo/1-qr.webp',
    width: 1280,
    height: 800,
    alt: 'The shop dashboard with its QR code panel open, offering the code and A4 and A5 posters to print.',
    caption: 'Print your shop’s QR code from the dashboard and stick it on the counter.',
  },
  {
    src: '/demo/2-picked.webp',
    width: 390,
    height: 844,
    alt: 'The shop’s upload page on a phone with two PDF files picked and the name Asha Rao typed in.',
    caption: 'The customer scans it, picks files on their phone and taps upload — no app, no account.',
  },
  {
    src: '/demo/3-done.webp',
    width: 390,
    height: 844,
    alt: 'The phone page after uploading, saying the files were sent and the job number is #1.',
    caption: 'The upload finishes with a job number to quote at the counter.',
  },
  {
    src: '/demo/4-queue.webp',
    width: 1280,
    height: 800,
    alt: 'The staff print queue showing job #1 from Asha Rao, opened with its two files listed.',
    caption: 'The job appears in the staff’s live queue at once, without refreshing.',
  },
  {
    src: '/demo/5-printed.webp',
    width: 1280,
    height: 800,
    alt: 'The Mark as Printed dialog over the queue, with the amount prefilled from the rate card.',
    caption: 'After printing, staff mark the job printed with the amount charged.',
  },
  {
    src: '/demo/6-bin.webp',
    width: 1280,
    height: 800,
    alt: 'The recycle bin listing the printed job with the time left before its files are deleted.',
    caption: `Printed files wait in the recycle bin and are deleted ${RETENTION_AFTER_PRINT} after printing.`,
  },
];
