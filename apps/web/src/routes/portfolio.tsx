import type { ReactNode } from 'react';
import { portfolioMeta } from '@/config/meta/portfolio';
import { usePageMeta } from '@/lib/page-meta';
import { StrokeIcon } from '@/components/ui/stroke-icon';
import { portfolio } from '@/content/portfolio';
import { SkillBars } from '@/features/portfolio/components/skill-bars';

const Card = ({ title, children, id }: { title: string; children: ReactNode; id: string }) => (
  <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
    <h2 id={id} className="mb-4 text-xl font-bold">
      {title}
    </h2>
    {children}
  </section>
);

const ExternalIcon = () => (
  <StrokeIcon path="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4" grid={20} className="size-4" round />
);

/** /portfolio: the developer portfolio (docs/product.md §2). Every detail comes from content/portfolio.ts. */
const PortfolioRoute = () => {
  usePageMeta(portfolioMeta);
  const { contact } = portfolio;
  const contactRows: { label: string; value: ReactNode }[] = [
    {
      label: 'Email',
      value: (
        <a className="link link-primary" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      ),
    },
    {
      label: 'Phone',
      value: (
        <a className="link link-primary" href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
          {contact.phone}
        </a>
      ),
    },
    { label: 'Location', value: contact.location },
    {
      label: 'GitHub',
      value: (
        <a className="link link-primary break-all" href={contact.github} target="_blank" rel="noreferrer">
          {contact.github.replace(/^https:\/\//, '')}
        </a>
      ),
    },
    {
      label: 'LinkedIn',
      value: (
        <a className="link link-primary break-all" href={contact.linkedin} target="_blank" rel="noreferrer">
          {contact.linkedin.replace(/^https:\/\/(www\.)?/, '')}
        </a>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <header className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        <span
          aria-hidden="true"
          className="grid size-20 shrink-0 place-items-center rounded-full bg-primary text-3xl font-extrabold text-primary-content"
        >
          {portfolio.name
            .split(' ')
            .map((part) => part[0])
            .join('')
            .slice(0, 2)}
        </span>
        <div>
          <p className="eyebrow">My PortFolio</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{portfolio.name}</h1>
          <p className="mt-1 text-lg font-medium text-base-content/80">{portfolio.role}</p>
        </div>
      </header>
      <p className="mt-5 max-w-3xl text-base-content/85 sm:text-lg">{portfolio.summary}</p>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <Card title="Contact" id="portfolio-contact">
          <dl className="space-y-3 text-sm">
            {contactRows.map((row) => (
              <div key={row.label}>
                <dt className="font-semibold text-base-content/70">{row.label}</dt>
                <dd className="mt-0.5">{row.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card title="Education" id="portfolio-education">
          <ol className="space-y-5">
            {portfolio.education.map((item) => (
              <li key={item.degree} className="border-l-4 border-primary/30 pl-4">
                <p className="font-semibold">{item.degree}</p>
                <p className="text-sm text-base-content/80">{item.school}</p>
                <p className="text-sm text-base-content/70">{item.years}</p>
                <p className="mt-1 text-sm text-base-content/80">{item.detail}</p>
              </li>
            ))}
          </ol>
        </Card>
        <Card title="Skills" id="portfolio-skills">
          <SkillBars skills={portfolio.skills} />
        </Card>
      </div>

      <section aria-labelledby="portfolio-projects" className="mt-10">
        <h2 id="portfolio-projects" className="mb-4 text-2xl font-bold">
          Projects
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {portfolio.projects.map((project) => (
            <li
              key={project.url}
              data-testid="project"
              className="flex flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
            >
              <h3 className="text-lg font-bold">{project.name}</h3>
              <p className="mt-2 flex-1 text-sm text-base-content/80">{project.description}</p>
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Built with">
                {project.tech.map((tech) => (
                  <li key={tech} className="badge badge-ghost">
                    {tech}
                  </li>
                ))}
              </ul>
              <a
                href={project.url}
                target="_blank"
                rel="noreferrer"
                className="btn btn-outline btn-primary btn-sm mt-4 self-start"
              >
                View project <span className="sr-only">{project.name}</span>
                <ExternalIcon />
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
};

export default PortfolioRoute;
