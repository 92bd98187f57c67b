import { describe, expect, it } from 'vitest'
import { COMMENT_DOOR } from '#app/features/galleries/comments/server/comment-rate-limit.server'
import { DOWNLOAD_PIN_DOOR, GALLERY_PASSWORD_DOOR } from '#app/features/galleries/protection/server/unlock-doors.server'
import { MARKETING_FORM_DOOR } from '#app/features/marketing/server/marketing-form-rate-limit.server'
import { FAN_EVENTS_DOOR } from '#app/features/analytics/server/event-door.server'
import { firstRefusal, knockOf, refusalAt, rememberAt, type RefusalDoor } from '#app/lib/refusal-door.server'

const knock = (url: string, extra: { method?: string; address?: string; headers?: Record<string, string> } = {}) =>
  knockOf({
    method: extra.method ?? 'POST',
    host: 'fans.test',
    url,
    address: extra.address ?? '10.0.0.1',
    header: (name) => extra.headers?.[name] ?? '',
  })

describe('a knock', () => {
  it('is the form’s own address, whether the browser or the page’s script sent it', () => {
    expect(knock('/acme/galeria/night.data?intent=comment')).toMatchObject({
      path: '/acme/galeria/night',
      fromScript: true,
    })
    expect(knock('/_root.data?index&kind=contact')).toMatchObject({ path: '/', fromScript: true })
    expect(knock('/acme/galeria/night')).toMatchObject({ path: '/acme/galeria/night', fromScript: false })
    expect(knock('/x', { method: 'post' }).method).toBe('POST')
    // A script's fetch asking for JSON waits for the route's own answer too.
    expect(knock('/acme/galeria/night/live', { headers: { accept: 'application/json' } }).fromScript).toBe(true)
  })
})

describe('the doors', () => {
  it('take comments on galleries and players, never the view their page counts', () => {
    for (const path of ['/acme/galeria/night', '/galeria/night', '/acme/player/abc', '/player/abc'])
      expect(COMMENT_DOOR.opens(knock(path))).toBe(true)
    expect(COMMENT_DOOR.opens(knock('/acme/galeria/night.data?intent=comment'))).toBe(true)
    expect(COMMENT_DOOR.opens(knock('/acme/galeria/night.data'))).toBe(false)
    expect(COMMENT_DOOR.opens(knock('/acme/galeria/night/acesso'))).toBe(false)
    expect(COMMENT_DOOR.opens(knock('/acme/galeria/night', { method: 'GET' }))).toBe(false)
  })

  it('count a password per gallery page and a PIN per download, so another gallery is another limit', () => {
    const night = knock('/acme/galeria/night/acesso')
    const day = knock('/acme/galeria/day/acesso')
    expect(GALLERY_PASSWORD_DOOR.opens(night)).toBe(true)
    expect(GALLERY_PASSWORD_DOOR.keyOf!(night)).not.toBe(GALLERY_PASSWORD_DOOR.keyOf!(day))
    const one = knock('/download/pin?next=%2Fdownload%2Ffile%2F1')
    const two = knock('/download/pin?next=%2Fdownload%2Ffile%2F2')
    expect(DOWNLOAD_PIN_DOOR.keyOf!(one)).not.toBe(DOWNLOAD_PIN_DOOR.keyOf!(two))
    // A post that does not name its download is counted as usual, by the gallery it turns out to be.
    expect(DOWNLOAD_PIN_DOOR.opens(knock('/download/pin'))).toBe(false)
  })

  it('tell fans’ browsers apart behind one address, and keep no address in clear', () => {
    const one = knock('/api/events', { headers: { 'user-agent': 'Phone A' } })
    const two = knock('/api/events', { headers: { 'user-agent': 'Phone B' } })
    expect(FAN_EVENTS_DOOR.keyOf!(one)).not.toBe(FAN_EVENTS_DOOR.keyOf!(two))
    expect(FAN_EVENTS_DOOR.keyOf!(one)).not.toContain('10.0.0.1')
  })
})

describe('a refusal kept at a door', () => {
  const door: RefusalDoor = {
    bucket: `test-${Math.random()}`,
    answer: 'page',
    messageKey: 'downloads.errors.tooMany',
    opens: (k) => k.path === '/form',
  }

  it('refuses the same attempt until it ends, and no other', () => {
    const now = 1_000_000
    const attempt = knock('/form')
    expect(refusalAt(door, attempt, now)).toBeNull()
    rememberAt(door, attempt, 30, now)
    expect(refusalAt(door, attempt, now + 1000)).toBe(29)
    expect(refusalAt(door, knock('/form', { address: '10.0.0.2' }), now)).toBeNull()
    expect(refusalAt(door, knock('/elsewhere'), now)).toBeNull()
    expect(firstRefusal([MARKETING_FORM_DOOR, door], attempt, now)).toMatchObject({ door, seconds: 30 })
    expect(refusalAt(door, attempt, now + 30_000)).toBeNull()
  })
})
