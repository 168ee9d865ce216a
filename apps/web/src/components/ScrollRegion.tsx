import type { ReactNode } from 'react';

interface ScrollRegionProps {
  /** Names the region for screen readers, e.g. the table's title. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways on a phone (wide tables). Keyboard users can only scroll what they can
 * focus (WCAG 2.1.1; axe rule scrollable-region-focusable), so the box takes focus and is named.
 * `relative` keeps visually hidden (absolute) labels in the table inside the box, or they widen the page.
 */
export function ScrollRegion({ label, className = '', children }: ScrollRegionProps) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard (see above).
      tabIndex={0}
      aria-label={label}
      className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </section>
  );
}
