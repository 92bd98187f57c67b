import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATE, GALLERY_LAYOUTS, gridGeometry, pageTemplateOf, templateFrameClass } from './page-template'
import { ZPageTemplate } from './page-template.schema'

describe('page template', () => {
  it('reads a stored template, each unknown or missing choice falling back to the default', () => {
    expect(pageTemplateOf({})).toEqual(DEFAULT_TEMPLATE)
    expect(pageTemplateOf(null)).toEqual(DEFAULT_TEMPLATE)
    expect(pageTemplateOf({ layout: 'masonry', canvas: 'sepia', type: 'classic', extra: 1 })).toEqual({
      ...DEFAULT_TEMPLATE,
      layout: 'masonry',
      type: 'classic',
    })
  })

  it('accepts only the listed choices from the form, with a message key for the rest', () => {
    expect(ZPageTemplate.parse({ ...DEFAULT_TEMPLATE, layout: 'editorial' }).layout).toBe('editorial')
    const refused = ZPageTemplate.safeParse({ ...DEFAULT_TEMPLATE, canvas: 'url(javascript:1)' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['canvas', 'validation.invalidOption'],
    ])
    expect(ZPageTemplate.safeParse({ layout: 'square' }).success).toBe(false)
  })

  it('names the canvas and type classes of the page frame', () => {
    expect(templateFrameClass(DEFAULT_TEMPLATE)).toBe('theme-night type-modern')
    expect(templateFrameClass({ canvas: 'light', type: 'mono' })).toBe('theme-light type-mono')
  })

  it('gives each layout its own variables, larger thumbnails fewer columns, and image sizes that fit the tile', () => {
    for (const layout of GALLERY_LAYOUTS)
      expect(gridGeometry({ ...DEFAULT_TEMPLATE, layout }).variables['--gap']).toBeDefined()
    const small = gridGeometry({ layout: 'square', thumbSize: 'small', spacing: 'tight' })
    const large = gridGeometry({ layout: 'square', thumbSize: 'large', spacing: 'tight' })
    expect(Number(small.variables['--cols-sm'])).toBeGreaterThan(Number(large.variables['--cols-sm']))
    expect(large.sizesOf(1.5)).toBe('(max-width: 640px) 50vw, 368px')
    expect(gridGeometry({ layout: 'editorial', thumbSize: 'medium', spacing: 'none' }).variables).toMatchObject({
      '--gap': '0px',
      '--column': '960px',
    })
    const justified = gridGeometry(DEFAULT_TEMPLATE)
    expect(justified.variables).toMatchObject({ '--row': '130px', '--row-sm': '240px', '--gap': '4px' })
    // A 3:2 photo in a 240 px row is 360 px wide on a large screen.
    expect(justified.sizesOf(1.5)).toBe('(max-width: 640px) 50vw, 360px')
  })
})
