import { visibleText } from '../claim-phrases.ts'
import { reporter, type Explained } from '../errors.ts'
import { ALL_KINDS, defineFileRule, type Leaf } from './types.ts'

const quoted = (text: string) => (text.length > 70 ? text.slice(0, 67) + '…' : text)

const messages = {
  Placeholder: (text: string): Explained => ({
    message: `still holds placeholder text: "${quoted(text)}"`,
    hint: 'Replace the whole value, including "TODO:", with the real copy; the placeholder says what belongs here.',
  }),
  DummyText: (found: string): Explained => ({
    message: `"${quoted(found)}" stands in for copy not written yet`,
    hint: `Write the real copy in place of "${quoted(found)}". If it is not known yet, leave the sentence out rather than publish the stand-in.`,
  }),
}

const problem = reporter(messages)

/** The marker `npm run new:page` writes into every field an editor still has to fill. */
export const PLACEHOLDER = 'TODO:'

/** What a stand-in says it stands for: "[insert city]", "your headline here", "copy to come". */
const STANDS_FOR = String.raw`(?:text|copy|content|headline|heading|title|description|tagline|caption|logo|image|photo|picture|quote|testimonial|paragraph|summary|answer|question|name|company|client|city|link|url|date|price|number|phone|email|address|cta)`

/**
 * Stand-ins writers type for copy not written yet, as whole words in any letter case: dummy Latin,
 * TBD and its kin, XX for a figure, a bracketed instruction, "your text here". "TK" (the printers'
 * mark) counts only in capitals, so the Tk toolkit is no stand-in; "XXL" and "TKO" are words.
 */
const DUMMY_TEXT: readonly RegExp[] = [
  /\b(?:lorem|ipsum|dolor\s+sit\s+amet|consectetur\s+adipiscing|adipiscing\s+elit|eiusmod|tempor\s+incididunt)\b/i,
  /\b(?:TBD|TBC|TBA)\b/i,
  /(?<![\w/-])(?:TK|TKTK)(?![\w-])/,
  /(?<![\w-])(?:X{2,6}|x{2,6})(?![\w-])|\b(?:19|20)XX\b/,
  // Square brackets around an instruction or a kind of copy, unless a Markdown link's words: [text](…).
  new RegExp(String.raw`\[\s*(?:insert|add|placeholder|enter|your|tbd|todo|${STANDS_FOR})\b[^\]\n]{0,60}\](?!\()`, 'i'),
  // "Your headline here", but not a form's words to its visitor: "enter your email here".
  new RegExp(String.raw`(?<!\b(?:enter|type|write|put|add|leave)\s+)\b(?:your|insert)\s+(?:own\s+)?${STANDS_FOR}\s+here\b`, 'i'),
  new RegExp(String.raw`\b${STANDS_FOR}\s+(?:goes\s+here|to\s+come|coming\s+soon)\b`, 'i'),
  // "Coming soon" as the whole value stands for the copy itself; inside a sentence it is copy.
  /^\W*(?:\w+\s+){0,2}coming\s+soon\W*$/i,
]

/** Letters every stand-in of DUMMY_TEXT holds, so the patterns run only on the few texts that may match. */
const MAY_HOLD_DUMMY_TEXT =
  /lorem|ipsum|dolor|consectetur|adipiscing|eiusmod|tempor|\btb[dca]\b|\btk|xx|\[|\bhere\b|to\s+come\b|coming\s+soon/i

/**
 * Angle brackets around an instruction: "<insert city>", "<add quote>". Read in the text as written,
 * since the browser would take them for a tag; no tag of HTML has these names.
 */
const ANGLE_STAND_IN = /<\s*(?:insert|add|placeholder|enter|your|tbd|todo)\b[^<>\n]{0,60}>/i

/** The first stand-in a reader would see in a text, or one in angle brackets. */
function dummyTextIn({ text, role }: Leaf): string | undefined {
  if (role === 'image' || /^(?:\/|https?:|mailto:)\S*$/.test(text)) return undefined
  const angled = ANGLE_STAND_IN.exec(text)?.[0]
  if (angled) return angled
  const shown = visibleText(text).trim()
  if (!MAY_HOLD_DUMMY_TEXT.test(shown)) return undefined
  for (const pattern of DUMMY_TEXT) {
    const found = pattern.exec(shown)?.[0]
    if (found) return found.trim()
  }
  return undefined
}

/**
 * Every text still holding the placeholder marker, so a half-written page cannot be merged; and
 * every text holding another stand-in for copy, which the live site would show as written.
 */
export const placeholders = defineFileRule({
  name: 'placeholders',
  stage: 'content',
  kinds: ALL_KINDS,
  messages,
  leaf: (leaf, { at }) => {
    if (leaf.text.includes(PLACEHOLDER)) return [problem('Placeholder', at(leaf.path), leaf.text)]
    const found = dummyTextIn(leaf)
    return found ? [problem('DummyText', at(leaf.path), found)] : undefined
  },
  docs: {
    Placeholder: {
      means: 'A field still holds the "TODO:" text a new page starts with.',
      example: ['TODO: The browser tab and search-result title.'],
    },
    DummyText: {
      means:
        'A text holds a stand-in for copy not written yet: dummy Latin (lorem ipsum), TBD, TK, XX for a figure, an instruction in brackets ("[insert city]"), "your text here" or a lone "Coming soon". The site would show it as written.',
      example: ['[insert client name]'],
    },
  },
})
