/**
 * Phone numbers, one rule for every form and the server (docs/decisions/0274): an optional leading '+',
 * then 6 to 30 digits, spaces, brackets and dashes. Written as the person typed it, with the runs of
 * white space folded, so that a pasted '+1  555\t0142' is stored, printed and compared as '+1 555 0142'.
 */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,30}$/;

/** Trimmed, each run of white space one space. */
export const normalisePhone = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** Whether the text, normalised, is a phone number by PHONE_PATTERN. */
export const isPhone = (text: string): boolean => PHONE_PATTERN.test(normalisePhone(text));

/** The normalised phone number, or null when the text is not one (a phone from another system's document). */
export const phoneOrNull = (text: string | null | undefined): string | null =>
  text && isPhone(text) ? normalisePhone(text) : null;
