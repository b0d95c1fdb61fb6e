const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A date as every page shows a day: '12 Jan 2027'. */
export const formatDay = (iso: string): string => dayFormat.format(new Date(iso));
