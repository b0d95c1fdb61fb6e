import { DocumentsSection } from '@/features/documents/components/documents-section';
import { LifecycleSection } from './lifecycle-section';

/** Below a product's fields in the Update dialog: its documents, and whether it is still sold and what relates to it. */
const ProductExtrasEditor = ({ productId }: { productId: string }) => (
  <>
    <DocumentsSection productId={productId} />
    <LifecycleSection productId={productId} />
  </>
);

export default ProductExtrasEditor;
