// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '#app/lib/i18n'
import { TranslatorProvider } from '#app/lib/react-i18n'
import pt from '#app/locales/pt.json'
import type { SubscriptionStatusAnswer } from './server/get-subscription-status.server'
import { FIRST_CHECK_DELAY_MS, RETRY_WAITS_MS } from './subscription-check'
import { forgetSubscriptionStatus, useSubscriptionStatus } from './use-subscription-status'

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }))
vi.mock('#app/lib/toast', () => ({ toast: { error: toastError } }))

const STORED: SubscriptionStatusAnswer = {
  subscribed: false,
  subscription_tier: 'professional',
  subscription_end: '2026-12-08T00:00:00.000Z',
  trial_active: true,
  trial_end: '2026-12-08T00:00:00.000Z',
}

function Harness({ onStatus }: { onStatus: (status: SubscriptionStatusAnswer) => void }) {
  onStatus(useSubscriptionStatus(STORED))
  return null
}

function renderInPortuguese(onStatus: (status: SubscriptionStatusAnswer) => void) {
  return render(
    <TranslatorProvider i18n={createI18n('pt', { pt })}>
      <Harness onStatus={onStatus} />
    </TranslatorProvider>,
  )
}

describe("the admin's subscription check", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    forgetSubscriptionStatus()
    vi.unstubAllGlobals()
    vi.useRealTimers()
    toastError.mockReset()
  })

  it('tells the person in their language when the check still fails after its retries, and keeps the stored answer', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 500 })))
    vi.stubGlobal('fetch', fetch)
    const seen: SubscriptionStatusAnswer[] = []
    renderInPortuguese((status) => seen.push(status))
    await act(() =>
      vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS + RETRY_WAITS_MS.reduce((sum, ms) => sum + ms, 0) - 1),
    )
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(toastError).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(fetch).toHaveBeenCalledTimes(4)
    expect(toastError).toHaveBeenCalledExactlyOnceWith('Erro', { description: 'Erro ao verificar a assinatura.' })
    expect(seen.at(-1)).toEqual(STORED)
  })

  it('says nothing when the check answers', async () => {
    const answer = { ...STORED, subscribed: true, trial_active: false, subscription_tier: 'professional' }
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(answer))),
    )
    const seen: SubscriptionStatusAnswer[] = []
    renderInPortuguese((status) => seen.push(status))
    await act(() => vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS))
    expect(seen.at(-1)).toEqual(answer)
    expect(toastError).not.toHaveBeenCalled()
  })
})
