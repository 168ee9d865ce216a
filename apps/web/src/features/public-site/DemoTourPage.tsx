import { useEffect, useState } from 'react';
import { buttonClass } from '../../components/Button';
import { PublicLayout } from '../../components/site/PublicLayout';
import { DEMO_PAGE, DEMO_STEPS } from '../../content/demo';
import { HOW_PAGE } from '../../content/how';
import { useVisitorLink } from '../../session/createShop';
import { LinkPair, PageHero, Section } from './ui';

/** Left and right arrows step through the tour unless the visitor is typing somewhere. */
function useArrowKeys(onStep: (delta: number) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === 'ArrowRight') onStep(1);
      else if (e.key === 'ArrowLeft') onStep(-1);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onStep]);
}

const last = DEMO_STEPS.length - 1;

/** Issue 16: "Watch Demo" shows the product, a screenshot tour of the real flow, not the contact form. */
export default function DemoTourPage() {
  const [index, setIndex] = useState(0);
  const [step] = useState(() => (delta: number) => setIndex((i) => Math.min(last, Math.max(0, i + delta))));
  useArrowKeys(step);
  const primary = useVisitorLink(HOW_PAGE.primary);
  const current = DEMO_STEPS[index] ?? DEMO_STEPS[0]!;
  return (
    <PublicLayout title="Demo">
      <PageHero eyebrow={DEMO_PAGE.eyebrow} title={DEMO_PAGE.title} lead={DEMO_PAGE.lead} />
      <Section>
        <section aria-roledescription="carousel" aria-label="Product tour" className="mx-auto max-w-5xl">
          <figure aria-roledescription="slide" aria-label={`Step ${index + 1} of ${DEMO_STEPS.length}`} className="m-0">
            {/* One stage size for phone and desktop frames, so the buttons below stay put while stepping. */}
            <div className="flex aspect-[4/5] items-center justify-center rounded-2xl border border-slate-200 bg-slate-100 p-2 sm:aspect-[16/10] sm:p-4">
              <img
                key={current.src}
                src={current.src}
                width={current.width}
                height={current.height}
                alt={current.alt}
                className="h-auto max-h-full w-auto max-w-full rounded-xl shadow-md"
              />
            </div>
            <figcaption aria-live="polite" className="mt-4 text-center text-lg text-slate-800">
              <span className="font-semibold text-brand-700">
                Step {index + 1} of {DEMO_STEPS.length}.
              </span>{' '}
              {current.caption}
            </figcaption>
          </figure>
          <div className="mt-6 flex items-center justify-between gap-3">
            <button type="button" className={buttonClass('secondary', '', 'lg')} onClick={() => step(-1)} disabled={index === 0}>
              ← Previous
            </button>
            <ol className="flex gap-2" aria-label="Steps">
              {DEMO_STEPS.map((s, i) => (
                <li key={s.src}>
                  <button
                    type="button"
                    aria-label={`Step ${i + 1}`}
                    aria-current={i === index ? 'step' : undefined}
                    onClick={() => setIndex(i)}
                    className={`h-3 w-3 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${i === index ? 'bg-brand-600' : 'bg-slate-300 hover:bg-slate-400'}`}
                  />
                </li>
              ))}
            </ol>
            <button type="button" className={buttonClass('primary', '', 'lg')} onClick={() => step(1)} disabled={index === last}>
              Next →
            </button>
          </div>
          <p className="mt-3 text-center text-sm text-slate-500">Tip: the left and right arrow keys move between steps.</p>
          <LinkPair
            primary={primary}
            secondary={{ to: '/public/contact', label: 'Ask us for a walkthrough' }}
            className="mt-10 flex flex-col justify-center gap-3 sm:flex-row"
          />
        </section>
      </Section>
    </PublicLayout>
  );
}
