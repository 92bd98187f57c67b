import { Link } from 'react-router'
import { cn } from '#app/lib/cn'

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" fill="#0b0b0c" />
      <circle cx="16" cy="17" r="8" fill="#a78bfa" />
      <circle cx="16" cy="17" r="12" fill="none" stroke="#a78bfa" strokeOpacity=".35" strokeWidth="2" />
    </svg>
  )
}

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <BrandMark />
      Afterglow
    </Link>
  )
}
