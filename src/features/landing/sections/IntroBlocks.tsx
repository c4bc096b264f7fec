import type { ReactNode } from 'react'
import { MarkupList } from '../../../components/Markup'
import type { MarkupBlocks } from '../../../generated/content-types'
import type { SizedImage } from '../../../core/content'

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
        {first.image ? (
          <div className="intro__media">
            <img
              src={first.image.src}
              alt={first.image.alt}
              width={first.image.width}
              height={first.image.height}
              fetchPriority="high"
              decoding="async"
            />
          </div>
        ) : null}
      </section>
      {more.map((block, i) => (
        <section key={i} className={`intro intro--more container reveal ${i % 2 === 0 ? 'intro--flip' : ''}`}>
          <div className="intro__text prose">
            <MarkupList items={block.paragraphs} />
          </div>
          {block.image ? (
            <div className="intro__media">
              <img
                src={block.image.src}
                alt={block.image.alt}
                width={block.image.width}
                height={block.image.height}
                loading="lazy"
                decoding="async"
              />
            </div>
          ) : null}
        </section>
      ))}
    </>
  )
}
