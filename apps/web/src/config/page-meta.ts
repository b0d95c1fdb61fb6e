import { homeMeta } from './home-meta';

/** The title and description of each page (every tab read the same before). */
export type PageMeta = { title: string; description: string };

const SITE = 'Forgeline';
const named = (name: string, description: string): PageMeta => ({ title: `${name} | ${SITE}`, description });

/**
 * One place for them, so that the server can put the same words into the HTML it sends (prerendering)
 * that the SPA sets when it navigates. The home page's are those of index.html.
 */
export const pageMeta = {
  home: homeMeta,
  blogs: named(
    'Blogs',
    'Our engineers answer common questions: React performance, state management, prototypal inheritance, setting state, searching products by name, and unit tests.',
  ),
  portfolio: named(
    'My PortFolio',
    'The portfolio of the developer behind Forgeline: contact details, education, skills and projects.',
  ),
  login: named('Login', 'Sign in to Forgeline to order parts in bulk, pay by card and follow your orders.'),
  signup: named(
    'Sign up',
    'Create a Forgeline account to order parts in bulk, pay by card and follow your orders.',
  ),
  resetPass: named('Reset password', 'Get an e-mail with a link to choose a new password for Forgeline.'),
  product: (productName?: string) =>
    named(
      productName ?? 'Product',
      'A Forgeline part: photo, details, price per piece, minimum order and stock, and Buy Now.',
    ),
  category: (name: string, description: string) =>
    named(name, description || `Forgeline's ${name}: filter by every specification, compare and order.`),
  search: (text?: string) =>
    named(
      text ? `“${text}” in the catalogue` : 'Catalogue',
      'Search Forgeline parts by part number or name, then filter by category and specification.',
    ),
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
