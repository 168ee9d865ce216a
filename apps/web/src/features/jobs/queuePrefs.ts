import { useCallback, useState } from 'react';
import type { QueueOrder } from './liveJobs';

/** Browser-only preferences of the queue screen; nothing here is sent to the server. */
export const QUEUE_KEYS = {
  order: 'queueOrder',
  openedJobs: 'queueOpenedJobs',
  soundEnabled: 'queueSoundEnabled',
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

function readOpened(): string[] {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(QUEUE_KEYS.openedJobs) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Jobs opened in this tab's session, so a reload does not count them as new again. */
export function useOpenedJobs(): [ReadonlySet<string>, (id: string) => void] {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(readOpened()));
  const markOpened = useCallback((id: string) => {
    setOpened((current) => {
      if (current.has(id)) return current;
      const ids = [...current, id].slice(-OPENED_LIMIT);
      sessionStorage.setItem(QUEUE_KEYS.openedJobs, JSON.stringify(ids));
      return new Set(ids);
    });
  }, []);
  return [opened, markOpened];
}
