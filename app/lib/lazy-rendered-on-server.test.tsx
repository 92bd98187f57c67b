// @vitest-environment jsdom
import { act, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { lazyRenderedOnServer } from './lazy-rendered-on-server'

// React asks for this before it runs act() outside its own test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const mounted: Array<() => void> = []
afterEach(() => {
  for (const unmount of mounted.splice(0)) act(unmount)
})

function show(Part: ReturnType<typeof lazyRenderedOnServer<object>>) {
  const element = document.createElement('div')
  const root = createRoot(element)
  act(() =>
    root.render(
      <Suspense fallback="waiting">
        <Part />
      </Suspense>,
    ),
  )
  mounted.push(() => root.unmount())
  return element
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))

describe('a part rendered on the server, in the browser', () => {
  it('is fetched as soon as React asks for it', async () => {
    let fetched = 0
    const Part = lazyRenderedOnServer(async () => (fetched++, { default: () => <p>part</p> }))
    const element = show(Part)
    await settle()
    expect(fetched).toBe(1)
    expect(element.textContent).toBe('part')
  })

  it('on demand: waits for the first preload, and a failed fetch waits for the next one', async () => {
    let attempts = 0
    const Part = lazyRenderedOnServer(
      async () => {
        attempts++
        if (attempts === 1) throw new Error('the network went away')
        return { default: () => <p>part</p> }
      },
      { onDemand: true },
    )
    const element = show(Part)
    await settle()
    expect(attempts).toBe(0)
    expect(element.textContent).toBe('waiting')

    await expect(Part.preload()).rejects.toThrow('the network went away')
    await settle()
    expect(element.textContent).toBe('waiting')
    expect(Part.isLoaded()).toBe(false)

    await Part.preload()
    await settle()
    expect(attempts).toBe(2)
    expect(Part.isLoaded()).toBe(true)
    expect(element.textContent).toBe('part')
  })
})
