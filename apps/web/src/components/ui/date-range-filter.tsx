type DateRangeFilterProps = {
  /** Whole days, `YYYY-MM-DD`, as the address holds them. */
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { from?: string | undefined; to?: string | undefined }) => void;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The From / To days as the address holds them (`?from=`, `?to=`); anything but a whole day is left out. */
export const addressDays = (params: URLSearchParams): { from?: string; to?: string } => {
  const from = params.get('from');
  const to = params.get('to');
  return { ...(from && DAY.test(from) && { from }), ...(to && DAY.test(to) && { to }) };
};

/** One bound of the range: a date input that gives `undefined` when cleared. */
const DayBound = ({
  label,
  value,
  min,
  max,
  onDay,
}: {
  label: string;
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  onDay: (day: string | undefined) => void;
}) => (
  <label className="flex flex-col text-sm">
    {label}
    <input
      type="date"
      className="input input-bordered"
      value={value ?? ''}
      min={min}
      max={max}
      onChange={(event) => onDay(event.target.value || undefined)}
    />
  </label>
);

/** The From / To days of a list's filters; each bounds the other, and clearing one drops it. */
export const DateRangeFilter = ({ from, to, onChange }: DateRangeFilterProps) => (
  <>
    <DayBound label="From" value={from} max={to} onDay={(day) => onChange({ from: day })} />
    <DayBound label="To" value={to} min={from} onDay={(day) => onChange({ to: day })} />
  </>
);
