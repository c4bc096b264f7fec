import { describe, expect, it } from 'vitest'
import { isWarning } from '../errors.ts'
import { otherLanguage, textLanguage } from './text-language.ts'
import { fileRuleProblems, realContentProblems } from './testing.ts'

const CHICAGO = 'content/pages/ai-consulting-chicago.yaml'
const ENGLISH =
  'Manufacturers across Illinois and the wider Midwest use our computer vision for inspection on the line and maintenance forecasting from machine and PLC data.'
const SPANISH =
  'Los fabricantes de Illinois y de todo el Medio Oeste usan nuestra visión artificial para la inspección en la línea y la previsión de mantenimiento a partir de datos de máquinas y PLC.'

describe('text in another language', () => {
  it('warns at a paragraph of the wrong column of a translation sheet, on a copy of a real page', { timeout: 60_000 }, () => {
    const problems = realContentProblems({ [CHICAGO]: [[ENGLISH, SPANISH]] })
    expect(problems.map((p) => [p.name, p.file, p.line, p.field, isWarning(p), p.message])).toEqual([
      [
        'OtherLanguage',
        CHICAGO,
        27,
        'descriptionTwo[1]',
        true,
        'this text reads as Spanish, not English, the language of the site',
      ],
    ])
    expect(realContentProblems({ [CHICAGO]: [[ENGLISH, ENGLISH]] })).toEqual([])
  })

  it.each([
    [
      'French',
      'Notre équipe de conseil en intelligence artificielle aide les entreprises de Montréal à concevoir, construire et déployer des solutions qui produisent des résultats mesurables.',
    ],
    [
      'German',
      'Wir entwickeln KI-Agenten und Chatbots mit GPT-4, LangChain und RAG für Versicherer, Banken und Krankenhäuser und integrieren sie in Ihr CRM, Ihr ERP und die Systeme, mit denen Ihre Teams schon heute arbeiten.',
    ],
    [
      'Dutch',
      'Ons team voor AI-consultancy helpt bedrijven in Amsterdam bij het ontwerpen, bouwen en in productie nemen van oplossingen die meetbare resultaten opleveren voor hun klanten.',
    ],
  ])('names %s', (language, text) => {
    expect(otherLanguage(text)).toBe(language)
  })

  it('judges a foreign paragraph that quotes a few English words, which do not make it read as English', () => {
    expect(otherLanguage(`${SPANISH} Lo llamamos "the platform that your team can trust" en cada proyecto.`)).toBe('Spanish')
  })

  it.each([
    [
      'technical English thick with product names',
      'Connections to Stripe, Salesforce, Zendesk, Snowflake and your internal services, with SOC 2 controls, SSO via Okta, audit logs in Datadog and PII redaction before any LLM call.',
    ],
    [
      'English the detector alone reads as French',
      'Generative AI integration services that connect LLMs to your CRM, ERP, help desk and document stores, with evaluation, guardrails and cost controls built in.',
    ],
    ['a foreign text too short to judge', 'Nuestro equipo de consultoría ayuda a las empresas de Chicago.'],
  ])('accepts %s', (_what, text) => {
    expect(fileRuleProblems(textLanguage, `metaDescription: "${text}"\n`)).toEqual([])
  })
})
