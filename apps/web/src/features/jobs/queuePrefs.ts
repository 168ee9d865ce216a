import { useCallback, useState } from 'react';
import type { QueueOrder } from './liveJobs';

/** Browser-only preferences of the queue screen; nothing here is sent to the server. */
export const QUEUE_KEYS = {
  order: 'queueOrder',
  openedJobs: 'queueOpenedJobs',
  soundEnabled: 'queueSoundEnabled',
  acknowledgedJobs: 'queueAcknowledgedJobs',
} as const;

/** Enough for a long day at one counter; the oldest ids fall off first. */
const OPENED_LIMIT = 500;

export function readQueueOrder(): QueueOrder {
  return localStorage.getItem(QUEUE_KEYS.order) === 'newest' ? 'newest' : 'oldest';
}

export function useQueueOrder(): [QueueOrder, (order: QueueOrder) => void] {
  const [order, setOrder] = useState(readQueueOrder);
  const change = useCallback((next: QueueOrder) => {
    localStorage.setItem(QUEUE_KEYS.order, next);
    setOrder(next);
  }, []);
  return [order, change];
}

function readIds(key: string): string[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Ids kept for this tab's session under `key`, so a reload remembers them. */
function useSessionIds(key: string): [ReadonlySet<string>, (ids: readonly string[]) => void] {
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set(readIds(key)));
  const add = useCallback(
    (added: readonly string[]) => {
      setKept((current) => {
        if (added.every((id) => current.has(id))) return current;
        const ids = [...new Set([...current, ...added])].slice(-OPENED_LIMIT);
        sessionStorage.setItem(key, JSON.stringify(ids));
        return new Set(ids);
      });
    },
    [key],
  );
  return [kept, add];
}

/** Jobs opened in this tab's session, so a reload does not count them as new again. */
export function useOpenedJobs(): [ReadonlySet<string>, (id: string) => void] {
  const [opened, add] = useSessionIds(QUEUE_KEYS.openedJobs);
  return [opened, useCallback((id: string) => add([id]), [add])];
}

/** Jobs a staff member silenced without opening them ("Acknowledge"): they still count as unopened. */
export function useAcknowledgedJobs(): [ReadonlySet<string>, (ids: readonly string[]) => void] {
  return useSessionIds(QUEUE_KEYS.acknowledgedJobs);
}
