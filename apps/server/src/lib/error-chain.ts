/**
 * True when the error, or one it wraps (`cause`: Drizzle wraps the driver's, Node its own), passes
 * `test`. Looks at most five deep: a cycle of causes cannot hold it.
 */
export function anyCause(error: unknown, test: (error: Error & { code?: unknown }) => boolean): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (test(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
