import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoAccountsOffReason } from '../src/db/seed/accounts.ts';

const loopbackHosts = ['127.0.0.1', '127.1.2.3', 'localhost', '::1'];
const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

describe('demo accounts: on only where nobody but this machine can reach the server', () => {
  const conditions = fc.record({
    NODE_ENV: fc.constantFrom('development', 'test', 'production'),
    TRUST_PROXY: fc.constantFrom('true' as const, 'false' as const),
    HOST: fc.oneof(
      fc.constantFrom(...loopbackHosts),
      fc.constantFrom('0.0.0.0', '::', '192.168.1.5', 'shop'),
    ),
    publicHost: fc.oneof(
      fc.constantFrom(...loopbackHosts),
      fc.constantFrom('shop.example.com', '10.0.0.2', 'localhost.example.com', '[2001:db8::1]', '0.0.0.0'),
      fc.domain(),
    ),
    scheme: fc.constantFrom('http', 'https'),
  });

  it('answers a reason whenever one condition fails, and none when all hold', () => {
    fc.assert(
      fc.property(conditions, ({ NODE_ENV, TRUST_PROXY, HOST, publicHost, scheme }) => {
        const publicUrl = `${scheme}://${urlHost(publicHost)}:3000`;
        const reason = demoAccountsOffReason({ NODE_ENV, TRUST_PROXY, HOST, publicUrl });
        const exposed =
          NODE_ENV === 'production' ||
          TRUST_PROXY === 'true' ||
          !loopbackHosts.includes(publicHost) ||
          !loopbackHosts.includes(HOST);
        expect(reason !== null).toBe(exposed);
        if (NODE_ENV === 'production') expect(reason).toBe('NODE_ENV=production');
        else if (TRUST_PROXY === 'true') expect(reason).toContain('TRUST_PROXY=true');
        else if (!loopbackHosts.includes(publicHost))
          expect(reason).toBe('PUBLIC_URL is not on this machine');
        else if (!loopbackHosts.includes(HOST)) expect(reason).toContain(`HOST=${HOST}`);
      }),
    );
  });
});
