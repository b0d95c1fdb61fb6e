import type { PageMeta } from '../page-meta';

export const portfolioMeta: PageMeta = {
  title: 'My PortFolio | Forgeline',
  description:
    'The portfolio of the developer behind Forgeline: contact details, education, skills and projects.',
};
