import { PartDocuments } from '@/features/documents/components/part-documents';
import { RelatedParts } from './related-parts';

/**
 * What the part page shows below its specifications (decision 0233): its documents and related parts.
 * A chunk of its own, loaded when the slot nears the viewport: the first paint does not wait for it.
 */
const PartExtras = ({ productId }: { productId: string }) => (
  <>
    <PartDocuments productId={productId} />
    <RelatedParts productId={productId} />
  </>
);

export default PartExtras;
