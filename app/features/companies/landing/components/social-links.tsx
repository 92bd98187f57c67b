import {
  AudioLines,
  Facebook,
  Globe,
  Instagram,
  Linkedin,
  MessageCircle,
  Music,
  Music2,
  Twitter,
  Youtube,
  type LucideIcon,
} from 'lucide-react'
import type { SocialNetwork } from '#app/features/companies/company-settings.schema'

const ICONS: Record<SocialNetwork, LucideIcon> = {
  facebook: Facebook,
  instagram: Instagram,
  linkedin: Linkedin,
  twitter: Twitter,
  youtube: Youtube,
  tiktok: Music2,
  spotify: Music,
  soundcloud: AudioLines,
  whatsapp: MessageCircle,
}

/** Names as the networks write them; the same in every language. */
const NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  whatsapp: 'WhatsApp',
}

export function socialNetworkName(network: SocialNetwork) {
  return NAMES[network]
}

/** The company's website and social profiles as a row of icon links (the landing's footer). */
export function SocialLinks({
  website,
  links,
  label,
}: {
  website: string | null
  links: Array<{ network: SocialNetwork; url: string }>
  label: string
}) {
  if (!website && links.length === 0) return null
  const item =
    'grid size-10 place-items-center rounded-full border border-line/70 text-ink-muted transition-colors hover:border-ink-muted hover:text-ink'
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2" data-testid="social-links">
      {website ? (
        <li>
          <a
            href={website}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={new URL(website).hostname}
            title={new URL(website).hostname}
            className={item}
          >
            <Globe aria-hidden className="size-4" />
          </a>
        </li>
      ) : null}
      {links.map(({ network, url }) => {
        const Icon = ICONS[network]
        return (
          <li key={network}>
            <a
              href={url}
              rel="noopener noreferrer"
              target="_blank"
              aria-label={NAMES[network]}
              title={NAMES[network]}
              className={item}
              data-network={network}
            >
              <Icon aria-hidden className="size-4" />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
