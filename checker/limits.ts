/** Largest content file: far above any real page, far below what could slow the build. */
export const MAX_CONTENT_FILE_BYTES = 256 * 1024

/**
 * Longest run of text a page may show in one piece. Browsers split a text node of 65,536 characters
 * or more into several while parsing the HTML, and hydration then fails; the longest real paragraph
 * is some 750 characters.
 */
export const MAX_TEXT_RUN = 10_000

/**
 * Deepest nesting of lists and fields a content file may have. The deepest real file (site.yaml)
 * has 5 levels; the YAML readers and the rules recurse once per level and run out of stack some
 * hundreds of levels down.
 */
export const MAX_YAML_NESTING = 32
