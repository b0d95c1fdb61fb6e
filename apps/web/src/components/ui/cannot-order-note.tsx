/** Said to a company member whose role places no orders (finance) before they try. */
export const CannotOrderNote = () => (
  <p className="rounded-md bg-base-200 p-3 text-sm" data-testid="cannot-order">
    Finance members of a company cannot place orders: a buyer, an approver or your company admin can.
  </p>
);
