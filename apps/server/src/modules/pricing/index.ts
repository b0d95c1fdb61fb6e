// A buyer's catalogue (docs/decisions/0216): which parts exist for them, at which prices. Every path that
// shows, prices or sells a part reads it through here.
export {
  ADMIN_VIEW,
  PUBLIC_VIEW,
  buyerView,
  memberView,
  companyView,
  viewOf,
  viewProduct,
  viewProducts,
  type CatalogueView,
  type CatalogueViewer,
  type ViewedProduct,
} from './catalogue-view.ts';
