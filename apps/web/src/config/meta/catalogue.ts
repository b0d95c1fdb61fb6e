import type { PageMeta } from '../page-meta';

export const categoryMeta = (name: string, description: string): PageMeta => ({
  title: `${name} | Forgeline`,
  description: description || `Forgeline's ${name}: filter by every specification, compare and order.`,
});

export const searchMeta = (text?: string): PageMeta => ({
  title: `${text ? `“${text}” in the catalogue` : 'Catalogue'} | Forgeline`,
  description: 'Search Forgeline parts by part number or name, then filter by category and specification.',
});
