import { QUERY_RETRIES } from '@forgeline/shared/constants';
import { ApiError } from '@/lib/api-client';

/** Checkout waits for the company's answers: a refusal (4xx) will not change on a retry, so it is final. */
export const retryUnlessRefused = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failures < QUERY_RETRIES;
