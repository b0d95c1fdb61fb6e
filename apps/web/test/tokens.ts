/** A token shaped as the server's (three sections, a JSON payload): what the SPA reads of it, unsigned. */
export const fakeJwt = (payload: object) => `e30.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.sig`;
