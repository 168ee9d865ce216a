/** Pages a screen links on to, fetched ahead so they open at once; features reach each other's pages only through app/. */
export function prefetchOnboarding(): void {
  void import('../features/onboarding/OnboardingShopPage');
}
