import { useCallback, useState } from 'react';

/** The three features spec 02 presents as "coming soon", by the names its overlays use. */
export const COMING_SOON_FEATURES = {
  analytics: 'Materials & Services Analytics',
  customers: 'Customers Management',
  earnings: 'Earnings Dashboard',
} as const;
export type ComingSoonFeature = (typeof COMING_SOON_FEATURES)[keyof typeof COMING_SOON_FEATURES];

export const dismissKey = (feature: string) => `comingSoonDismissed:${feature}`;

function readDismissed(feature: string): boolean {
  try {
    return localStorage.getItem(dismissKey(feature)) === '1';
  } catch {
    return false;
  }
}

/** Whether this browser has dismissed the feature's overlay; remembered across visits. */
export function useDismissed(feature: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => readDismissed(feature));
  const dismiss = useCallback(() => {
    try {
      localStorage.setItem(dismissKey(feature), '1');
    } catch {
      // Private mode may refuse storage; the overlay still closes for this visit.
    }
    setDismissed(true);
  }, [feature]);
  return [dismissed, dismiss];
}
