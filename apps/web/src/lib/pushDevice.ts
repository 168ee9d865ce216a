import type { TPushSubscription } from '@counterprint/contract';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from '../api/push';
import { registerAppWorker } from './appWorker';

/**
 * This device told of a shop's new jobs by Web Push, even with no tab open (docs/decisions/044-web-push-for-new-jobs.md).
 * A browser has one push subscription; the server keeps it per user and shop, and this browser
 * remembers which of its user's shops it turned on, so each shop's button tells the truth.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

type Subscription = Pick<PushSubscription, 'endpoint' | 'unsubscribe'> & {
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
};
type Manager = {
  getSubscription(): Promise<Subscription | null>;
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<Subscription>;
};

/** What this needs of the browser and the server; tests pass their own. */
export interface PushPlatform {
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  manager(): Promise<Manager | undefined>;
  publicKey(): Promise<string>;
  save(shopId: string, subscription: TPushSubscription): Promise<unknown>;
  remove(shopId: string, endpoint: string): Promise<unknown>;
}

export const browserPush: PushPlatform = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  manager: async () => {
    if (!(await registerAppWorker())) return undefined;
    return (await navigator.serviceWorker.ready).pushManager as unknown as Manager;
  },
  publicKey: async () => (await fetchPushPublicKey()).publicKey,
  save: savePushSubscription,
  remove: deletePushSubscription,
};

/** Outlives a reload; cleared at logout with the browser's subscription. */
export const PUSH_DEVICE_KEY = 'pushDevice';
type DeviceRecord = { userId: string; shopIds: string[] };

function readRecord(): DeviceRecord | null {
  try {
    const v = JSON.parse(localStorage.getItem(PUSH_DEVICE_KEY) ?? 'null') as Partial<DeviceRecord> | null;
    if (!v || typeof v.userId !== 'string' || !Array.isArray(v.shopIds)) return null;
    return { userId: v.userId, shopIds: v.shopIds.filter((s): s is string => typeof s === 'string') };
  } catch {
    return null;
  }
}

function writeRecord(record: DeviceRecord | null): void {
  if (record && record.shopIds.length > 0) localStorage.setItem(PUSH_DEVICE_KEY, JSON.stringify(record));
  else localStorage.removeItem(PUSH_DEVICE_KEY);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((x, i) => x === b[i]);

export async function pushState(platform: PushPlatform, userId: string, shopId: string): Promise<PushState> {
  if (!platform.supported()) return 'unsupported';
  const permission = platform.permission();
  if (permission === 'denied') return 'blocked';
  const record = readRecord();
  if (permission !== 'granted' || record?.userId !== userId || !record.shopIds.includes(shopId)) return 'off';
  const subscription = await (await platform.manager())?.getSubscription();
  return subscription ? 'on' : 'off';
}

/** Must run from a click: browsers refuse (or quietly deny) a permission prompt that is not. */
export async function turnOn(platform: PushPlatform, userId: string, shopId: string): Promise<PushState> {
  const permission = await platform.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const manager = await platform.manager();
  if (!manager) return 'unsupported';
  const key = keyBytes(await platform.publicKey());
  const record = readRecord();
  let subscription = await manager.getSubscription();
  // Another account's subscription on this browser (a session that expired without a logout), or the
  // server's keys changed: a fresh endpoint, so nothing meant for the old one reaches this user.
  if (subscription && (record?.userId !== userId || !sameBytes(subscription.options.applicationServerKey, key))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await platform.save(shopId, subscription.toJSON() as TPushSubscription);
  const shopIds = record?.userId === userId ? record.shopIds.filter((s) => s !== shopId) : [];
  writeRecord({ userId, shopIds: [...shopIds, shopId] });
  return 'on';
}

export async function turnOff(platform: PushPlatform, userId: string, shopId: string): Promise<PushState> {
  const subscription = await (await platform.manager())?.getSubscription();
  if (subscription) await platform.remove(shopId, subscription.endpoint);
  const record = readRecord();
  const shopIds = record?.userId === userId ? record.shopIds.filter((s) => s !== shopId) : [];
  writeRecord({ userId, shopIds });
  if (subscription && shopIds.length === 0) await subscription.unsubscribe();
  return 'off';
}

/**
 * Tells the server again what this device asked for: a logout on another device removes all of the
 * user's subscriptions, and the browser may have renewed this one.
 */
export async function renewIfOn(platform: PushPlatform, userId: string, shopId: string): Promise<void> {
  if ((await pushState(platform, userId, shopId)) !== 'on') return;
  const subscription = await (await platform.manager())?.getSubscription();
  if (subscription) await platform.save(shopId, subscription.toJSON() as TPushSubscription);
}

/** At logout: this browser stops hearing of anyone's jobs. Never registers a worker to do so. */
export async function forgetPushDevice(): Promise<void> {
  writeRecord(null);
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
