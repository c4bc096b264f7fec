import { describe, expect, it } from 'vitest'
import { isWords, wordsModule } from './build-content.ts'

/** The module's exports, as the browser would see them. */
const evaluate = (source: string) =>
  import(`data:text/javascript,${encodeURIComponent(source)}`) as Promise<Record<string, unknown>>

describe('wordsModule', () => {
  it('exports each word by name and all of them as the default', async () => {
    const words = { home: 'Home', talkToExpert: 'Talk to "Expert"</script>' }
    const module = await evaluate(wordsModule(words))
    expect(module.home).toBe('Home')
    expect(module.talkToExpert).toBe('Talk to "Expert"</script>')
    expect(module.default).toEqual(words)
  })

  it('takes only a flat object of words under names a module can export', () => {
    expect(isWords({ home: 'Home', $a_1: '' })).toBe(true)
    expect(isWords({ 'two words': 'x' })).toBe(false)
    expect(isWords({ default: 'x' })).toBe(false)
    expect(isWords({ class: 'x' })).toBe(false)
    expect(isWords({ nested: { a: 'b' } })).toBe(false)
    expect(isWords(['Home'])).toBe(false)
    expect(isWords('Home')).toBe(false)
  })
})
