import type { PageMeta } from '../page-meta';

export const loginMeta: PageMeta = {
  title: 'Login | Forgeline',
  description: 'Sign in to Forgeline to order parts in bulk, pay by card and follow your orders.',
};
