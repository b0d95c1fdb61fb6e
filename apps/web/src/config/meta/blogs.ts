import type { PageMeta } from '../page-meta';

export const blogsMeta: PageMeta = {
  title: 'Blogs | Forgeline',
  description:
    'Our engineers answer common questions: React performance, state management, prototypal inheritance, setting state, searching products by name, and unit tests.',
};
