import { MessagePage } from '../../components/MessagePage'
import thankYou from 'site-part:thankYou'

export function ThankYouPage() {
  return (
    <MessagePage
      head={{ title: thankYou.metaTitle, description: thankYou.metaDescription, path: '/thank-you' }}
      title={thankYou.title}
      text={thankYou.text}
      action={{ to: '/', label: thankYou.back }}
    />
  )
}
