import type { TJobCreated } from '@counterprint/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UploadCard } from '../features/public-shop/UploadCard';
import { type KeptSends, keptSends } from '../lib/keptSends';
import { memoryStore } from '../lib/keyValueStore';
import type { PrintShop } from '../lib/printChoices';
import { fakeUploads } from './fakeUploads';
import { makePublicRate } from './fixtures';

export const RETENTION = { afterPrintSeconds: 3600, unprintedSeconds: 86_400 };
export const A4_ONLY: PrintShop = { rateCard: [makePublicRate({ id: 'bw', basePrice: 2 })], papers: ['A4'], colorDetection: false };

/** A picked file of any size: the rules and the progress read `size`, and a real 26 MB buffer would only slow the test. */
export function fileOf(name: string, size = 1024, lastModified = 1_700_000_000_000): File {
  const file = new File(['x'], name, { type: 'application/octet-stream', lastModified });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

interface CardSetup {
  slug?: string;
  shop?: PrintShop;
  /** Shared between two renders, it is what a reload finds. */
  kept?: KeptSends;
  onSent?: (job: TJobCreated) => void;
}

/** The upload card with a fake uploader the test drives, and the steps a customer takes. */
export function renderUploadCard({ slug = 'print-hub', shop = A4_ONLY, kept = keptSends(memoryStore()), onSent }: CardSetup = {}) {
  const fake = fakeUploads();
  // The real picker honours `accept`; these tests check what happens when a file gets past it (drag and drop).
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <UploadCard slug={slug} shopName="Print Hub" shop={shop} retention={RETENTION} uploads={fake.uploads} kept={kept} onSent={onSent} />,
  );
  const pick = (...files: File[]) => fireEvent.change(screen.getByLabelText('Choose files to print'), { target: { files } });
  const selected = () => screen.queryByRole('list', { name: 'Selected files' });
  const send = () => user.click(screen.getByRole('button', { name: /^Upload/ }));
  const optionsOf = (name: string) => screen.getByRole('group', { name: `Print options for ${name}` });
  /** Lets every file the page sends finish, one after another as the page starts them. */
  const finishAll = async () => {
    for (let i = 0; i < fake.sends.length; i++) {
      const next = fake.sends[i]!;
      next.done(`upload-${i + 1}`);
      await act(async () => {});
    }
  };
  return { ...fake, user, view, kept, pick, selected, send, optionsOf, finishAll };
}
