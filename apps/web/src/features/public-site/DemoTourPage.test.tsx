import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../App';
import { DEMO_STEPS } from '../../content/demo';
import { renderPage } from '../../test/render';
import DemoTourPage from './DemoTourPage';

function altOf(index: number): string {
  const step = DEMO_STEPS[index];
  if (!step) throw new Error(`no step ${index}`);
  return step.alt;
}

describe('the demo tour (issue 16: "Watch Demo" shows a demo)', () => {
  it('opens from "Watch Demo" on the how-it-works page instead of the contact form', { timeout: 30000 }, async () => {
    window.history.replaceState(null, '', '/public/how');
    const user = userEvent.setup();
    render(<App />);
    // The hero and the closing band both offer it; the first is the hero's.
    const [watchDemo] = await screen.findAllByRole('link', { name: 'Watch Demo' }, { timeout: 15000 });
    if (!watchDemo) throw new Error('no Watch Demo link');
    await user.click(watchDemo);
    expect(await screen.findByRole('region', { name: 'Product tour' }, { timeout: 15000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/public/demo');
    expect(screen.queryByRole('heading', { name: 'Send us a message' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: altOf(0) })).toHaveAttribute('src', '/demo/1-qr.webp');
  });

  it('steps with the arrow keys and the buttons, and stops at both ends', async () => {
    const { user } = renderPage(<DemoTourPage />);
    expect(screen.getByText('Step 1 of 6.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Step 1 of 6.')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Step 2 of 6.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: altOf(1) })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Step 1 of 6.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Step 6' }));
    expect(screen.getByText(/Step 6 of 6\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step 6' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('Step 6 of 6.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '← Previous' }));
    expect(screen.getByText('Step 5 of 6.')).toBeInTheDocument();
  });

  it('gives every step an image with alt text and a one-sentence caption', () => {
    expect(DEMO_STEPS).toHaveLength(6);
    for (const s of DEMO_STEPS) {
      expect(s.alt.length).toBeGreaterThan(20);
      expect(s.caption).toMatch(/^[^.]+\.$/);
    }
  });
});
