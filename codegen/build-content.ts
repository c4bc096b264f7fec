/**
 * What a build hands the content plugin (vite-plugin-content.ts) and the server render: each page's
 * checked data by file, and the version of the addresses the browser loads it from.
 */
export interface BuildContent {
  pageData: (file: string) => unknown
  pageDataVersion: string
}

/**
 * The server-render bundle's store of page data. The plugin adds its setter to the bundle's exports;
 * the prerender calls it, before any page renders, with the data of the pages that thread renders.
 */
export const PAGE_DATA_STORE = '\0site-content:page-data'

/** What the server-render bundle exports beside src/app/entry-server.tsx's own exports. */
export interface PageDataStore {
  setPageData: (pageData: (file: string) => unknown) => void
}

export const pageDataStoreSource =
  'let read\nexport function setPageData(pageData) { read = pageData }\nexport const pageData = (file) => read(file)\n'

/** The server render's module for one page's data: it reads the store when it is first imported. */
export const pageDataModuleSource = (file: string) =>
  `import { pageData } from ${JSON.stringify(PAGE_DATA_STORE)}\nexport default pageData(${JSON.stringify(file)})`

/** A data module: a page's, a part of site.yaml. JSON.parse of a string literal is faster for engines than an object literal of the same size. */
export const dataModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})`
