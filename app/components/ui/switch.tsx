import type { ButtonHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn'

type SwitchProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'aria-checked'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/**
 * An on/off switch: a button with role="switch", so Space and Enter toggle it and screen
 * readers announce on/off. Label it with aria-labelledby or aria-label.
 */
export function Switch({ checked, onCheckedChange, disabled, className, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-accent' : 'bg-ink-muted/40',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className={cn(
          'block size-6 rounded-full bg-white shadow transition-transform duration-150',
          checked ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  )
}
