import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react'

/*
 * lucide-react's `createLucideIcon` (with its Icon component, class helpers and default
 * attributes) in fewer bytes, for the built app, server and browser alike (compactLucideIcons()
 * in bundle-splitting.ts), so pages hydrate over the same markup. The same drawing and the same
 * accessibility as lucide's, without the parts no page reads: lucide's own class names
 * (`lucide lucide-download`; no style or test selects them) and the `xmlns` an SVG inside HTML
 * does not need. bundle-splitting.test.ts compares the two.
 */

type IconNode = [tag: string, attributes: Record<string, string>][]
type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string
  absoluteStrokeWidth?: boolean
  children?: ReactNode
}

export default function createLucideIcon(_name: string, iconNode: IconNode) {
  return forwardRef<SVGSVGElement, IconProps>(
    ({ color = 'currentColor', size = 24, strokeWidth = 2, absoluteStrokeWidth, children, ...rest }, ref) =>
      createElement(
        'svg',
        {
          ref,
          width: size,
          height: size,
          viewBox: '0 0 24 24',
          fill: 'none',
          stroke: color,
          strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * 24) / Number(size) : strokeWidth,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          // lucide's rule: an icon with no name of its own is decoration.
          ...(!children &&
            !Object.keys(rest).some((prop) => prop.startsWith('aria-') || prop === 'role' || prop === 'title') && {
              'aria-hidden': 'true',
            }),
          ...rest,
        },
        [
          ...iconNode.map(([tag, attributes]) => createElement(tag, attributes)),
          ...(Array.isArray(children) ? children : [children]),
        ],
      ),
  )
}
