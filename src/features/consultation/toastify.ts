// The library's stylesheet as a file the bundler emits, not the <style> element its default entry
// injects at run time: the Content-Security-Policy allows inline styles only by hash.
import 'react-toastify/ReactToastify.css'

export { toast, ToastContainer } from 'react-toastify/unstyled'
