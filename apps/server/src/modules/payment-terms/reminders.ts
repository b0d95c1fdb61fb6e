import { periodicJobPlugin } from '../../lib/periodic-job.ts';
import { remindOverdueInvoices } from './service.ts';

/** How often each server looks for overdue invoices on terms to remind. */
export const REMINDER_INTERVAL_MS = 15 * 60_000;

/** Runs the overdue reminders every few minutes, except under NODE_ENV=test (tests call it themselves). */
export const termsReminderPlugin = periodicJobPlugin(
  'terms-reminders',
  REMINDER_INTERVAL_MS,
  remindOverdueInvoices,
);
