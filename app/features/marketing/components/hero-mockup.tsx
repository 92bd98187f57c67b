import { Download, UserRoundCheck } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { StageArtwork, type PaletteName } from './artwork'

const TILES: Array<{ palette: PaletteName; span: string }> = [
  { palette: 'violet', span: 'col-span-2 aspect-[2/1]' },
  { palette: 'amber', span: 'aspect-square' },
  { palette: 'crimson', span: 'aspect-square' },
  { palette: 'teal', span: 'aspect-square' },
  { palette: 'cobalt', span: 'aspect-square' },
]

/** A phone showing a company's gallery the morning after, drawn with CSS: no image to load. */
export function HeroMockup() {
  const { t } = useTranslation()
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-[300px] sm:max-w-[340px]">
      <div className="absolute -inset-10 rounded-full bg-accent/20 blur-3xl" />
      <div className="relative rounded-[2.5rem] border border-white/15 bg-[#050505] p-2.5 shadow-2xl shadow-black/60">
        <div className="overflow-hidden rounded-[2rem] bg-[#0b0b0c]">
          <StageArtwork palette="violet" seed={2} className="h-36" />
          <div className="-mt-14 px-4 pb-4">
            <div className="relative">
              <p className="text-[10px] font-semibold tracking-widest text-white/70 uppercase">
                {t('home.hero.mock.date')}
              </p>
              <p className="text-lg font-semibold text-white">Vila Farol · Live</p>
            </div>
            <div className="mt-4 grid grid-cols-2 gap-1.5">
              {TILES.map((tile, index) => (
                <StageArtwork
                  key={index}
                  palette={tile.palette}
                  seed={index}
                  crowd={index % 2 === 0}
                  className={`${tile.span} rounded-md`}
                />
              ))}
            </div>
            <div className="mt-3 flex items-center justify-between gap-2 rounded-full bg-white px-3 py-2 text-xs font-semibold whitespace-nowrap text-black">
              <span>{t('home.hero.mock.photos')}</span>
              <span className="inline-flex items-center gap-1">
                <Download className="size-3.5" />
                {t('home.hero.mock.download')}
              </span>
            </div>
          </div>
        </div>
      </div>
      <div className="absolute top-[58%] -left-3 flex items-center gap-2.5 rounded-xl border border-white/10 bg-[#16161a]/95 px-3 py-2.5 shadow-xl backdrop-blur sm:-left-16">
        <span className="grid size-8 place-items-center rounded-full bg-emerald-400/15 text-emerald-300">
          <UserRoundCheck className="size-4" />
        </span>
        <span className="text-xs">
          <span className="block font-semibold text-white">{t('home.hero.mock.lead')}</span>
          <span className="text-white/60">{t('home.hero.mock.leadDetail')}</span>
        </span>
      </div>
    </div>
  )
}
