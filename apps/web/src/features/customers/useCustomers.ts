import { useToastSlot } from '../../components/Toast';

/** docs/product/screens.md#customers: a final status (Saved, Delete failed…) clears after about 1.4 s. */
export const STATUS_CLEAR_MS = 1400;

export const useStatusMessage = () => useToastSlot(STATUS_CLEAR_MS);
