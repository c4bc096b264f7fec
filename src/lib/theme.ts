export type Theme = 'light' | 'dark'
export const THEME_STORAGE_KEY = 'theme'

/** Id of the <template> that holds the page's module scripts until the first paint is done. */
export const DEFERRED_SCRIPTS_ID = 'deferred-scripts'
