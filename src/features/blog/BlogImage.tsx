import type { BlogSummary } from './blog-types'

/** A post's cover, sized so nothing shifts; other APIs may not send the size, so 16:9 is assumed. */
export function BlogImage({ blog, className, priority = false }: { blog: BlogSummary; className: string; priority?: boolean }) {
  return (
    <img
      className={className}
      src={blog.image}
      alt={blog.image_alt ?? ''}
      width={blog.image_width ?? 800}
      height={blog.image_height ?? 450}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      decoding="async"
    />
  )
}
