import { redirect } from 'react-router'
import { findEventCompanySlug } from '#app/features/events/server/load-public-event.server'
import { toHttpError } from '#app/lib/errors'
import { requestHost } from '#app/access/visit.server'
import { loader as eventPageLoader } from './event'
import type { Route } from './+types/event-link'

/**
 * `/event/{slug}` (spec): on a company's subdomain, that company's event page (the very page of
 * /evento/{slug}); on the platform's host, a redirect to the one company whose published event it is.
 */
export async function loader(args: Route.LoaderArgs) {
  if ((await requestHost(args.request)).kind === 'company')
    return eventPageLoader(args as unknown as Parameters<typeof eventPageLoader>[0])
  try {
    const companySlug = await findEventCompanySlug(args.params.eventSlug)
    return redirect(`/${companySlug}/evento/${encodeURIComponent(args.params.eventSlug)}`)
  } catch (error) {
    throw toHttpError(error)
  }
}

export { default, meta, ErrorBoundary } from './event'
