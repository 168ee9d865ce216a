import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveBanner } from './LiveBanner';

const PROMISE = /No Need To Refresh|Auto-Update/;

describe('LiveBanner', () => {
  it('promises auto-update only while connected', () => {
    render(<LiveBanner status="connected" everConnected />);
    expect(screen.getByText(PROMISE)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live updates: Connected' })).toBeInTheDocument();
  });

  it('while disconnected, drops the promise and says to refresh', () => {
    render(<LiveBanner status="disconnected" everConnected />);
    expect(screen.queryByText(PROMISE)).not.toBeInTheDocument();
    expect(screen.getByText('Live updates are paused — refresh to see new jobs')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live updates: Disconnected' })).toBeInTheDocument();
  });

  it('after a drop, says it is reconnecting', () => {
    render(<LiveBanner status="connecting" everConnected />);
    expect(screen.queryByText(PROMISE)).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live updates: Reconnecting…' })).toBeInTheDocument();
    expect(screen.getByText(/^Reconnecting — /)).toBeInTheDocument();
  });

  it('before the first connection, says it is connecting', () => {
    render(<LiveBanner status="connecting" everConnected={false} />);
    expect(screen.queryByText(PROMISE)).not.toBeInTheDocument();
    expect(screen.getByText('Connecting to live updates…')).toBeInTheDocument();
  });
});
