/**
 * The ribbon of a preview build (VITE_PREVIEW=1): a fixed label in the bottom-left corner, away from
 * the header's menu and 'Talk to Expert' buttons, that lets no click stop on it. Its style travels
 * with it, so the live build's stylesheet stays as it is; the server allows the block by its hash.
 * Static markup only: it renders the same on the server and in the browser.
 */
const RIBBON_STYLE = `
.preview-ribbon {
  position: fixed;
  left: max(12px, env(safe-area-inset-left));
  bottom: max(12px, env(safe-area-inset-bottom));
  z-index: 90;
  padding: 6px 14px;
  border: 2px solid #fff;
  border-radius: 999px;
  background: #b91c1c;
  color: #fff;
  font: 700 14px/1.2 system-ui, sans-serif;
  letter-spacing: 0.04em;
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.35);
  pointer-events: none;
}
`

/** The words a preview shows where the live site would act: the ribbon, and the form's answer. */
export const PREVIEW_WORDS = {
  ribbon: 'Preview',
  ribbonDetail: 'not the live site',
  formNotice: 'Preview: this form sends nothing. On the live site it reaches the sales team.',
}

export function PreviewRibbon() {
  return (
    <div className="preview-ribbon" role="note" data-preview-ribbon="">
      <style>{RIBBON_STYLE}</style>
      {PREVIEW_WORDS.ribbon}
      <span className="visually-hidden"> ({PREVIEW_WORDS.ribbonDetail})</span>
    </div>
  )
}
