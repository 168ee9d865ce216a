import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** jsdom has no Web Audio; this stands in for a browser whose autoplay rule holds the context suspended. */
class SuspendedAudio extends EventTarget {
  static made: SuspendedAudio[] = [];
  state: AudioContextState = 'suspended';
  allowResume = true;
  constructor() {
    super();
    SuspendedAudio.made.push(this);
  }
  async resume() {
    if (!this.allowResume) throw new Error('NotAllowedError');
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
  }
}

// arrivalAlerts keeps one context per page, so each test loads it afresh.
async function load() {
  vi.resetModules();
  vi.stubGlobal('AudioContext', SuspendedAudio);
  return (await import('./SoundButton')).SoundButton;
}

beforeEach(() => {
  SuspendedAudio.made = [];
});

describe('SoundButton', () => {
  it('offers "Click to turn on sound" while the browser holds audio, and goes once the click starts it', async () => {
    const SoundButton = await load();
    render(<SoundButton />);
    await userEvent.click(screen.getByRole('button', { name: /Click to turn on sound/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Click to turn on sound/ })).not.toBeInTheDocument());
    expect(SuspendedAudio.made[0]!.state).toBe('running');
    expect(sessionStorage.getItem('queueSoundEnabled')).toBe('1');
  });

  it('stays when the browser still refuses', async () => {
    const SoundButton = await load();
    render(<SoundButton />);
    SuspendedAudio.made[0]!.allowResume = false;
    await userEvent.click(screen.getByRole('button', { name: /Click to turn on sound/ }));
    expect(screen.getByRole('button', { name: /Click to turn on sound/ })).toBeInTheDocument();
    expect(sessionStorage.getItem('queueSoundEnabled')).toBeNull();
  });

  it('after a reload in a session that enabled it, the first key press anywhere turns sound back on', async () => {
    sessionStorage.setItem('queueSoundEnabled', '1');
    const SoundButton = await load();
    render(<SoundButton />);
    expect(screen.getByRole('button', { name: /Click to turn on sound/ })).toBeInTheDocument();
    await userEvent.keyboard('j');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Click to turn on sound/ })).not.toBeInTheDocument());
  });

  it('shows nothing where there is no Web Audio', async () => {
    vi.resetModules();
    const { SoundButton } = await import('./SoundButton');
    const { container } = render(<SoundButton />);
    expect(container).toBeEmptyDOMElement();
  });
});
