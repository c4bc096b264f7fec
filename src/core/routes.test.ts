import { describe, expect, it } from 'vitest'
import { createLandingResolver } from './routes'

const resolve = createLandingResolver([
  '/ai/Ai-Development',
  '/ai/Generative-Ai-consulting-company',
  '/ai/ai-consulting-toronto-ca',
])

describe('landing path rules', () => {
  it.each([
    ['/ai/Ai-Development', { kind: 'page', route: '/ai/Ai-Development' }],
    ['/ai/Ai-Development/', { kind: 'page', route: '/ai/Ai-Development' }],
    ['/ai/ai-development', { kind: 'redirect', to: '/ai/Ai-Development', status: 301 }],
    ['/ai/AI-DEVELOPMENT', { kind: 'redirect', to: '/ai/Ai-Development', status: 301 }],
    ['/ai/Generative-Ai-Consulting-Company', { kind: 'redirect', to: '/ai/Generative-Ai-consulting-company', status: 301 }],
    ['/ai/unknown-page', { kind: 'redirect', to: '/', status: 302 }],
    ['/ai/', { kind: 'redirect', to: '/', status: 302 }],
    ['/ai/Ai-Development/extra', { kind: 'redirect', to: '/', status: 302 }],
  ])('%s', (path, expected) => {
    expect(resolve(path)).toEqual(expected)
  })
})

describe('old addresses of content/redirects.yaml', () => {
  const withMoves = createLandingResolver(
    ['/ai/Ai-Chatbot-Development'],
    [{ from: '/ai/Ai-Chatbot-Development-Co', to: '/ai/Ai-Chatbot-Development' }],
  )
  it.each([
    ['/ai/Ai-Chatbot-Development-Co', { kind: 'redirect', to: '/ai/Ai-Chatbot-Development', status: 301 }],
    ['/ai/ai-chatbot-development-co/', { kind: 'redirect', to: '/ai/Ai-Chatbot-Development', status: 301 }],
    ['/ai/Ai-Chatbot-Development', { kind: 'page', route: '/ai/Ai-Chatbot-Development' }],
    ['/ai/Something-Else', { kind: 'redirect', to: '/', status: 302 }],
  ])('resolves %s', (path, expected) => expect(withMoves(path)).toEqual(expected))
})
