import { PublicLayout } from '../../components/site/PublicLayout';
import { REVIEW_CHECKS, REVIEW_FACTS, REVIEWS_PAGE } from '../../content/reviews';
import { CtaBand } from './CtaBand';
import { LinkCards, PageHero, Section, StatGrid } from './ui';

/** No testimonials: what a visitor can check for themselves instead (content/reviews.ts says why). */
export default function ReviewsPage() {
  const page = REVIEWS_PAGE;
  return (
    <PublicLayout title="Reviews">
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
        <div className="mx-auto max-w-4xl text-left">
          <StatGrid stats={REVIEW_FACTS} />
        </div>
      </PageHero>
      <Section title={page.checksTitle}>
        <LinkCards items={REVIEW_CHECKS} />
      </Section>
      <CtaBand title={page.cta.title} text={page.cta.text} primary={page.cta.action} />
    </PublicLayout>
  );
}
