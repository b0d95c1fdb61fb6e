import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice } from '@forgeline/shared/money';
import type { Overview } from '@forgeline/shared/schemas/overview';

const money = (value: unknown) => `$ ${formatPrice(Number(value))}`;
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * Paid revenue per day (recharts). Loaded with React.lazy by the overview page only, so no other page
 * carries the charting library. Hidden from screen readers (and out of the tab order): the figures of
 * each day are listed as text under it.
 */
const RevenueChart = ({ daily }: { daily: Overview['daily'] }) => (
  <div className="h-64 w-full" aria-hidden="true" data-testid="revenue-chart">
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={24} fontSize={12} />
        <YAxis tickFormatter={(v: number) => `$${v}`} width={64} fontSize={12} />
        <Tooltip formatter={money} labelFormatter={(label) => shortDay(String(label))} />
        <Bar dataKey="revenue" name="Paid revenue" fill="#1e4b8f" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  </div>
);

export default RevenueChart;
