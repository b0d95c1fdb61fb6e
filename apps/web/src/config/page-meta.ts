import { homeMeta } from './home-meta';
import { blogsMeta } from './meta/blogs';
import { categoryMeta, searchMeta } from './meta/catalogue';
import { loginMeta } from './meta/login';
import { otherMeta } from './meta/others';
import { portfolioMeta } from './meta/portfolio';
import { productMeta } from './meta/product';
import { signupMeta } from './meta/signup';

/** The title and description of each page (every tab read the same before). */
export type PageMeta = { title: string; description: string };

/**
 * Every page's words, for the server (it puts the same words into the HTML it sends that the SPA sets
 * when it navigates) and the tests. A page of the first-view budget imports its own module of config/meta,
 * which its chunk then carries: all pages' words in one shared chunk cost each of them 0.8 KB of gzip
 * (docs/decisions/0279). The SPA imports this module for its type only. The home page's are index.html's.
 */
export const pageMeta = {
  home: homeMeta,
  blogs: blogsMeta,
  portfolio: portfolioMeta,
  login: loginMeta,
  signup: signupMeta,
  product: productMeta,
  category: categoryMeta,
  search: searchMeta,
  ...otherMeta,
} as const;
