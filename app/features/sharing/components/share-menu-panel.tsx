import { Facebook, Link as LinkIcon, Mail, MessageCircle, Share2, type LucideIcon } from 'lucide-react'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { cn } from '#app/lib/cn'

/*
 * The open share menu (a bottom sheet on phones): the phone's own share sheet where the browser
 * has one, copy link, WhatsApp, Facebook, X and e-mail. It follows the WAI-ARIA menu button
 * pattern: arrows, Home/End, type-ahead, Escape and Tab all work, and focus returns to the button.
 * Loaded the first time a fan (or a company, in its editors) reaches for the Share button
 * (share-menu.tsx), not with the page.
 */

function XLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className} fill="currentColor">
      <path d="M18.901 1.153h3.68l-8.04 9.19L24 22.846h-7.406l-5.8-7.584-6.638 7.584H.474l8.6-9.83L0 1.154h7.594l5.243 6.932ZM17.61 20.644h2.039L6.486 3.24H4.298Z" />
    </svg>
  )
}

/** Web share URLs of each network; each opens in a new tab. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url)
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    x: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`,
  }
}

export async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return true
    } catch {
      // Permission refused or an insecure context: fall through to the old way.
    }
  }
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.style.position = 'fixed'
  field.style.opacity = '0'
  document.body.appendChild(field)
  field.select()
  const copied = document.execCommand('copy')
  field.remove()
  return copied
}

type Item = { key: string; label: string; icon: LucideIcon | typeof XLogo; iconClass?: string } & (
  | { href: string; newTab: boolean }
  | { onSelect: () => void }
)

type PanelProps = {
  url: string
  title: string
  menuId: string
  buttonId: string
  buttonRef: RefObject<HTMLButtonElement | null>
  /** Which item takes focus: the first (click, ArrowDown) or the last (ArrowUp). */
  focus: 'first' | 'last'
  onClose: (returnFocus?: boolean) => void
}

export function ShareMenuPanel({ url, title, menuId, buttonId, buttonRef, focus, onClose: close }: PanelProps) {
  const { t } = useTranslation()
  const [canShareNatively, setCanShareNatively] = useState(false)
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null)
  const [portal, setPortal] = useState<Element | null>(null)
  const [look, setLook] = useState('')
  const menuRef = useRef<HTMLDivElement>(null)

  useEffect(() => setCanShareNatively(typeof navigator.share === 'function'), [])

  const links = shareLinks(url, title)
  const items: Item[] = [
    ...(canShareNatively
      ? [
          {
            key: 'native',
            label: t('sharing.menu.native'),
            icon: Share2,
            onSelect: () => {
              navigator.share({ title, url }).catch(() => undefined) // the fan closed the sheet
            },
          },
        ]
      : []),
    {
      key: 'copy',
      label: t('sharing.menu.copy'),
      icon: LinkIcon,
      onSelect: () => {
        void copyText(url).then((copied) =>
          copied ? toast.success(t('sharing.menu.copied')) : toast.error(t('sharing.menu.copyFailed')),
        )
      },
    },
    {
      key: 'whatsapp',
      label: 'WhatsApp',
      icon: MessageCircle,
      iconClass: 'text-[#25D366]',
      href: links.whatsapp,
      newTab: true,
    },
    {
      key: 'facebook',
      label: 'Facebook',
      icon: Facebook,
      iconClass: 'text-[#1877F2]',
      href: links.facebook,
      newTab: true,
    },
    { key: 'x', label: 'X', icon: XLogo, href: links.x, newTab: true },
    { key: 'email', label: t('sharing.menu.email'), icon: Mail, href: links.email, newTab: false },
  ]

  const place = useCallback(() => {
    const rect = buttonRef.current?.getBoundingClientRect()
    if (rect) setPosition({ top: rect.bottom + 8, right: Math.max(8, window.innerWidth - rect.right) })
  }, [buttonRef])

  useLayoutEffect(() => {
    const button = buttonRef.current
    // The menu looks like where its button is. Inside a modal (the photo viewer) it must live in
    // it, as everything else is inert; the photo viewer is black on every canvas. On a fans' page
    // it lives in the page's frame, which carries its canvas (night or light) and the company's
    // colours; in the admin, which has neither, in the document, with the admin's light look.
    const modal = button?.closest('[aria-modal="true"]')
    setPortal(modal ?? button?.closest('.theme-night, .theme-light') ?? document.body)
    setLook(button?.closest('.yarl__root') ? 'theme-night' : '')
    place()
  }, [buttonRef, place])

  useEffect(() => {
    if (!portal) return
    const entries = menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')
    if (entries?.length) entries[focus === 'first' ? 0 : entries.length - 1].focus()
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false)
    }
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => {
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
      document.removeEventListener('pointerdown', onPointerDown, true)
    }
  }, [portal, place, close, buttonRef, focus])

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])
    const index = entries.indexOf(document.activeElement as HTMLElement)
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: entries.length - 1 }
    if (event.key in moves) {
      event.preventDefault()
      entries[(moves[event.key] + entries.length) % entries.length]?.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      event.preventDefault()
      close()
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Type-ahead: the next item starting with that letter.
      const letter = event.key.toLowerCase()
      const next = [...entries.slice(index + 1), ...entries.slice(0, index + 1)].find((entry) =>
        entry.textContent?.trim().toLowerCase().startsWith(letter),
      )
      next?.focus()
    } else return
    // Keys used by the menu never reach the page or the photo viewer behind it.
    event.stopPropagation()
  }

  const itemClass =
    'flex h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-base text-ink outline-none hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent sm:h-10 sm:text-sm'

  const menu = (
    <div className={look || undefined} onPointerDown={(event) => event.stopPropagation()}>
      <div aria-hidden className="fixed inset-0 z-[10000] bg-black/60 sm:hidden" onClick={() => close()} />
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        onKeyDown={onMenuKeyDown}
        style={
          position
            ? ({ '--menu-top': `${position.top}px`, '--menu-right': `${position.right}px` } as React.CSSProperties)
            : undefined
        }
        className="fixed inset-x-0 bottom-0 z-[10001] rounded-t-2xl border border-line bg-surface p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] text-ink shadow-2xl sm:inset-x-auto sm:top-[var(--menu-top)] sm:right-[var(--menu-right)] sm:bottom-auto sm:w-60 sm:rounded-xl sm:pb-2"
        data-testid="share-menu"
      >
        <p className="px-3 pt-2 pb-1 text-sm font-medium text-ink-muted sm:hidden">{t('sharing.menu.title')}</p>
        {items.map((item) => {
          const Icon = item.icon
          const content = (
            <>
              <Icon aria-hidden className={cn('size-5 shrink-0 sm:size-4', item.iconClass)} />
              {item.label}
            </>
          )
          return 'href' in item ? (
            <a
              key={item.key}
              role="menuitem"
              tabIndex={-1}
              href={item.href}
              data-share={item.key}
              className={itemClass}
              onClick={() => close()}
              {...(item.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {content}
            </a>
          ) : (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-share={item.key}
              className={itemClass}
              onClick={() => {
                item.onSelect()
                close()
              }}
            >
              {content}
            </button>
          )
        })}
      </div>
    </div>
  )

  return portal ? createPortal(menu, portal) : null
}
