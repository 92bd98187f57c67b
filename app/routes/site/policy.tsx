import { data } from 'react-router'
import { PlatformPolicyPage } from '#app/features/legal/components/platform-policy-page'
import { PLATFORM_POLICIES, type PlatformPolicy } from '#app/features/legal/legal-document'
import { getPlatformPolicy } from '#app/features/legal/server/get-legal-document.server'
import { getRequestLanguage } from '#app/lib/i18n.server'
import type { Route } from './+types/policy'

/** One module for /privacy, /terms and /cookies (three route ids in routes.ts); the path says which. */
export async function loader({ request }: Route.LoaderArgs) {
  const segment = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '')
  const policy = PLATFORM_POLICIES.find((name) => name === segment) as PlatformPolicy | undefined
  if (!policy) throw data(null, { status: 404 })
  return { policy, document: getPlatformPolicy(policy, getRequestLanguage(request)) }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.document.title} — Afterglow` },
        { name: 'description', content: loaderData.document.summary },
        { property: 'og:title', content: `${loaderData.document.title} — Afterglow` },
        { property: 'og:description', content: loaderData.document.summary },
      ]
    : [{ title: 'Afterglow' }]

export default function Policy({ loaderData }: Route.ComponentProps) {
  return <PlatformPolicyPage policy={loaderData.policy} document={loaderData.document} />
}
