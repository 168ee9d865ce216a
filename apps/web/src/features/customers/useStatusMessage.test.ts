import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/Toast';
import { STATUS_CLEAR_MS, useStatusMessage } from './useCustomers';

describe('status messages', () => {
  it('keep a progress message, and clear a final one after about 1.4 s', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useStatusMessage(), { wrapper: ToastProvider });
    act(() => result.current.show('Saving...'));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.status?.text).toBe('Saving...');
    act(() => result.current.show('Saved', 'success'));
    act(() => vi.advanceTimersByTime(STATUS_CLEAR_MS - 1));
    expect(result.current.status?.text).toBe('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.status).toBeNull();
    expect(STATUS_CLEAR_MS).toBe(1400);
  });
});
