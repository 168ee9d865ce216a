/** The screens that ask for feedback, by the names the feedback form sends (spec 02 §4). */
export const FEEDBACK_FEATURES = {
  analytics: 'Materials & Services Analytics',
  customers: 'Customers Management',
  earnings: 'Earnings Dashboard',
} as const;
