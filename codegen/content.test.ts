import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from './content.ts'
import { positionParses } from '../checker/yaml-source.ts'

/** The real content, as the site ships it: the 50 pages and the figures the copy may claim. */
const root = path.resolve(import.meta.dirname, '..')
const content = loadContent(root)
type Page = {
  metaTitle: string
  metaDescription: string
  category: string
  stepsVariant?: string
  our_steps?: unknown[]
  our_steps2?: unknown[]
  integrations?: { name: string }[]
  services: unknown[]
  faqs?: unknown[]
}
const pages = new Map(content.pages.map((p) => [p.route, p.data as unknown as Page]))
const raw = (route: string) => readFileSync(path.join(root, 'content/pages', `${route.slice(4)}.yaml`), 'utf8')

/** The 50 page addresses, spelled exactly so: links from elsewhere depend on them. */
const specPaths =
  `Generative-Ai-consulting-company Generative-Ai-Development Generative-Ai-Integration-Services hire-generative-ai-engineers
Ai-Agent-Development Ai-Copilot-Development Hire-Prompt-Engineers Adaptive-Ai-Development-Co ChatGPT-Developers Stable-Diffusion-Developers
ChatGPT-Integration-Service Large-Language-Model Ai-Consulting Ai-Development Ai-As-A-Service Hire-Action-Transformer-Developer
MLOps-Consulting-service Enterprise-Ai-Development Ai-Chatbot-Development-Co ai-consultant-ireland ai-consulting-toronto-ca
ai-consulting-vancouver-ca ai-firms-calgary-ca ai-consulting-company-edmonton-ca ai-consulting-ottawa-ca ai-consulting-quebec-ca
ai-consulting-markham-ca ai-software-development-agency-ca boston-ai-consulting-agency ai-consulting-chicago
ai-development-company-in-houston ai-development-company-california ai-development-los-angeles ai-consulting-austin
ai-development-company-texas ai-consulting-new-york ai-consultant-cleveland ai-consulting-atlanta conversational-ai-in-real-estate
ai-company-in-san-francisco ai-company-new-jersey ai-in-healthcare-nyc ai-in-data-mining conversational-ai-in-finance
conversational-ai-in-insurance generative-ai-boston deep-learning-ai-company generative-ai-in-construction
adaptive-ai-development-melbourne ai-consultant-halifax`
    .split(/\s+/)
    .map((p) => `/ai/${p}`)

const cityIntegrations = [
  'Cutting-Edge Technology',
  'Expertise Across AI Technologies',
  'Customised Industry Specific Solutions',
  'Proven Track Record',
  'Full Support',
]

