import { Link } from '@/components/ui/link';
import { paths, PRODUCTS_SECTION_ID } from '@/config/paths';
import { LogoMark } from '@/components/ui/logo';
import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';

type FooterLink = { label: string; to: string };

// Every service links to the products section of the home page.
const products = `/#${PRODUCTS_SECTION_ID}`;
const services: FooterLink[] = [
  { label: 'CNC Machining', to: products },
  { label: 'Metal Fabrication', to: products },
  { label: 'Bulk Orders', to: products },
  { label: 'Delivery & Logistics', to: products },
];
const company: FooterLink[] = [
  { label: 'About us', to: '/#our-story' },
  { label: 'Contact', to: '/#contact' },
  { label: 'Blogs', to: paths.blogs.getHref() },
  { label: 'Portfolio', to: paths.portfolio.getHref() },
];
const legal: FooterLink[] = [
  { label: 'Terms of use', to: paths.legal.getHref('terms') },
  { label: 'Privacy policy', to: paths.legal.getHref('privacy') },
  { label: 'Cookie policy', to: paths.legal.getHref('cookies') },
];

/** One column of the footer: its heading over its links. */
const FooterLinks = ({ heading, links }: { heading: string; links: FooterLink[] }) => (
  <div>
    <h2 className="footer-heading">{heading}</h2>
    <ul className="space-y-2 text-sm">
      {links.map((item) => (
        <li key={item.label}>
          <Link className="link link-hover" to={item.to}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  </div>
);

/** Footer (docs/product.md §2): Services, Company, Legal and a Newsletter box (working: docs/architecture.md §4). */
export const Footer = () => (
  <footer className="bg-neutral text-neutral-content">
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
      <FooterLinks heading="Services" links={services} />
      <FooterLinks heading="Company" links={company} />
      <FooterLinks heading="Legal" links={legal} />
      <div>
        <h2 className="footer-heading">Newsletter</h2>
        <p className="mb-3 text-sm text-neutral-content/90">
          News about our parts, capacity and lead times, about once a month.
        </p>
        <NewsletterBox />
      </div>
    </div>
    <div className="border-t border-white/10">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-5 text-sm sm:flex-row">
        <p className="flex items-center gap-2">
          <LogoMark className="size-5" />
          <span>Forgeline: parts for commercial, industrial and residential projects.</span>
        </p>
        <p>© {new Date().getFullYear()} Forgeline. All rights reserved.</p>
      </div>
    </div>
  </footer>
);
