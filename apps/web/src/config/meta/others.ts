import type { PageMeta } from '../page-meta';

const named = (name: string, description: string): PageMeta => ({
  title: `${name} | Forgeline`,
  description,
});

/** The words of the pages outside the first-view budget (decision 0251), together. */
export const otherMeta = {
  resetPass: named('Reset password', 'Get an e-mail with a link to choose a new password for Forgeline.'),
  purchase: (productName?: string) =>
    named(
      productName ? `Buy ${productName}` : 'Purchase',
      'Order this part from Forgeline in bulk: price per piece, minimum order, stock and a live total.',
    ),
  dashboard: (section: string) =>
    named(`${section} · Dashboard`, 'Your Forgeline dashboard: profile, orders, payments and reviews.'),
  join: named('Join a company', 'An invitation to order for your company on Forgeline.'),
  legal: (documentTitle: string, lead: string) => named(documentTitle, lead),
  notFound: named('Page not found', 'The page you are looking for does not exist or has been moved.'),
} as const;
