import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn'

const VARIANTS = {
  primary: 'bg-accent text-accent-foreground hover:brightness-110',
  secondary: 'border border-line bg-surface text-ink hover:bg-surface-muted',
  ghost: 'text-ink hover:bg-surface-muted',
  danger: 'bg-danger text-white hover:brightness-110',
  'danger-ghost': 'text-danger hover:bg-danger/10',
} as const

const SIZES = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS
  size?: keyof typeof SIZES
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-[var(--radius-ui)] font-medium transition-[filter,background-color] duration-150 disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  )
})

/** Same look as Button for links that navigate. */
export function buttonClasses(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-[var(--radius-ui)] font-medium transition-[filter,background-color] duration-150',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
}
