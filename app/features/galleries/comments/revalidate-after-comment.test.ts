import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { COMMENT_INTENT } from './comment-rules'
import { revalidateAfterComment } from './revalidate-after-comment'

const gallery = new URL('https://example.test/demo/galeria/night')
const videos = new URL('https://example.test/demo/galeria/night?type=videos')

function args(intent: string, nextUrl: URL, actionResult?: unknown) {
  const formData = new FormData()
  formData.set('intent', intent)
  return {
    currentUrl: gallery,
    nextUrl,
    formData,
    actionResult,
    defaultShouldRevalidate: true,
  } as unknown as ShouldRevalidateFunctionArgs
}

describe('revalidateAfterComment', () => {
  it('keeps the page after a comment that waits for review', () => {
    expect(revalidateAfterComment(args(COMMENT_INTENT, new URL(gallery), { status: 'pending' }))).toBe(false)
  })

  it('reloads after a comment that went live', () => {
    expect(revalidateAfterComment(args(COMMENT_INTENT, new URL(gallery), { status: 'published' }))).toBe(true)
  })

  it('loads the tab a fan tapped while a comment was being sent, and after anything else', () => {
    expect(revalidateAfterComment(args('other', new URL(gallery)))).toBe(true)
    expect(revalidateAfterComment(args(COMMENT_INTENT, videos, { status: 'pending' }))).toBe(true)
  })
})
