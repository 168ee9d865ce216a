import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ResumeOffer } from './SendStates';

const MB = 1024 * 1024;
const files = ['menu.pdf', 'notes.docx', 'photo.heic', 'sheet.xlsx', 'slides.pptx'].map((name, i) => ({ name, size: (i + 1) * MB }));

describe('ResumeOffer', () => {
  it('names the first three files with their sizes and counts the rest, so the button stays in reach', async () => {
    const onResume = vi.fn();
    render(<ResumeOffer files={files} onResume={onResume} onStartOver={() => {}} />);
    const listed = within(screen.getByRole('list', { name: 'Files to resume' })).getAllByRole('listitem');
    expect(listed.map((li) => li.textContent)).toEqual(['menu.pdf1 MB', 'notes.docx2 MB', 'photo.heic3 MB', 'and 2 more']);
    await userEvent.click(screen.getByRole('button', { name: 'Resume your upload (5 files)' }));
    expect(onResume).toHaveBeenCalledOnce();
  });

  it('names a fourth file rather than counting it as one more', () => {
    render(<ResumeOffer files={files.slice(0, 4)} onResume={() => {}} onStartOver={() => {}} />);
    const listed = within(screen.getByRole('list', { name: 'Files to resume' })).getAllByRole('listitem');
    expect(listed.map((li) => li.textContent)).toEqual(['menu.pdf1 MB', 'notes.docx2 MB', 'photo.heic3 MB', 'sheet.xlsx4 MB']);
  });

  it('speaks of one file as one file, and counts nothing more', () => {
    render(<ResumeOffer files={files.slice(0, 1)} onResume={() => {}} onStartOver={() => {}} />);
    expect(screen.getByRole('button', { name: 'Resume your upload (1 file)' })).toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });
});
