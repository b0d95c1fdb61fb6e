import { QuickOrderPad } from '@/features/cart/components/quick-order-pad';

/** /quick-order: the quick order pad, for signed-in buyers. */
const QuickOrderRoute = () => <QuickOrderPad />;

export default QuickOrderRoute;
