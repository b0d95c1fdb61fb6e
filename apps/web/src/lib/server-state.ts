import type { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-client';

/** The id of the <script type="application/json"> that carries a server-rendered page's query cache. */
export const SERVER_STATE_ID = 'forgeline-state';

/**
 * JSON that is safe inside a <script> element: `<` (so no `</script>` or `<!--` can end or change it)
 * and the two line separators JavaScript once treated as line ends are written as escapes. Product
 * names and reviews are other people's words.
 */
export const scriptSafeJson = (json: string): string =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * What the data script holds: the query cache's entries the page was rendered from, with the answers
 * the server found (`data`) or the API's refusal it rendered (`error`: a product not in the catalogue).
 */
export type ServerState = (
  | { queryKey: readonly unknown[]; data: unknown }
  | { queryKey: readonly unknown[]; error: { status: number; message: string; code?: string | undefined } }
)[];

/**
 * Puts a refusal the server rendered (a product not in the catalogue) into the cache as a failed query,
 * on both sides: the server renders it as failed, not as loading, and the browser's first render shows the
 * same refusal instead of asking again on mount (a spinner where the server's page said 'Product not found').
 */
export function setFailedQuery(client: QueryClient, queryKey: readonly unknown[], error: ApiError): void {
  client.setQueryDefaults(queryKey, { retryOnMount: false });
  client.getQueryCache().build(client, { queryKey }).setState({ status: 'error', error });
}
