import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { latePart, loadLateParts } from './late'

const Part = latePart('test-part', async () => ({ label }: { label: string }) => <section>{label}</section>)

describe('latePart on the server', () => {
  it('renders the part whole once loadLateParts has loaded it, inside its marked wrapper and a Suspense boundary', async () => {
    await loadLateParts()
    const html = renderToString(<Part label="Questions" />)
    expect(html).toBe('<div class="late-part" data-late="test-part"><!--$--><section>Questions</section><!--/$--></div>')
  })
})
