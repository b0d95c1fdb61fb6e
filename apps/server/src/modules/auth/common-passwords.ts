/**
 * The most common passwords, from zxcvbn-ts's common list (about 49,000 entries from real leaks, MIT).
 * Loaded on first use, on the server only: the web bundle never carries it.
 */
let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return (await common).has(password.toLowerCase());
}
