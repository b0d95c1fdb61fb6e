/** Build-time configuration of the SPA, read once. The API lives on the same origin by default. */
export const env = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api',
} as const;
