/** Our own dark surface, so the consent UI reads the same over the marketing site, fans' pages and the admin. */
export const CONSENT_SURFACE =
  'theme-night rounded-2xl border border-line bg-surface-muted text-ink shadow-[0_12px_40px_rgba(0,0,0,0.45)]'
/** Neutral buttons: a company's brand colour on its pages never clashes with them. */
export const CONSENT_PRIMARY = 'bg-ink text-surface hover:bg-ink/90 hover:brightness-100'
export const CONSENT_SECONDARY = 'border border-line bg-transparent text-ink hover:bg-white/10'
