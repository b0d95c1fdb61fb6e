type DateRangeFilterProps = {
  /** Whole days, `YYYY-MM-DD`, as the address holds them. */
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { from?: string | undefined; to?: string | undefined }) => void;
};

/** The From / To days of a list's filters; each bounds the other, and clearing one drops it. */
export const DateRangeFilter = ({ from, to, onChange }: DateRangeFilterProps) => (
  <>
    <label className="flex flex-col text-sm">
      From
      <input
        type="date"
        className="input input-bordered"
        value={from ?? ''}
        max={to}
        onChange={(event) => onChange({ from: event.target.value || undefined })}
      />
    </label>
    <label className="flex flex-col text-sm">
      To
      <input
        type="date"
        className="input input-bordered"
        value={to ?? ''}
        min={from}
        onChange={(event) => onChange({ to: event.target.value || undefined })}
      />
    </label>
  </>
);
