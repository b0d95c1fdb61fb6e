// The catalogue's tree and typed attributes (docs/decisions/0220): what the products module reads to
// browse, filter and import by category.
export {
  checkSpecs,
  readCatalogue,
  specsOfParts,
  specsByKey,
  specsOfProducts,
  writeSpecs,
  type Catalogue,
} from './service.ts';
export { toCategoryDto, type CategoryTree } from './tree.ts';
