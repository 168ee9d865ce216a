import { Link } from 'react-router';
import { TEXT_LINK } from '../../components/Button';
import { PublicLayout } from '../../components/site/PublicLayout';
import type { LegalDocument } from '../../content/legal';

/** Privacy and Terms: a readable single column with a contents list. */
export function LegalPage({ doc, other }: { doc: LegalDocument; other: { to: string; label: string } }) {
  return (
    <PublicLayout title={doc.title}>
      <header className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{doc.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{doc.lead}</p>
          <p className="mt-6 flex flex-wrap gap-2 text-sm">
            {doc.version && <span className="rounded-full bg-slate-900 px-3 py-1 font-semibold text-white">Version {doc.version}</span>}
            <span className="rounded-full border border-slate-300 bg-white px-3 py-1 text-slate-700">Effective {doc.effective}</span>
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <nav aria-label="Contents" className="mb-12 rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Contents</h2>
          <ol className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-brand-800 hover:underline">
                  {s.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`}>
              <h2 id={`${s.id}-h`} className="text-xl font-bold text-slate-900">
                {s.heading}
              </h2>
              {s.paragraphs.map((p) => (
                <p key={p} className="mt-3 leading-relaxed text-slate-700">
                  {p}
                </p>
              ))}
              {s.list && (
                <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700 marker:text-brand-600">
                  {s.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
        <p className="mt-14 border-t border-slate-200 pt-8 text-sm text-slate-600">
          See also our{' '}
          <Link to={other.to} className={TEXT_LINK}>
            {other.label}
          </Link>{' '}
          and{' '}
          <Link to="/public/security" className={TEXT_LINK}>
            security practices
          </Link>
          . Questions?{' '}
          <Link to="/public/contact" className={TEXT_LINK}>
            Contact us
          </Link>
          .
        </p>
      </div>
    </PublicLayout>
  );
}
