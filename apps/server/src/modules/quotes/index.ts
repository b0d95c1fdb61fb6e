// What other modules may use of quotes (docs/architecture.md §10): accepting an offer as its buyer
// (an approver's approval of a quote's order request places it so).
export { acceptQuote } from './accept.ts';
