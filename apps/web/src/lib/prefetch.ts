/** Pages a screen links on to, fetched ahead so they open at once; features reach each other's pages only through app/. */
export function prefetchOnboarding(): void {
  void import('../features/onboarding/OnboardingShopPage');
  // The page reads through TanStack Query, whose client loads beside it (lazyWithQueries.ts).
  void import('../api/queries');
}

/** While a customer's files upload, the status page they land on next is fetched. */
export function prefetchJobStatus(): void {
  void import('../features/job-status/JobStatusPage');
}
