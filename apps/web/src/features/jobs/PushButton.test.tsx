import type { TPushSubscription } from '@counterprint/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL } from '../../api/storage';
import { type PushPlatform, pushState, turnOff, turnOn } from '../../lib/pushDevice';
import { PushButton } from './PushButton';

const KEY_A = 'BPx0'.padEnd(87, 'A');
const KEY_B = 'BQy1'.padEnd(87, 'B');
const bytes = (base64url: string) => Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** A browser's push side and the server's answers, recorded; jsdom has neither PushManager nor a worker. */
function fakePlatform(over: Partial<PushPlatform> = {}) {
  let made = 0;
  let permission: NotificationPermission = 'default';
  let answer: NotificationPermission = 'granted';
  let current: ReturnType<typeof subscription> | null = null;
  const log = { saved: [] as [string, TPushSubscription][], removed: [] as [string, string][], unsubscribed: [] as string[] };
  let serverKey = KEY_A;
  const subscription = (key: Uint8Array) => {
    const endpoint = `https://push.example.net/send/${++made}`;
    const sub = {
      endpoint,
      options: { applicationServerKey: key.slice().buffer as ArrayBuffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) } }),
      unsubscribe: async () => {
        log.unsubscribed.push(endpoint);
        if (current === sub) current = null;
        return true;
      },
    };
    return sub;
  };
  const platform: PushPlatform = {
    supported: () => true,
    permission: () => permission,
    requestPermission: async () => {
      permission = answer;
      return permission;
    },
    manager: async () => ({
      getSubscription: async () => current,
      subscribe: async ({ applicationServerKey }) => {
        current = subscription(applicationServerKey);
        return current;
      },
    }),
    publicKey: async () => serverKey,
    save: async (shopId, sub) => void log.saved.push([shopId, sub]),
    remove: async (shopId, endpoint) => void log.removed.push([shopId, endpoint]),
    ...over,
  };
  return {
    platform,
    log,
    current: () => current,
    answerWith: (p: NotificationPermission) => {
      answer = p;
    },
    rotateServerKey: () => {
      serverKey = KEY_B;
    },
  };
}

describe('this device told of new jobs', () => {
  it("asks permission, subscribes with the server's key, and tells the server for this shop only", async () => {
    const f = fakePlatform();
    expect(await pushState(f.platform, 'u1', 'shop-1')).toBe('off');
    expect(await turnOn(f.platform, 'u1', 'shop-1')).toBe('on');
    expect([...new Uint8Array(f.current()!.options.applicationServerKey!)]).toEqual([...bytes(KEY_A)]);
    expect(f.log.saved).toEqual([['shop-1', f.current()!.toJSON()]]);
    expect(await pushState(f.platform, 'u1', 'shop-1')).toBe('on');
    expect(await pushState(f.platform, 'u1', 'shop-2')).toBe('off');
    expect(await pushState(f.platform, 'u2', 'shop-1')).toBe('off');
  });

  it('does nothing when the person says no', async () => {
    const f = fakePlatform();
    f.answerWith('denied');
    expect(await turnOn(f.platform, 'u1', 'shop-1')).toBe('blocked');
    expect(f.current()).toBeNull();
    expect(f.log.saved).toEqual([]);
    expect(await pushState(f.platform, 'u1', 'shop-1')).toBe('blocked');
  });

  it("keeps the browser's subscription while another shop still wants it, and drops it with the last", async () => {
    const f = fakePlatform();
    await turnOn(f.platform, 'u1', 'shop-1');
    await turnOn(f.platform, 'u1', 'shop-2');
    const endpoint = f.current()!.endpoint;
    expect(f.log.saved.map(([, s]) => s.endpoint)).toEqual([endpoint, endpoint]);
    expect(await turnOff(f.platform, 'u1', 'shop-1')).toBe('off');
    expect(f.log.removed).toEqual([['shop-1', endpoint]]);
    expect(f.log.unsubscribed).toEqual([]);
    expect(await pushState(f.platform, 'u1', 'shop-2')).toBe('on');
    await turnOff(f.platform, 'u1', 'shop-2');
    expect(f.log.unsubscribed).toEqual([endpoint]);
    expect(localStorage.getItem('pushDevice')).toBeNull();
  });

  it("never reuses another account's subscription, nor one made for the server's old key", async () => {
    const f = fakePlatform();
    await turnOn(f.platform, 'u1', 'shop-1');
    const first = f.current()!.endpoint;
    await turnOn(f.platform, 'u2', 'shop-9');
    const second = f.current()!.endpoint;
    expect(second).not.toBe(first);
    expect(f.log.unsubscribed).toEqual([first]);
    expect(await pushState(f.platform, 'u1', 'shop-1')).toBe('off');
    f.rotateServerKey();
    await turnOn(f.platform, 'u2', 'shop-9');
    expect(f.log.unsubscribed).toEqual([first, second]);
    expect([...new Uint8Array(f.current()!.options.applicationServerKey!)]).toEqual([...bytes(KEY_B)]);
  });
});

describe('PushButton', () => {
  beforeEach(() => localStorage.setItem(LOCAL.userId, 'u1'));

  it('turns notifications on from a click, says so, and turns them off again', async () => {
    const f = fakePlatform();
    render(<PushButton shopId="shop-1" platform={f.platform} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify this device of new jobs' }));
    expect(await screen.findByText('This device is notified of new jobs')).toBeInTheDocument();
    expect(f.log.saved).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Notify this device of new jobs' })).toBeInTheDocument();
    expect(f.log.removed).toHaveLength(1);
  });

  it('tells the server again, on opening, about a device that is on', async () => {
    const f = fakePlatform();
    await turnOn(f.platform, 'u1', 'shop-1');
    render(<PushButton shopId="shop-1" platform={f.platform} />);
    expect(await screen.findByText('This device is notified of new jobs')).toBeInTheDocument();
    await waitFor(() => expect(f.log.saved).toHaveLength(2));
  });

  it('says so when the server refuses, and offers the button again', async () => {
    const f = fakePlatform({
      save: async () => {
        throw new Error('offline');
      },
    });
    render(<PushButton shopId="shop-1" platform={f.platform} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify this device of new jobs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not turn notifications on. Please try again.');
    expect(screen.getByRole('button', { name: 'Notify this device of new jobs' })).toBeEnabled();
  });

  it('is not there where the browser cannot receive pushes, or the server has no keys', async () => {
    const unsupported = fakePlatform({ supported: () => false });
    const { container, unmount } = render(<PushButton shopId="shop-1" platform={unsupported.platform} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
    unmount();
    const keyless = fakePlatform({
      publicKey: async () => {
        throw new Error('Notifications to devices are not set up on this server.');
      },
    });
    const second = render(<PushButton shopId="shop-1" platform={keyless.platform} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(second.container).toBeEmptyDOMElement();
  });
});
