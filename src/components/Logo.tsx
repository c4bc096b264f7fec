import { logo, logoDark, name } from 'site-part:company'

/** The logo in both themes; CSS shows the one that fits, so the prerendered HTML needs no script. */
export function Logo({ lazy = false }: { lazy?: boolean }) {
  const loading = lazy ? 'lazy' : undefined
  return (
    <>
      <img className="logo logo--light" src={logo} alt={name} width={160} height={40} loading={loading} />
      <img className="logo logo--dark" src={logoDark} alt={name} width={160} height={40} loading={loading} />
    </>
  )
}
