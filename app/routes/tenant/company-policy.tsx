import { PublicErrorBoundary, PublicShell } from '#app/features/public/components/public-shell'
import { installMetaOf } from '#app/features/public/install-links'
import { resolvePublicCompany } from '#app/access/public-visitor.server'
import { PolicyArticle } from '#app/features/legal/components/policy-article'
import type { CompanyPolicy } from '#app/features/legal/legal-document'
import { getCompanyPolicy } from '#app/features/legal/server/get-legal-document.server'
import { toHttpError } from '#app/lib/errors'
import { visitOf } from '#app/access/visit.server'
import type { Route } from './+types/company-policy'

/**
 * A company's terms (/termos) and privacy notice (/privacidade) for its fans, at
 * /{clientSlug}/… or on the company's subdomain; the last path segment says which.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const policy: CompanyPolicy = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/termos')
    ? 'companyTerms'
    : 'companyPrivacy'
  try {
    const visit = await visitOf(request)
    const context = await resolvePublicCompany(visit, params.clientSlug)
    const { company, basePath } = context
    return {
      company,
      basePath,
      policy,
      document: getCompanyPolicy(policy, visit.language, company, basePath),
      installMeta: installMetaOf(context),
    }
  } catch (error) {
    throw toHttpError(error)
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: data.document.title },
        { name: 'description', content: data.document.summary },
        { property: 'og:title', content: data.document.title },
        ...data.installMeta,
      ]
    : [{ title: 'Afterglow' }]

export default function CompanyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { company, basePath, document } = loaderData
  return (
    <PublicShell company={company} basePath={basePath}>
      <PolicyArticle document={document} eyebrow={company.name} />
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="company" />
}
