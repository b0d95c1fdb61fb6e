import { STATISTICS } from '@forgeline/shared/constants';

/** The statistics band (docs/product.md §1): static marketing figures. */
export const StatisticsBand = () => (
  <section aria-labelledby="stats-title" className="bg-primary py-14 text-primary-content">
    <div className="mx-auto max-w-7xl px-4">
      <h2 id="stats-title" className="mb-8 text-center text-2xl font-bold sm:text-3xl">
        Forgeline in Numbers
      </h2>
      <dl className="grid grid-cols-2 gap-6 text-center lg:grid-cols-4">
        {STATISTICS.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse justify-end gap-2 rounded-box bg-white/10 px-3 py-6"
          >
            <dt className="text-xs font-medium tracking-wide uppercase sm:text-sm">{stat.label}</dt>
            <dd className="text-3xl font-extrabold sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  </section>
);
