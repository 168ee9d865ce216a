import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './Toast';

function Shows({ message }: { message: string }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show(message)}>
      show
    </button>
  );
}

describe('ToastProvider', () => {
  it('removes a toast after its time, and leaves no timer behind when the page goes away', () => {
    vi.useFakeTimers();
    const first = render(
      <ToastProvider>
        <Shows message="Saved" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('status')).toBeNull();

    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(vi.getTimerCount()).toBe(1);
    first.unmount();
    // A timer left running would set state on an unmounted provider (and, after a test file ends, with no window).
    expect(vi.getTimerCount()).toBe(0);
  });
});
