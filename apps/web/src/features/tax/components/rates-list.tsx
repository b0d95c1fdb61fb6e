import type { TaxRateDto } from '@forgeline/shared/schemas/tax';
import { countryName } from '@forgeline/shared/countries';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast';
import { useDeleteTaxRate } from '../api/tax';

const validity = (rate: TaxRateDto) =>
  rate.validTo ? `${rate.validFrom} to ${rate.validTo}` : `from ${rate.validFrom}`;

/** The rates by country: one card per country, a line per rate (reads at 375 px without scrolling sideways). */
export const RatesList = ({ rates }: { rates: TaxRateDto[] }) => {
  const remove = useDeleteTaxRate();
  const countries = [...new Set(rates.map((rate) => rate.country))];
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid="tax-rates">
      {countries.map((country) => (
        <section
          key={country}
          className="rounded-box border border-base-300 bg-base-100 p-4"
          aria-label={`Rates of ${countryName(country)}`}
        >
          <h3 className="mb-2 font-bold">
            {countryName(country)} ({country})
          </h3>
          <ul className="flex flex-col divide-y divide-base-300">
            {rates
              .filter((rate) => rate.country === country)
              .map((rate) => (
                <li key={rate.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">
                      {rate.region ? `${rate.region} · ` : ''}
                      {rate.name}: {rate.rate} %
                    </p>
                    <p className="text-sm text-base-content/75">
                      {rate.category === 'standard' ? 'Standard' : 'Reduced'}, {validity(rate)}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Delete ${rate.name} ${rate.region ?? rate.country} ${rate.category}`}
                    onClick={() =>
                      void (async () => {
                        if (
                          !(await confirmDialog('Delete', 'Orders placed keep the rate they were charged.'))
                        )
                          return;
                        try {
                          await remove.mutateAsync(rate.id);
                          toast.success(`${rate.name} is deleted`);
                        } catch (error) {
                          toast.error(errorMessage(error, 'The rate could not be deleted.'));
                        }
                      })()
                    }
                  >
                    Delete
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
};
