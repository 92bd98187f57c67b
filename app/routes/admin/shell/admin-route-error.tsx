import { useRouteError, useRouteLoaderData } from 'react-router'
import { AdminErrorScreen } from './admin-error-screen'

type AdminLayoutData = { role: string; company: { id: string } }

/**
 * Error boundary of pages inside the admin: the shell stays, the page shows what went wrong (in
 * `loadFailureKey`'s words when its data could not be loaded, for a page that has its own).
 */
export function AdminRouteErrorBoundary({ loadFailureKey }: { loadFailureKey?: string } = {}) {
  const error = useRouteError()
  const layout = useRouteLoaderData('routes/admin/layout') as AdminLayoutData | undefined
  return (
    <AdminErrorScreen
      error={error}
      role={layout?.role}
      companyId={layout?.company.id}
      loadFailureKey={loadFailureKey}
    />
  )
}
