import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react'

/*
 * lucide-react's `createLucideIcon` (with its Icon component, class helpers and default
 * attributes) in fewer bytes, for the browser build only (compactLucideIcons() in
 * bundle-splitting.ts): the same <svg> for the same props, so pages hydrate over the server's
 * markup, which lucide's own code renders. bundle-splitting.test.ts compares the two.
 */

type IconNode = [tag: string, attributes: Record<string, string>][]
type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; absoluteStrokeWidth?: boolean; children?: ReactNode }

/** lucide's mergeClasses: no blanks, no repeats. */
const joined = (names: Array<string | undefined>) => names.filter((name, index) => name && name.trim() !== '' && names.indexOf(name) === index).join(' ').trim()

export default function createLucideIcon(name: string, iconNode: IconNode) {
  // lucide's toKebabCase(toPascalCase(name)): `share-2` → `share2`, `chevron-down` stays.
  const kebab = name.replace(/[\s-_]+(\w)/g, (_, letter: string) => letter.toUpperCase()).replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()
  return forwardRef<SVGSVGElement, IconProps>(({ color = 'currentColor', size = 24, strokeWidth = 2, absoluteStrokeWidth, className, children, ...rest }, ref) =>
    createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: joined(['lucide', joined([`lucide-${kebab}`, `lucide-${name}`, className])]),
        ...(!children && !Object.keys(rest).some((prop) => prop.startsWith('aria-') || prop === 'role' || prop === 'title') && { 'aria-hidden': 'true' }),
        ...rest,
      },
      [...iconNode.map(([tag, attributes]) => createElement(tag, attributes)), ...(Array.isArray(children) ? children : [children])],
    ),
  )
}
