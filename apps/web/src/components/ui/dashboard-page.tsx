import type { ReactNode } from 'react';

type DashboardPageProps = {
  title: ReactNode;
  /** Beside the title, pushed to the right (e.g. 'New price list'). */
  actions?: ReactNode;
  /** The sentences under the title that say what the page is for and the rules it keeps. */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of a dashboard page that is not an admin list: the section the dashboard's heading names,
 * its title (with any actions beside it) and introduction, then the page's parts one under the other.
 */
export const DashboardPage = ({ title, actions, intro, children }: DashboardPageProps) => {
  const heading = (
    <h2 id="dashboard-title" className="text-2xl font-bold">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-4">
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {intro ? <p className="max-w-3xl text-sm text-base-content/75">{intro}</p> : null}
      {children}
    </section>
  );
};
