import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { useTranslation } from './react-i18n'
import type { TOptions } from './translator'

/* `<Trans>`: a text with components around some of its words (forms' consent lines), apart from react-i18n.tsx, which every page loads. */

const TAG = /<(\w+)>(.*?)<\/\1>/s

/** Renders "Read our <policy>privacy policy</policy>." with `components.policy` around the words. */
function withComponents(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = []
  let rest = text
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    if (match.index > 0) nodes.push(rest.slice(0, match.index))
    const [whole, name, inner] = match
    const component = components[name]
    const children = withComponents(inner, components)
    nodes.push(
      isValidElement(component) ? (
        cloneElement(component, { key: nodes.length }, ...children)
      ) : (
        <Fragment key={nodes.length}>{children}</Fragment>
      ),
    )
    rest = rest.slice(match.index + whole.length)
  }
  if (rest) nodes.push(rest)
  return nodes
}

export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string
  values?: TOptions
  components?: Record<string, ReactElement>
}) {
  const { t } = useTranslation()
  return <>{withComponents(t(i18nKey, values), components)}</>
}
