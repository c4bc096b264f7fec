import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useFollow } from './router'

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean }

/**
 * An in-site link: a real `<a href>` that navigates without a page load on a plain left click. Its
 * own module: the code that starts a page renders no Link (its links are the build's HTML).
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const follow = useFollow()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    follow(event, to, target, replace)
  }
  return <a {...rest} href={to} target={target} onClick={handleClick} />
}
