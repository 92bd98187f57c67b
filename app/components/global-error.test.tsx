// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { GlobalErrorScreen } from './global-error'

describe('the global error screen', () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('speaks the stored language, English by default, with a reload button', () => {
    render(<GlobalErrorScreen />)
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong')
    expect(screen.getByRole('button').textContent).toBe('Reload page')
    cleanup()
    localStorage.setItem('selectedLanguage', 'pt')
    render(<GlobalErrorScreen />)
    expect(screen.getByRole('heading').textContent).toBe('Algo deu errado')
    cleanup()
    render(<GlobalErrorScreen language="fr" />)
    expect(screen.getByRole('button').textContent).toBe('Recharger la page')
  })
})
