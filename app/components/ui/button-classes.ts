import { cn } from '#app/lib/cn'

/*
 * The buttons' look (button.tsx), apart from the Button component: links styled as buttons, such
 * as the fans' download button, need only the classes.
 */

export const BUTTON_VARIANTS = {
  primary: 'bg-accent text-accent-foreground hover:brightness-110',
  secondary: 'border border-line bg-surface text-ink hover:bg-surface-muted',
  ghost: 'text-ink hover:bg-surface-muted',
  danger: 'bg-danger text-white hover:brightness-110',
  'danger-ghost': 'text-danger hover:bg-danger/10',
} as const

export const BUTTON_SIZES = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const

/** Same look as Button for links that navigate. */
export function buttonClasses(
  variant: keyof typeof BUTTON_VARIANTS = 'primary',
  size: keyof typeof BUTTON_SIZES = 'md',
  className?: string,
) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-[var(--radius-ui)] font-medium transition-[filter,background-color] duration-150',
    BUTTON_VARIANTS[variant],
    BUTTON_SIZES[size],
    className,
  )
}
