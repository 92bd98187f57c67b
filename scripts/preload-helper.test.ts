// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { compactPreloadHelper } from './bundle-splitting'

type Preload = (load: () => Promise<unknown>, deps?: string[]) => Promise<unknown>

/** A fresh copy of the helper the browser build gets (its module body, run as a function). */
function helper(): Preload {
  return new Function(compactPreloadHelper('/').replace('export const __vitePreload =', 'return'))() as Preload
}

const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`)

describe("the browser build's preload helper", () => {
  afterEach(() => {
    document.head.innerHTML = ''
  })

  it('imports the chunk at once, preloads its scripts alongside, and answers once its stylesheets are in', async () => {
    const preload = helper()
    const load = vi.fn(async () => 'chunk')
    let answered = false
    const loading = preload(load, ['assets/like-1.js', 'assets/viewer-2.css']).then(
      (module) => ((answered = true), module),
    )
    expect(load).toHaveBeenCalledTimes(1)
    expect(links()).toEqual(['modulepreload /assets/like-1.js', 'stylesheet /assets/viewer-2.css'])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(answered).toBe(false)
    document.head.querySelector('link[rel=stylesheet]')!.dispatchEvent(new Event('load'))
    expect(await loading).toBe('chunk')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('holds a chunk that failed while its stylesheets load: no unhandled rejection, the failure announced once they are in', async () => {
    const preload = helper()
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    const failing = preload(() => Promise.reject(new Error('chunk gone')), ['assets/viewer-4.css'])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(unhandled).not.toHaveBeenCalled()
    document.head.querySelector('link[rel=stylesheet]')!.dispatchEvent(new Event('load'))
    await expect(failing).rejects.toThrow('chunk gone')
    process.off('unhandledRejection', unhandled)
  })

  it('adds nothing the page has already, and loads at once without files', async () => {
    document.head.innerHTML =
      '<link rel="modulepreload" href="/assets/like-1.js"><link rel="stylesheet" href="/assets/viewer-2.css">'
    const preload = helper()
    expect(await preload(async () => 'chunk', ['assets/like-1.js', 'assets/viewer-2.css'])).toBe('chunk')
    expect(await preload(async () => 'plain')).toBe('plain')
    expect(links()).toHaveLength(2)
  })

  it('announces a failure as vite:preloadError before throwing it, unless a listener handles it', async () => {
    const preload = helper()
    const seen = vi.fn()
    window.addEventListener('vite:preloadError', seen)
    const failing = preload(async () => 'chunk', ['assets/viewer-3.css'])
    document.head.querySelector('link[rel=stylesheet]')!.dispatchEvent(new Event('error'))
    await expect(failing).rejects.toThrow('Unable to preload CSS for /assets/viewer-3.css')
    expect(seen).toHaveBeenCalledTimes(1)
    const handled = (event: Event) => event.preventDefault()
    window.addEventListener('vite:preloadError', handled)
    await expect(preload(() => Promise.reject(new Error('chunk gone')))).resolves.toBeUndefined()
    window.removeEventListener('vite:preloadError', seen)
    window.removeEventListener('vite:preloadError', handled)
  })
})
