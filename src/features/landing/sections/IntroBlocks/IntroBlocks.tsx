import type { ReactNode } from 'react'
import { MarkupList } from '../../../../components/Markup'
import type { MarkupBlocks } from '../../../../generated/content-types'
import type { SizedImage } from '../../../../core/content'
import './IntroBlocks.css'

export interface IntroBlock {
  paragraphs: readonly MarkupBlocks[]
  image?: SizedImage
}

/**
 * The page's opening: the h1 with the first block, then the optional second and third blocks,
 * alternating sides on wide screens. Blocks without paragraphs are left out entirely.
 */
export function IntroBlocks({
  title1,
  title2,
  blocks,
  actions,
}: {
  title1: string
  title2?: string
  blocks: readonly IntroBlock[]
  actions?: ReactNode
}) {
  const [first, ...rest] = blocks
  const more = rest.filter((b) => b.paragraphs.length > 0)
  return (
    <>
      <section className="intro container" aria-labelledby="page-title">
        <div className="intro__text">
          <h1 id="page-title" className="intro__title">
            {title1}
            {title2 ? (
              <>
                {' '}
                <span className="accent-text">{title2}</span>
              </>
            ) : null}
          </h1>
          <div className="prose">
            <MarkupList items={first.paragraphs} />
          </div>
          {actions ? <div className="intro__actions">{actions}</div> : null}
        </div>
        {first.image ? <IntroMedia image={first.image} first /> : null}
      </section>
      {more.map((block, i) => (
        <section key={i} className={`intro intro--more container reveal ${i % 2 === 0 ? 'intro--flip' : ''}`}>
          <div className="intro__text prose">
            <MarkupList items={block.paragraphs} />
          </div>
          {block.image ? <IntroMedia image={block.image} /> : null}
        </section>
      ))}
    </>
  )
}

/** A block's picture; the first block's is the page's main one, fetched first and never lazily. */
function IntroMedia({ image, first = false }: { image: SizedImage; first?: boolean }) {
  return (
    <div className="intro__media">
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
        decoding="async"
      />
    </div>
  )
}
