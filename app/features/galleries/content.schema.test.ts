import { describe, expect, it } from 'vitest'
import { ZContentAction, ZFilesAltText } from './content.schema'

const ids = ['0b5e2c8e-6f1a-4d3b-9a57-1d2c3b4a5f60', '5c1d7a0e-2b3f-4e6a-8d9c-0a1b2c3d4e5f']

describe('what the editor’s bulk bar posts', () => {
  it('takes one alt text for the selection, trimmed, refusing an empty or too long one with its reason', () => {
    expect(ZFilesAltText.parse('  The crowd at the encore ')).toBe('The crowd at the encore')
    expect(ZFilesAltText.safeParse('   ').error?.issues[0].message).toBe('studio.editor.bulk.errors.altRequired')
    expect(ZFilesAltText.safeParse('a'.repeat(501)).error?.issues[0].message).toBe(
      'studio.editor.bulk.errors.altTooLong',
    )
    expect(ZFilesAltText.safeParse('a'.repeat(500)).success).toBe(true)
  })

  it('reads a selection as distinct ids, and refuses one that is not an id or is empty', () => {
    expect(
      ZContentAction.parse({
        intent: 'files-visibility',
        visibility: 'hidden',
        assetIds: `${ids[0]},${ids[1]},${ids[0]}`,
      }),
    ).toEqual({ intent: 'files-visibility', visibility: 'hidden', assetIds: ids })
    expect(ZContentAction.safeParse({ intent: 'files-order-captured', assetIds: '' }).success).toBe(false)
    expect(ZContentAction.safeParse({ intent: 'files-move', targetId: ids[1], assetIds: 'x' }).success).toBe(false)
    expect(
      ZContentAction.safeParse({ intent: 'files-visibility', visibility: 'public', assetIds: ids[0] }).success,
    ).toBe(false)
  })
})
