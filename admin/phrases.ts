/**
 * Decap's words where they mislead our editors, as a locale Decap merges over its English. A failed
 * save says what the form shows; a copy is offered with what it needs.
 */
export const SITE_PHRASES = {
  editor: {
    editorToolbar: {
      duplicate: 'Copy to a new page (give it its own words)',
      publishAndDuplicate: 'Publish, then copy to a new page',
    },
  },
  ui: {
    toast: {
      missingRequiredField: 'Not saved: a field breaks its rule. Its message is in red beside the field.',
    },
  },
}
