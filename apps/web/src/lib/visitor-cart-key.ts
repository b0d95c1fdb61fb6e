/** Where a visitor's cart waits in localStorage (its own module: the session code checks it on every page). */
export const VISITOR_CART_KEY = 'forgeline:visitor-cart';
