/**
 * What a build hands the content plugin and the server render, under Symbol.for(BUILD_CONTENT):
 * each page's checked data by file, and the version of the addresses the browser loads it from.
 * One store per process (or worker thread), whichever copy of this module sets or reads it.
 */
const BUILD_CONTENT = 'site-content.build'

export interface BuildContent {
  pageData: (file: string) => unknown
  pageDataVersion: string
}

export const buildContent = () => (globalThis as Record<symbol, BuildContent | undefined>)[Symbol.for(BUILD_CONTENT)]

export function setBuildContent(value: BuildContent | undefined) {
  ;(globalThis as Record<symbol, BuildContent | undefined>)[Symbol.for(BUILD_CONTENT)] = value
}

/** The server render's module for one page's data: it reads the build's store when it is first imported. */
export const pageDataModuleSource = (file: string) =>
  `export default globalThis[Symbol.for(${JSON.stringify(BUILD_CONTENT)})].pageData(${JSON.stringify(file)})`

/** A data module: a page's, a part of site.yaml. JSON.parse of a string literal is faster for engines than an object literal of the same size. */
export const dataModule = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})`
