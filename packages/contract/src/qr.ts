/** What the QR code and poster calls answer when they cannot draw now; the shop dashboard shows it as is. */
export const QR_DRAWING_MESSAGES = {
  busy: 'Many QR codes are being drawn right now. Please try again in a few seconds.',
  failed: 'The QR code could not be drawn. Please try again in a few seconds.',
} as const;
