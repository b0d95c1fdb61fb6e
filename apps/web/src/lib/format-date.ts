/** A date as every page shows a day: '12 Jan 2027', in UTC as mails and PDFs print it (decision 0275). */
export { formatDay } from '@forgeline/shared/dates';

const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A moment as the order page and the audit log show it: '12 Jan 2027, 14:05'; '—' for none. */
export const formatMoment = (iso: string | null): string => (iso ? momentFormat.format(new Date(iso)) : '—');
