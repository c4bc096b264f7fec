import { MessagePage } from '../../components/MessagePage'
import { site } from '../../lib/site'

export function NotFoundPage() {
  const { notFound } = site
  return (
    <MessagePage
      head={{ title: notFound.metaTitle, description: notFound.text, path: '/404' }}
      title={notFound.title}
      text={notFound.text}
      action={{ to: '/', label: notFound.back }}
    />
  )
}
