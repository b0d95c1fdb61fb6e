import type { ApprovalNeeded } from '@forgeline/shared/schemas/company';

/** A 202 of checkout or of accepting a quote: over the buyer's limit, sent to an approver, nothing placed. */
export const isApprovalNeeded = (answer: object): answer is ApprovalNeeded => 'request' in answer;
