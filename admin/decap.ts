/**
 * The part of Decap CMS's browser API the admin uses. Decap's prebuilt bundle brings its own React and
 * exposes itself as `window.CMS`, and `window.h` and `window.createClass` for widgets made for it.
 */
import type { ComponentType } from 'react'

/** An Immutable.js map as Decap hands entries and fields to widgets and templates. */
export interface ImmutableMap {
  get(key: string): unknown
  toJS(): unknown
}

export interface ControlProps {
  value: unknown
  onChange: (value: unknown) => void
  forID: string
  classNameWrapper: string
  field: ImmutableMap
  setActiveStyle: () => void
  setInactiveStyle: () => void
  /** The entry being edited: `newRecord` until its first save, then its `slug` (file name). */
  entry: ImmutableMap
}

export interface PreviewProps {
  entry: ImmutableMap
}

export interface DecapCms {
  init(options?: { config?: Record<string, unknown> }): void
  registerCustomFormat(
    name: string,
    extension: string,
    formatter: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void
  registerWidget(name: string, control: unknown, preview?: unknown): void
  registerPreviewTemplate(collection: string, template: unknown): void
  registerPreviewStyle(href: string): void
  registerLocale(locale: string, phrases: Record<string, unknown>): void
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: ImmutableMap }) => unknown }): void
}

/** React's createElement and create-react-class, as the CMS's own React provides them. */
export interface CmsReact {
  h: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown
  createClass: (spec: Record<string, unknown>) => ComponentType<ControlProps>
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean
    CMS?: DecapCms
    h?: CmsReact['h']
    createClass?: CmsReact['createClass']
  }
}

/** Loads Decap's bundle from `src`, without letting it start: the admin registers its parts first. */
export function loadDecap(src: string): Promise<{ cms: DecapCms; react: CmsReact }> {
  window.CMS_MANUAL_INIT = true
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.onload = () =>
      window.CMS && window.h && window.createClass
        ? resolve({ cms: window.CMS, react: { h: window.h, createClass: window.createClass } })
        : reject(new Error(`${src} did not define window.CMS`))
    script.onerror = () => reject(new Error(`${src} could not be loaded`))
    document.head.append(script)
  })
}
