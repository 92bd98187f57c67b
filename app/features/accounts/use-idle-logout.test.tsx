// @vitest-environment jsdom
import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDLE_LOGOUT_MS, IDLE_WARNING_MS, useIdleLogout } from './use-idle-logout'

function Harness(props: Parameters<typeof useIdleLogout>[0] & { onReady?: (extend: () => void) => void }) {
  const { extend } = useIdleLogout(props)
  props.onReady?.(extend)
  return null
}

describe('inactivity timers', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('warns at 25 minutes and signs out at 30', () => {
    const onWarning = vi.fn()
    const onLogout = vi.fn()
    render(<Harness onWarning={onWarning} onLogout={onLogout} onActivityPing={vi.fn()} />)
    expect(IDLE_WARNING_MS).toBe(25 * 60_000)
    expect(IDLE_LOGOUT_MS).toBe(30 * 60_000)
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS - 1))
    expect(onWarning).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onWarning).toHaveBeenCalledOnce()
    act(() => vi.advanceTimersByTime(IDLE_LOGOUT_MS - IDLE_WARNING_MS))
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it.each(['mousemove', 'keydown', 'scroll', 'touchstart'])('restarts both timers on %s', (eventName) => {
    const onWarning = vi.fn()
    const onLogout = vi.fn()
    render(<Harness onWarning={onWarning} onLogout={onLogout} onActivityPing={vi.fn()} />)
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS - 1000))
    act(() => void window.dispatchEvent(new Event(eventName)))
    act(() => vi.advanceTimersByTime(IDLE_WARNING_MS - 1000))
    expect(onWarning).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(IDLE_LOGOUT_MS))
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('pings the server on activity at most once a minute, and extend() restarts the timers', () => {
    const onActivityPing = vi.fn()
    const onLogout = vi.fn()
    let extend: () => void = () => undefined
    render(
      <Harness
        onWarning={vi.fn()}
        onLogout={onLogout}
        onActivityPing={onActivityPing}
        onReady={(fn) => (extend = fn)}
      />,
    )
    act(() => void window.dispatchEvent(new Event('keydown')))
    expect(onActivityPing).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(60_000))
    act(() => void window.dispatchEvent(new Event('keydown')))
    act(() => void window.dispatchEvent(new Event('keydown')))
    expect(onActivityPing).toHaveBeenCalledOnce()
    act(() => vi.advanceTimersByTime(IDLE_LOGOUT_MS - 1000))
    act(() => extend())
    act(() => vi.advanceTimersByTime(IDLE_LOGOUT_MS - 1000))
    expect(onLogout).not.toHaveBeenCalled()
  })
})
