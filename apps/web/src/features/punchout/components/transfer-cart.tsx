/**
 * In a punchout visit, the cart goes back to the buyer's procurement system instead of to checkout:
 * a plain form post to the server, which answers the page that posts the cart on (decision 0246).
 */
export const TransferCart = () => (
  <form method="post" action="/punchout/transfer">
    <button type="submit" className="btn btn-primary">
      Transfer cart to procurement
    </button>
  </form>
);
