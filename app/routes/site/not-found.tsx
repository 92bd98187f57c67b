import { data } from 'react-router'
import { NotFoundScreen } from '#app/components/not-found'

export async function loader() {
  return data(null, { status: 404 })
}

export const meta = () => [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function NotFound() {
  return <NotFoundScreen />
}
