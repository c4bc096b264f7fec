// The library's stylesheet as a file the bundler emits, not the <style> element its default entry
// injects at run time: the Content-Security-Policy allows inline styles only by hash. React loads it
// before it shows the container.
import stylesheet from 'react-toastify/ReactToastify.css?url'
import { ToastContainer, type ToastContainerProps } from 'react-toastify/unstyled'

export { toast } from 'react-toastify/unstyled'

/** Where toasts appear, with the library's stylesheet. */
export function Toasts(props: ToastContainerProps) {
  return (
    <>
      <link rel="stylesheet" href={stylesheet} precedence="late" />
      <ToastContainer {...props} />
    </>
  )
}
