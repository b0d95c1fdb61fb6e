/**
 * Days as people read them, one rule for pages, mails and PDFs (docs/decisions/0275): a day is a UTC
 * calendar day, so a due date reads the same in a browser in Chicago, on the server and on the invoice.
 */
export const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a moment, in UTC (file names, mails, the API's day fields). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** A day written 'YYYY-MM-DD' as the moment it starts (UTC midnight). */
export const startOfDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The moment `days` whole days after `date` (negative: before). */
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** Whole days from `from` to `to`, rounded up: a due date 36 hours away is 2 days away. */
export const daysBetween = (from: Date, to: Date): number =>
  Math.ceil((to.getTime() - from.getTime()) / DAY_MS);

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayInYearFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const asDate = (date: Date | string) =>
  typeof date === 'string' ? new Date(date.length === 10 ? `${date}T00:00:00Z` : date) : date;

/** '27 Nov 2026': a day as a person reads it, the same on every machine. Takes a Date, an ISO moment or a 'YYYY-MM-DD'. */
export const formatDay = (date: Date | string): string => dayFormat.format(asDate(date));

/** '12 Jan', with the year only when it is not this one ('12 Jan 2028'). */
export const formatShortDay = (date: Date | string, now = new Date()): string => {
  const day = asDate(date);
  return day.getUTCFullYear() === now.getUTCFullYear() ? dayInYearFormat.format(day) : dayFormat.format(day);
};
