import fp from 'fastify-plugin';
import { createPaymentProvider } from '../../modules/payments/providers/index.ts';
import type { PaymentProvider } from '../../modules/payments/providers/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export const paymentsPlugin = fp(
  async (app) => {
    app.decorate('payments', createPaymentProvider(app.config, app.db));
  },
  { name: 'payments', dependencies: ['db'] },
);
