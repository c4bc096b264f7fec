import type { ApiBlog } from '../../core/blog'

/**
 * A post's cover, sized so nothing shifts; other APIs may not send the size, so 16:9 is assumed.
 * `priority` marks the page's main picture; `eager` loads a picture that is on the first screen.
 * A post without a picture (its host is not one the page may load from) shows none.
 */
export function BlogImage({
  blog,
  className,
  priority = false,
  eager = priority,
}: {
  blog: ApiBlog
  className: string
  priority?: boolean
  eager?: boolean
}) {
  if (!blog.image) return null
  return (
    <img
      className={className}
      src={blog.image}
      alt={blog.image_alt ?? ''}
      width={blog.image_width ?? 800}
      height={blog.image_height ?? 450}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...(eager ? {} : { loading: 'lazy' as const })}
      decoding="async"
    />
  )
}
