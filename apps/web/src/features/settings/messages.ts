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
  rateCardUnconfirmed:
    'Customers see “price at the counter” until you confirm your prices. Check them below, then use them as they are or edit them.',
  rateCardFailed: 'Failed to save rate card.',
} as const;
