import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const words = [
  'forecasting',
  'routing',
  'triage',
  'search',
  'pricing',
  'quality',
  'support',
  'planning',
  'compliance',
  'onboarding',
]

/** One valid landing page whose every text is unique to its number, so the uniqueness rule holds. */
export function syntheticPage(n: number): string {
  const topic = `${words[n % words.length]} ${n}`
  const text = (what: string) =>
    `"Synthetic ${what} for page ${n}: how a team adopts AI for ${topic}, with a pilot in 4-6 weeks and support afterwards."`
  const list = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `  - title: ${prefix} ${n}.${i + 1}\n    desc: ${text(`${prefix} ${i + 1}`)}\n`).join(
      '',
    )
  return `# yaml-language-server: $schema=../../schema/page.schema.json
metaTitle: "Synthetic page ${n} | AI for ${words[n % words.length]}"
metaDescription: "Synthetic landing page number ${n} used to measure how the build scales: AI for ${topic}, pilots in 4-6 weeks, 24/7 support."
label: "Synthetic ${n}"
category: ${n % 3 === 0 ? 'location' : n % 3 === 1 ? 'service' : 'industry'}
title1: "AI for ${topic}"
title2: "that ships"
img1:
  src: /images/pages/ai-strategy.svg
  alt: "Illustration for synthetic page ${n}"
descriptionOne:
  - ${text('intro')}
  - "<ul><li>Point one of page ${n}</li><li>Point two of page ${n}</li></ul>"
descriptionTwo:
  - ${text('second block')}
serviceTitle: "Services for ${topic}"
services:
${list('Service', 6)}our_steps_title: "How we deliver ${topic}"
our_steps_description: ${text('process lead')}
our_steps:
${list('Step', 3)}our_steps2:
${list('Later step', 2)}why_choose_title: "Why us for ${topic}"
why_choose:
${list('Reason', 4)}faqs:
  - question: "What does ${topic} cost?"
    answer: ${text('cost answer')}
  - question: "How long does ${topic} take?"
    answer: ${text('timeline answer')}
contactUsToday: "Ready for ${topic}? <a href=\\"https://www.example.com/contact\\">Talk to us</a>."
`
}

/**
 * A copy of the project in a temp folder with `count` synthetic pages instead of the real ones,
 * sharing node_modules. Returns its root; remove it with `dispose`.
 */
export function createSyntheticSite(projectRoot: string, count: number) {
  const root = mkdtempSync(path.join(tmpdir(), `synthetic-${count}-`))
  for (const entry of [
    'codegen',
    'schema',
    'src',
    'scripts',
    'server',
    'public',
    'index.html',
    'vite.config.ts',
    'package.json',
    'tsconfig.json',
    'tsconfig.app.json',
    'tsconfig.node.json',
  ]) {
    cpSync(path.join(projectRoot, entry), path.join(root, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}generated`),
    })
  }
  mkdirSync(path.join(root, 'content/pages'), { recursive: true })
  cpSync(path.join(projectRoot, 'content/site.yaml'), path.join(root, 'content/site.yaml'))
  cpSync(path.join(projectRoot, 'content/projects.yaml'), path.join(root, 'content/projects.yaml'))
  // No blog posts: the real ones link to real pages, which a synthetic site does not have.
  for (let n = 1; n <= count; n++) writeFileSync(path.join(root, `content/pages/synthetic-page-${n}.yaml`), syntheticPage(n))
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'))
  return { root, dispose: () => rmSync(root, { recursive: true, force: true }) }
}
