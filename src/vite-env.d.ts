/// <reference types="vite/client" />

// Content YAML is turned into checked data modules by codegen/vite-plugin-content.ts.
declare module '*.yaml' {
  const data: unknown
  export default data
}

interface ImportMetaEnv {
  readonly VITE_API_URL?: string
  readonly VITE_IP_LOOKUP_URL?: string
  readonly VITE_GEO_URL?: string
  readonly VITE_GEO_TOKEN?: string
  readonly VITE_SITE_URL?: string
}
declare const __BUILD_YEAR__: number
