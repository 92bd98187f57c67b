import { brandingVariables } from '#app/features/companies/branding'
import type { PageTemplate } from '#app/features/companies/page-template'
import type { PublicCompany } from '#app/access/context'

/*
 * The template form's unsaved choices, as the template settings send them to their live preview
 * (the company's real gallery or landing, framed; see draft-preview.tsx).
 */

export const TEMPLATE_DRAFT_MESSAGE = 'afterglow:template-draft'

/** The pages the preview can show. */
export const TEMPLATE_PREVIEW_PAGES = ['gallery', 'landing'] as const
export type TemplatePreviewPage = (typeof TEMPLATE_PREVIEW_PAGES)[number]

/** The company as fans would see it with `template` saved; its colours, where its plan shows them, re-read for the canvas. */
export function applyTemplateDraft(
  company: PublicCompany,
  template: PageTemplate,
  colours: { primary: string | null; accent: string | null },
): PublicCompany {
  return { ...company, template, branding: company.branding ? brandingVariables(colours, template.canvas) : null }
}
