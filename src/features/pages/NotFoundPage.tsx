import { MessagePage } from '../../components/MessagePage'
import notFound from 'site-part:notFound'

export function NotFoundPage() {
  return (
    <MessagePage
      head={{ title: notFound.metaTitle, description: notFound.text, path: '/404' }}
      title={notFound.title}
      text={notFound.text}
      action={{ to: '/', label: notFound.back }}
    />
  )
}
