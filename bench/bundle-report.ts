import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Manifest } from 'vite'
import { filesUnder } from '../codegen/files.ts'

/** Gzip size of a text, as budgets are stated in gzip bytes. */
export const gzipTextBytes = (text: string | Buffer) => gzipSync(text, { level: 9 }).length

/** Gzip size of a file, as budgets are stated in gzip bytes. */
export const gzipBytes = (file: string) => gzipTextBytes(readFileSync(file))

/**
 * Strings each late library keeps through minification: react-toastify's class names,
 * DOMPurify's name and config keys, html-react-parser's (html-dom-parser's) error messages.
 */
export const LATE_LIBRARIES =
  /Toastify__|DOMPurify|purify\.es|FORBID_CONTENTS|First argument must be a string|does not support `DOMParser/

/** What a prerendered page runs before any scroll or click: script files, and the text of inline modules. */
export interface StartupScripts {
  /** Its module scripts' and modulepreloads' files, under dist/. */
  files: string[]
  /** Its inline module scripts (the entry): their bytes count toward the start as a file's would. */
  inline: string[]
}

/** Scripts a prerendered page loads before any scroll or click: its module scripts and modulepreloads. */
export function startupScripts(html: string): StartupScripts {
  const found = [
    ...[...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]),
  ]
  const inline = [...html.matchAll(/<script type="module"(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1])
  return { files: [...new Set(found)], inline: [...new Set(inline)] }
}

/** The byte budgets in KB of gzip (1 KB = 1024 bytes): tests/budgets.test.ts asserts them, the bench prints them. */
export const BYTE_BUDGETS_KB = {
  // 70.3 KB is 71,987 bytes: under the 72,000 a page's start may run before any interaction.
  sharedJs: 70.3,
  landingStartupJs: 70.3,
  pageChunkMax: 8,
  landingHtmlMax: 40,
  css: 20,
} as const

export interface BundleReport {
  /** JS every page loads at start (the same on all of them), inline modules included. */
  sharedJs: number
  /** The largest data file of a landing page, and the average. */
  pageChunkMax: number
  pageChunkAverage: number
  /** Everything a landing page loads or runs inline before any scroll or click, the worst page. */
  landingStartupJs: number
  /** How many script files a landing page loads before any scroll or click, the most of any. */
  landingStartupFiles: number
  /** How many script files any page loads before any scroll or click, the most of any. */
  startupFilesMax: number
  /** Scripts a landing page loads at start that are under 2 KB gzip. */
  smallLandingStartupFiles: string[]
  landingHtmlMax: number
  landingHtmlAverage: number
  css: number
  /** Chunks loaded (or inline modules run) at start that hold a library that must wait (toastify, dompurify, html-react-parser). */
  lateLibrariesAtStart: string[]
}

/** Measures a built dist/ the way the byte budgets state them: gzip bytes, 1 KB = 1024 bytes. */
export function bundleReport(distDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest
  const landingFiles = readdirSync(path.join(distDir, 'ai')).filter((f) => f.endsWith('.html'))
  const otherPages = ['index.html', 'blog.html', 'thank-you.html', '404.html']
  const pages = [...otherPages, ...landingFiles.map((f) => `ai/${f}`)]
  // Each page's HTML read once: the figures below all ask for its start.
  const starts = new Map(pages.map((page) => [page, startupScripts(readFileSync(path.join(distDir, page), 'utf8'))]))
  const startup = (page: string) => starts.get(page)!
  const common = (lists: string[][]) => lists.reduce((kept, list) => kept.filter((f) => list.includes(f)))
  const shared: StartupScripts = {
    files: common(pages.map((page) => startup(page).files)),
    inline: common(pages.map((page) => startup(page).inline)),
  }
  const size = new Map<string, number>()
  const bytes = (file: string) => {
    if (!size.has(file)) size.set(file, gzipBytes(path.join(distDir, file)))
    return size.get(file)!
  }
  const sum = (files: string[]) => files.reduce((n, f) => n + bytes(f), 0)
  const startBytes = ({ files, inline }: StartupScripts) => sum(files) + inline.reduce((n, text) => n + gzipTextBytes(text), 0)
  const pageChunks = filesUnder(path.join(distDir, 'page-data'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => bytes(`page-data/${f}`))
  const landingStarts = landingFiles.map((f) => startup(`ai/${f}`))
  const landingHtml = landingFiles.map((f) => bytes(`ai/${f}`))
  const cssFiles = Object.values(manifest).flatMap((c) => (c.isEntry ? (c.css ?? []) : []))
  const allStartup = new Set(pages.flatMap((page) => startup(page).files))
  const libraryChunks = [...allStartup].filter((file) => LATE_LIBRARIES.test(readFileSync(path.join(distDir, file), 'utf8')))
  const inlineWithLibraries = pages.flatMap((page) =>
    startup(page)
      .inline.filter((text) => LATE_LIBRARIES.test(text))
      .map(() => `${page} (inline)`),
  )
  const average = (list: number[]) => Math.round(list.reduce((a, b) => a + b, 0) / Math.max(1, list.length))
  return {
    sharedJs: startBytes(shared),
    pageChunkMax: Math.max(...pageChunks),
    pageChunkAverage: average(pageChunks),
    landingStartupJs: Math.max(...landingStarts.map(startBytes)),
    landingStartupFiles: Math.max(...landingStarts.map((start) => start.files.length)),
    startupFilesMax: Math.max(...pages.map((page) => startup(page).files.length)),
    smallLandingStartupFiles: [...new Set(landingStarts.flatMap((start) => start.files))].filter((f) => bytes(f) < 2 * 1024),
    landingHtmlMax: Math.max(...landingHtml),
    landingHtmlAverage: average(landingHtml),
    css: sum(cssFiles),
    lateLibrariesAtStart: [...libraryChunks, ...inlineWithLibraries],
  }
}
