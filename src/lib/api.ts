/** Base of the lead and blog API: same origin by default, the company's own API in production. */
export const apiBase = (import.meta.env.VITE_API_URL ?? '/api').replace(/\/+$/, '')
