import { ChevronDown } from 'lucide-react'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { formatDay } from '#app/lib/format-date'
import { Link } from 'react-router'
import { POLICY_LAST_UPDATED, POLICY_VERSION, type LegalBlock, type LegalDocument } from '../legal-document'

const MARKS = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|`([^`]+)`/g

/** [label](href), **bold** and `code` inside a policy's text. */
function Inline({ text }: { text: string }) {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(MARKS)) {
    if (match.index > last) parts.push(text.slice(last, match.index))
    const [, label, href, bold, code] = match
    const key = match.index
    if (label && href) {
      parts.push(
        href.startsWith('/') ? (
          <Link
            key={key}
            to={href}
            className="font-medium text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
          >
            {label}
          </Link>
        ) : (
          <a
            key={key}
            href={href}
            className="font-medium break-all text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
          >
            {label}
          </a>
        ),
      )
    } else if (bold) {
      parts.push(
        <strong key={key} className="font-semibold text-ink">
          {bold}
        </strong>,
      )
    } else if (code) {
      parts.push(
        <code
          key={key}
          className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-[0.85em] whitespace-nowrap text-ink"
        >
          {code}
        </code>,
      )
    }
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return <>{parts}</>
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <Inline text={block} />
      </p>
    )
  }
  if ('list' in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-accent">
        {block.list.map((item) => (
          <li key={item} className="pl-1">
            <Inline text={item} />
          </li>
        ))}
      </ul>
    )
  }
  const { head, rows } = block.table
  return (
    <>
      {/* Phones read each row as a card; wider screens get the table. */}
      <div className="space-y-3 md:hidden">
        {rows.map((row, rowIndex) => (
          <dl key={rowIndex} className="rounded-xl border border-line bg-surface-muted p-4 text-[15px]">
            {row.map((cell, cellIndex) => (
              <div key={cellIndex} className={cellIndex === 0 ? '' : 'mt-2.5'}>
                <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{head[cellIndex]}</dt>
                <dd className={cellIndex === 0 ? 'mt-0.5 font-semibold text-ink' : 'mt-0.5'}>
                  <Inline text={cell} />
                </dd>
              </div>
            ))}
          </dl>
        ))}
      </div>
      <div className="hidden overflow-hidden rounded-xl border border-line md:block">
        <table className="w-full border-collapse text-left text-[15px]">
          <thead className="bg-surface-muted text-sm text-ink">
            <tr>
              {head.map((cell) => (
                <th key={cell} scope="col" className="px-4 py-3 font-semibold">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-t border-line align-top">
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex} className={cellIndex === 0 ? 'px-4 py-3 font-medium text-ink' : 'px-4 py-3'}>
                    <Inline text={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/**
 * A policy laid out for reading: title, summary, version and date, a table of contents (a
 * sticky column on wide screens, a fold-out on phones), then the numbered sections.
 */
export function PolicyArticle({
  document,
  eyebrow,
  nav,
}: {
  document: LegalDocument
  eyebrow: string
  nav?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const contents = (
    <ol className="space-y-1 text-sm">
      {document.sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="flex gap-3 rounded-md px-2 py-1.5 text-ink-muted transition-colors hover:bg-white/5 hover:text-ink"
          >
            <span className="w-5 shrink-0 text-right tabular-nums opacity-60">{index + 1}</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  )
  return (
    <article className="mx-auto max-w-6xl px-4 pt-10 pb-24 sm:px-6 sm:pt-16" data-testid="policy-document">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-3xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">
          {document.title}
        </h1>
        <p className="mt-5 text-lg leading-relaxed text-ink-muted">{document.summary}</p>
        <p className="mt-5 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          <span>{t('legal.version', { version: POLICY_VERSION })}</span>
          <span aria-hidden className="hidden sm:inline">
            ·
          </span>
          <span>{t('legal.lastUpdated', { date: formatDay(POLICY_LAST_UPDATED, i18n.language) })}</span>
        </p>
        {nav}
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[240px_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="policy-contents" className="lg:sticky lg:top-24 lg:self-start">
          <details className="group rounded-xl border border-line bg-surface-muted lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
              <span id="policy-contents">{t('legal.contents')}</span>
              <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
            </summary>
            <div className="border-t border-line p-2">{contents}</div>
          </details>
          <div className="hidden lg:block">
            <p className="px-2 text-xs font-semibold tracking-widest text-ink-muted uppercase">{t('legal.contents')}</p>
            <div className="mt-3">{contents}</div>
          </div>
        </nav>

        <div className="max-w-[72ch] min-w-0 space-y-14 text-[17px] leading-relaxed text-ink/85">
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2
                id={`${section.id}-title`}
                className="flex gap-3 text-xl font-semibold tracking-tight text-ink sm:text-2xl"
              >
                <span className="text-accent tabular-nums">{index + 1}.</span>
                <span>{section.title}</span>
              </h2>
              <div className="mt-5 space-y-4">
                {section.body.map((block, blockIndex) => (
                  <Fragment key={blockIndex}>
                    <Block block={block} />
                  </Fragment>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  )
}
