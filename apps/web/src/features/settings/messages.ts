import { ApiError } from '../../api/client';

/** docs/product/screens.md#settings, word for word. */
export const SETTINGS_TOASTS = {
  loadFailed: 'Failed to load settings',
  profileSaved: 'Shop profile saved.',
  profileFailed: 'Failed to save.',
  bannersUploaded: 'Banners uploaded successfully.',
  bannersUploadFailed: 'Failed to upload banners.',
  bannersRemoved: 'Banners removed successfully.',
  bannersRemoveFailed: 'Failed to remove banners.',
  itemAdded: 'Inventory item added.',
  itemAddFailed: 'Failed to add inventory item.',
  itemUpdated: 'Inventory updated.',
  itemUpdateFailed: 'Failed to update inventory.',
  itemDeleted: 'Inventory deleted.',
  itemDeleteFailed: 'Failed to delete inventory.',
  rateCardSaved: 'Rate card saved.',
  rateCardFailed: 'Failed to save rate card.',
} as const;

/** docs/product/screens.md#settings: settings toasts clear after 2 to 2.5 seconds. */
export const TOAST_MS = 2_500;

/** A failed save shows the server's `error` when it sent one, else the screen's own words. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
