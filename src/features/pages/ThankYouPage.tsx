import { MessagePage } from '../../components/MessagePage'
import { site } from '../../lib/site'

export function ThankYouPage() {
  const { thankYou } = site
  return (
    <MessagePage
      head={{ title: thankYou.metaTitle, description: thankYou.metaDescription, path: '/thank-you' }}
      title={thankYou.title}
      text={thankYou.text}
      action={{ to: '/', label: thankYou.back }}
    />
  )
}
