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
