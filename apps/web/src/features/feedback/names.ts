/** The screens that ask for feedback, by the names the feedback form sends (docs/product/screens.md#feature-feedback). */
export const FEEDBACK_FEATURES = {
  analytics: 'Materials & Services Analytics',
  customers: 'Customers Management',
  earnings: 'Earnings Dashboard',
} as const;
