// What other modules may use of shipments (docs/architecture.md §10): their wire shape.
export { toShipmentDto } from './service.ts';
