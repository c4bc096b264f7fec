import { Link } from '../../../../lib/link'
import './Breadcrumb.css'

export function Breadcrumb({ homeLabel, currentLabel }: { homeLabel: string; currentLabel: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb container">
      <ol>
        <li>
          <Link to="/">{homeLabel}</Link>
        </li>
        <li aria-current="page">{currentLabel}</li>
      </ol>
    </nav>
  )
}
