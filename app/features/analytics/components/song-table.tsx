import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import { useTranslation } from '#app/lib/react-i18n'
import type { GallerySongs } from '../server/read-song-engagement.server'

/**
 * Views and downloads per song of each gallery with a set-list (ADR 063), in the show's order:
 * the song fans looked for first stands out at a glance.
 */
export function SongTables({ galleries }: { galleries: GallerySongs[] }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-muted">{t('analytics.admin.songs.note')}</p>
      {galleries.map((gallery) => {
        const title = gallery.title ?? t('analytics.admin.untitled')
        const most = Math.max(...gallery.songs.map((song) => song.views), 0)
        return (
          <div key={gallery.contentItemId} className="space-y-2" data-testid="song-gallery">
            <h3 className="truncate font-medium">{title}</h3>
            <Table label={`${t('analytics.admin.tables.song')}: ${title}`} density="dense" className="min-w-[560px]">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('analytics.admin.columns.song')}</TableHead>
                  <TableHead numeric>{t('analytics.admin.columns.files')}</TableHead>
                  <TableHead numeric>{t('analytics.admin.columns.views')}</TableHead>
                  <TableHead numeric>{t('analytics.admin.columns.downloads')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {gallery.songs.map((song) => (
                  <TableRow key={song.key} data-testid="song-row">
                    <TableCell className="max-w-72 truncate">
                      {song.number === null
                        ? t('setlistFans.more')
                        : t('setlistFans.chapterName', { number: song.number, title: song.title })}
                    </TableCell>
                    <TableCell numeric data-figure="files">
                      {number.format(song.files)}
                    </TableCell>
                    <TableCell numeric data-figure="views">
                      {/* A bar behind the figure: the night's peaks show without reading every number. */}
                      <span className="relative inline-flex min-w-16 justify-end">
                        <span
                          aria-hidden
                          className="absolute inset-y-0 right-0 rounded-sm bg-accent/15"
                          style={{ width: most > 0 ? `${(song.views / most) * 100}%` : 0 }}
                        />
                        <span className="relative px-1">{number.format(song.views)}</span>
                      </span>
                    </TableCell>
                    <TableCell numeric data-figure="downloads">
                      {number.format(song.downloads)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )
      })}
    </div>
  )
}