describe('the real content', () => {
  it('passes every content check', () => expect(content.problems).toEqual([]))

  it('is checked with one parse per file: no rule asks for a position it does not report', () => {
    // A copy without node_modules has no result cache, so every file is really checked.
    const copy = mkdtempSync(path.join(tmpdir(), 'content-'))
    try {
      for (const dir of ['content', 'public']) cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true })
      const before = positionParses.count
      const loaded = loadContent(copy)
      expect(loaded.pages).toHaveLength(50)
      expect(loaded.problems).toEqual([])
      expect(positionParses.count - before).toBe(0)
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })

  it('has exactly the 50 pages', () => {
    expect(specPaths).toHaveLength(50)
    expect([...pages.keys()].sort()).toEqual([...specPaths].sort())
  })

  it('keeps titles and descriptions within the SEO limits and distinct', () => {
    const titles = [...pages.values()].map((p) => p.metaTitle)
    const descriptions = [...pages.values()].map((p) => p.metaDescription)
    for (const t of titles) expect(t.length).toBeLessThanOrEqual(60)
    for (const d of descriptions) expect(d.length).toBeGreaterThanOrEqual(120)
    for (const d of descriptions) expect(d.length).toBeLessThanOrEqual(160)
    expect(new Set(titles).size).toBe(titles.length)
    expect(new Set(descriptions).size).toBe(descriptions.length)
  })

  it('states the agreed figures where they belong', () => {
    expect(raw('/ai/ai-consulting-markham-ca')).toMatch(/more than 1500 technology companies/i)
    expect(raw('/ai/Ai-Consulting')).toMatch(/\$10,000/)
    const all = [...pages.keys()].map(raw).join('\n')
    expect(all).toMatch(/6-8 weeks/)
    expect(all).toMatch(/4-6 weeks/)
    expect(all).toMatch(/24\/7/)
    // No other price or company size is claimed anywhere.
    expect(new Set(all.match(/\$\d{1,3}(?:,\d{3})*/g))).toEqual(new Set(['$10,000']))
    expect(all).not.toMatch(/1,?500\+? (?!technology companies)/)
  })

  it('links every blog post from at least two landing pages whose topic it covers', () => {
    const linkedFrom = new Map<string, number>()
    for (const route of pages.keys())
      for (const slug of new Set(raw(route).match(/(?<=href=\\"\/blog\/)[a-z0-9-]+/g) ?? []))
        linkedFrom.set(slug, (linkedFrom.get(slug) ?? 0) + 1)
    for (const blog of content.blogs)
      expect(linkedFrom.get(String(blog.custom_url)), String(blog.custom_url)).toBeGreaterThanOrEqual(2)
  })

  it('words each standard contract term once, in site.yaml, and pages insert it', () => {
    const site = readFileSync(path.join(root, 'content/site.yaml'), 'utf8')
    const terms = (content.site as { terms: Record<string, string> }).terms
    for (const [name, wording] of Object.entries(terms)) {
      expect(site).toContain(wording)
      expect(
        [...pages.keys()].some((route) => raw(route).includes(`{{terms.${name}}}`)),
        name,
      ).toBe(true)
    }
  })

  it('gives the city and region pages the five integrations', () => {
    for (const [route, page] of pages) {
      if (page.category !== 'location') continue
      expect(
        page.integrations?.map((i) => i.name),
        route,
      ).toEqual(cityIntegrations)
    }
  })

  it('lists industries in the step slots on Houston, California and Los Angeles', () => {
    for (const route of [
      '/ai/ai-development-company-in-houston',
      '/ai/ai-development-company-california',
      '/ai/ai-development-los-angeles',
    ]) {
      expect(pages.get(route)!.stepsVariant, route).toBe('industries')
    }
  })

  it('has no steps on the AI consulting page, and 5 or 6 everywhere else', () => {
    const consulting = pages.get('/ai/Ai-Consulting')!
    expect([...(consulting.our_steps ?? []), ...(consulting.our_steps2 ?? [])]).toEqual([])
    for (const [route, page] of pages) {
      if (route === '/ai/Ai-Consulting') continue
      const steps = (page.our_steps?.length ?? 0) + (page.our_steps2?.length ?? 0)
      expect(steps, route).toBeGreaterThanOrEqual(5)
      expect(steps, route).toBeLessThanOrEqual(6)
    }
  })

  it('gives every page 4 to 8 services and 4 to 8 FAQs', () => {
    for (const [route, page] of pages) {
      expect(page.services.length, route).toBeGreaterThanOrEqual(4)
      expect(page.services.length, route).toBeLessThanOrEqual(8)
      expect(page.faqs?.length ?? 0, route).toBeGreaterThanOrEqual(4)
      expect(page.faqs?.length ?? 0, route).toBeLessThanOrEqual(8)
    }
  })

  it('keeps every image at most 15 KB', async () => {
    const { readdirSync, statSync } = await import('node:fs')
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      )
    const images = walk(path.join(root, 'public/images')).filter((f) => !f.endsWith('share.png'))
    for (const file of images) expect(statSync(file).size, file).toBeLessThanOrEqual(15 * 1024)
  })
})
