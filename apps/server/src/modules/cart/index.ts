// What other modules may use of the cart (docs/architecture.md §10): reading it, and adding to it.
export { addCartLines, getCart, removeFromCart, storedCartLines, toCart } from './service.ts';
