/** The named fields of `row` and no others, in that order: what an audit entry or a summary keeps of a row. */
export function pick<Row extends object, Key extends keyof Row>(
  row: Row,
  keys: readonly Key[],
): Pick<Row, Key> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, Key>;
}
