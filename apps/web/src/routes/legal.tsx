import { useParams } from 'react-router';
import { otherMeta } from '@/config/meta/others';
import { usePageMeta } from '@/lib/page-meta';
import { Page } from '@/components/layout/page';
import { HOLD_TOKEN, legalDocuments, type LegalSlug } from '@/content/legal';
import { describeHold, usePaymentConfig, type PaymentConfig } from '@/lib/payment-config';
import NotFoundRoute from './not-found';

const isLegalSlug = (slug: string | undefined): slug is LegalSlug =>
  slug !== undefined && Object.hasOwn(legalDocuments, slug);

const headingId = (heading: string) => `legal-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** /legal/terms, /legal/privacy and /legal/cookies: the footer's Legal pages (text in content/legal.ts). */
const LegalRoute = () => {
  const { slug } = useParams();
  const hold = usePaymentConfig().data?.orders;
  if (!isLegalSlug(slug)) return <NotFoundRoute />;
  return <LegalDocument slug={slug} hold={hold} />;
};

const LegalDocument = ({ slug, hold }: { slug: LegalSlug; hold: PaymentConfig['orders'] | undefined }) => {
  const document = legalDocuments[slug];
  usePageMeta(otherMeta.legal(document.title, document.lead));
  const holdText = hold === undefined ? 'the time shown on My Orders' : describeHold(hold);

  return (
    <Page title={document.title} lead={document.lead}>
      <article className="max-w-3xl space-y-8">
        <p className="text-sm text-base-content/75">Last updated {document.updated}</p>
        {document.sections.map((section) => (
          <section key={section.heading} aria-labelledby={headingId(section.heading)}>
            <h2 id={headingId(section.heading)} className="text-xl font-bold">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-base-content/90">
                {paragraph.replace(HOLD_TOKEN, holdText)}
              </p>
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
};

export default LegalRoute;
