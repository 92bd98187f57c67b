import { index, route, type RouteConfig } from '@react-router/dev/routes'

export default [
  index('routes/site/home.tsx'),
  route('auth', 'routes/site/auth.tsx'),
  route('email-confirmation', 'routes/site/email-confirmation.tsx'),
  route('reset-password', 'routes/site/reset-password.tsx'),
  route('onboarding', 'routes/site/onboarding.tsx'),
  route('invitations/:invitationId', 'routes/site/invitation.tsx'),
  route('dev/outbox', 'routes/site/dev-outbox.tsx'),
  // Policies: one module, the path says which.
  route('privacy', 'routes/site/policy.tsx', { id: 'policy-privacy' }),
  route('terms', 'routes/site/policy.tsx', { id: 'policy-terms' }),
  route('cookies', 'routes/site/policy.tsx', { id: 'policy-cookies' }),
  route('privacy/newsletter', 'routes/site/newsletter-unsubscribe.tsx'),

  // Framed by the landing-page and template settings: the real fans' pages, outside the admin's frame.
  route('admin/settings/landing-page/preview', 'routes/admin/landing-preview.tsx'),
  route('admin/settings/template/preview', 'routes/admin/template-preview.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/dashboard.tsx'),
    route('content', 'routes/admin/content.tsx'),
    route('content/new', 'routes/admin/content.new.tsx'),
    route('content/:contentItemId', 'routes/admin/content.$id.tsx'),
    route('events', 'routes/admin/events.tsx'),
    route('events/new', 'routes/admin/events.new.tsx'),
    route('events/:eventId', 'routes/admin/events.$id.tsx'),
    route('leads', 'routes/admin/leads.tsx'),
    route('leads/export.csv', 'routes/admin/leads.export.ts'),
    route('comments', 'routes/admin/comments.tsx'),
    route('analytics', 'routes/admin/analytics.tsx'),
    route('analytics/export.csv', 'routes/admin/analytics.export.ts'),
    route('subscription', 'routes/admin/subscription.tsx'),
    route('settings', 'routes/admin/settings.tsx'),
    route('settings/company-data', 'routes/admin/settings.company-data.tsx'),
    route('settings/landing-page', 'routes/admin/settings.landing-page.tsx'),
    route('settings/template', 'routes/admin/settings.template.tsx'),
    route('settings/subdomain', 'routes/admin/settings.subdomain.tsx'),
    route('settings/domains', 'routes/admin/settings.domains.tsx'),
    route('settings/webhooks', 'routes/admin/settings.webhooks.tsx'),
    route('settings/team', 'routes/admin/settings.team.tsx'),
    route('settings/security', 'routes/admin/settings.security.tsx'),
    route('settings/audit', 'routes/admin/settings.audit.tsx'),
    route('settings/backups', 'routes/admin/settings.backups.tsx'),
    route('settings/backups/:backupId/download', 'routes/admin/settings.backups.download.ts'),
    route('settings/api', 'routes/admin/settings.api.tsx'),
    route('status', 'routes/admin/status.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),

  // The platform operator's console (OPERATOR_EMAILS), apart from any company's admin.
  route('operator', 'routes/operator/layout.tsx', [
    index('routes/operator/companies.tsx'),
    route('companies/:companyId', 'routes/operator/company.tsx'),
    route('requests', 'routes/operator/requests.tsx'),
    route('inbox', 'routes/operator/inbox.tsx'),
    route('status', 'routes/operator/status.tsx'),
  ]),
  route('operator/inbox.csv', 'routes/operator/inbox.export.ts'),

  route('api/auth/*', 'routes/api/auth.ts'),
  route('media/:assetId/:variant', 'routes/api/media.ts'),
  route('api/health', 'routes/api/health.ts'),
  route('api/session/activity', 'routes/api/session-activity.ts'),
  route('api/comments/token', 'routes/api/comment-token.ts'),
  route('api/billing/webhook', 'routes/api/billing-webhook.ts'),
  route('api/billing/:operation', 'routes/api/billing.ts'),
  // The built-in test payment provider's own pages (only without STRIPE_SECRET_KEY).
  route('billing/test-checkout/:sessionId', 'routes/billing/test-checkout.tsx'),
  route('billing/test-portal/:sessionId', 'routes/billing/test-portal.tsx'),
  route('billing/test-invoice/:invoiceId', 'routes/billing/test-invoice.tsx'),
  route('api/qr/:kind/:id', 'routes/api/qr-code.ts'),
  // The public REST API (Enterprise keys), its OpenAPI document and its interactive reference.
  route('api/v1/openapi.json', 'routes/api/openapi.ts'),
  route('api/v1/*', 'routes/api/v1.ts'),
  route('docs/api', 'routes/site/api-docs.ts'),
  route('docs/api/reference.js', 'routes/site/api-docs-bundle.ts'),

  // Fans' pages: a single segment that is not one of the routes above is a company.
  // Fans' downloads (one file, or a content item: a gallery's ZIP) and the lead form before them.
  route('download/file/:assetId', 'routes/tenant/download-file.ts'),
  route('download/content/:contentItemId', 'routes/tenant/download-content.ts'),
  route('download/lead', 'routes/tenant/download-lead.tsx'),
  route('og/:kind/:id/:file', 'routes/tenant/og-image.ts'),
  route(':clientSlug', 'routes/tenant/landing.tsx'),
  route(':clientSlug/galeria/:gallerySlug', 'routes/tenant/gallery.tsx'),
  route(':clientSlug/galeria/:gallerySlug/fotos', 'routes/tenant/gallery-page.ts'),
  route(':clientSlug/evento/:eventSlug', 'routes/tenant/event.tsx'),
  route(':clientSlug/termos', 'routes/tenant/company-policy.tsx', { id: 'company-terms' }),
  route(':clientSlug/privacidade', 'routes/tenant/company-policy.tsx', { id: 'company-privacy' }),
  route(':clientSlug/player/:contentId', 'routes/tenant/player.tsx'),
  // The spec's platform links: /player/{id} on any host (content ids are global; on a subdomain,
  // only that company's), /event/{slug} (the company's event on its subdomain, else a redirect).
  route('player/:contentId', 'routes/tenant/player.tsx', { id: 'platform-player' }),
  route('event/:eventSlug', 'routes/tenant/event-link.tsx'),
  // Subdomain mode ({company}.PLATFORM_DOMAIN): the same pages without the company segment.
  route('galeria/:gallerySlug', 'routes/tenant/gallery.tsx', { id: 'subdomain-gallery' }),
  route('galeria/:gallerySlug/fotos', 'routes/tenant/gallery-page.ts', { id: 'subdomain-gallery-page' }),
  route('evento/:eventSlug', 'routes/tenant/event.tsx', { id: 'subdomain-event' }),
  route('termos', 'routes/tenant/company-policy.tsx', { id: 'subdomain-company-terms' }),
  route('privacidade', 'routes/tenant/company-policy.tsx', { id: 'subdomain-company-privacy' }),

  route('*', 'routes/site/not-found.tsx'),
] satisfies RouteConfig
