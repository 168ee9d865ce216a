import { useQuery, type useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../session/auth';
import { makeToken } from '../test/helpers';
import { withQueries } from './queries';
import { type QueryHolder, QueryHolderContext } from './queryHolder';
import { LOCAL, notifyAuthChanged } from './storage';

afterEach(() => localStorage.clear());

/** A page that reads one answer through TanStack Query and shows it. */
function Reader({ label, load }: { label: string; load: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: load });
  return <p>{`${label}: ${data ?? '…'}`}</p>;
}
const First = withQueries(Reader);
const Second = withQueries(Reader);

function TwoPages({ holder, load }: { holder: QueryHolder; load: () => Promise<string> }) {
  const [second, setSecond] = useState(false);
  return (
    <QueryHolderContext.Provider value={holder}>
      <AuthProvider>
        {second ? <Second label="second" load={load} /> : <First label="first" load={load} />}
        <button type="button" onClick={() => setSecond(true)}>
          next
        </button>
      </AuthProvider>
    </QueryHolderContext.Provider>
  );
}

describe('the query client beside the pages that use it', () => {
  it('is made by the first page that needs it and shared by the next, whose answer comes from its cache', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: [{ authority: 'SHOP_OWNER' }] }));
    const holder: QueryHolder = {};
    const load = vi.fn(async () => 'hello');
    render(<TwoPages holder={holder} load={load} />);
    expect(await screen.findByText('first: hello')).toBeInTheDocument();
    expect(holder.client).toBeDefined();
    await act(async () => screen.getByRole('button', { name: 'next' }).click());
    expect(screen.getByText('second: hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets every cached answer when the account signs out, so the next one never sees them', async () => {
    localStorage.setItem(LOCAL.token, makeToken({ roles: [{ authority: 'SHOP_OWNER' }] }));
    const holder: QueryHolder = {};
    render(<TwoPages holder={holder} load={async () => 'private'} />);
    await screen.findByText('first: private');
    const client = holder.client as ReturnType<typeof useQueryClient>;
    expect(client.getQueryData(['greeting'])).toBe('private');
    localStorage.removeItem(LOCAL.token);
    await act(async () => notifyAuthChanged());
    expect(client.getQueryData(['greeting'])).toBeUndefined();
  });
});
