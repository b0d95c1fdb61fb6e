import type { FastifyReply } from 'fastify';

/** What a paged list tells beside its rows (docs/architecture.md §3, paging). */
export interface PageInfo {
  total: number;
  capped?: boolean;
  nextCursor?: string | null;
}

/** The paging headers of an admin list: the total (and whether it is capped) and the next page's cursor. */
export function setPageHeaders(reply: FastifyReply, page: PageInfo): void {
  reply.header('x-total-count', page.total);
  if (page.capped) reply.header('x-total-count-capped', 'true');
  if (page.nextCursor) reply.header('x-next-cursor', page.nextCursor);
}

/** A page of an admin list as its answer: the paging headers set, the rows returned to be sent. */
export function pageRows<Row>(reply: FastifyReply, page: PageInfo & { rows: Row[] }): Row[] {
  setPageHeaders(reply, page);
  return page.rows;
}
