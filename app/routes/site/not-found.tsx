import { data } from 'react-router'
import { NotFoundScreen } from '#app/components/not-found'
import type { Route } from './+types/not-found'

// A page that exists, asked for with a malformed query, is a bad request rather than a missing page.
export async function loader({ context }: Route.LoaderArgs) {
  return data(null, { status: context.malformedAddress === 'query' ? 400 : 404 })
}

export const meta = () => [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function NotFound() {
  return <NotFoundScreen />
}
