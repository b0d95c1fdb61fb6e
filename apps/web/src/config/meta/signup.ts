import type { PageMeta } from '../page-meta';

export const signupMeta: PageMeta = {
  title: 'Sign up | Forgeline',
  description: 'Create a Forgeline account to order parts in bulk, pay by card and follow your orders.',
};
