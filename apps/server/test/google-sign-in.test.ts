import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGoogleSignIn } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';

// Google itself cannot be reached from here: this checks what we send the browser to, which is all the
// configuration decides. The callback exchange is Better Auth's own code.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'shh' },
  });
});
afterAll(() => t.close());

it('sends the browser to Google with our client id and callback when configured', async () => {
  const res = await startGoogleSignIn(t.app, '/dashboard');
  expect(res.statusCode).toBe(200);
  const { url, redirect } = res.json<{ url: string; redirect: boolean }>();
  expect(redirect).toBe(true);
  const google = new URL(url);
  expect(google.origin).toBe('https://accounts.google.com');
  expect(google.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
  expect(google.searchParams.get('redirect_uri')).toBe(`${t.app.config.publicUrl}/api/auth/callback/google`);
  expect(google.searchParams.get('state')).toBeTruthy();
  // The state is bound to this browser by a cookie.
  expect(String(res.headers['set-cookie'])).toContain('forgeline.');
});
