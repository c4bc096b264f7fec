/// <reference types="vite/client" />

// A landing page's checked data, `page-data:<file name>`, resolved by codegen/vite-plugin-content.ts.
declare module 'page-data:*' {
  const page: import('./core/content').PageData
  export default page
}

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_BLOG_IMAGE_ORIGINS?: string
  readonly VITE_IP_LOOKUP_URL?: string
  readonly VITE_GEO_URL?: string
  readonly VITE_GEO_TOKEN?: string
  readonly VITE_SITE_URL?: string
}
declare const __BUILD_YEAR__: number
