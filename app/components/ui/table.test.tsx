// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table'

function Sample({ density }: { density?: 'comfortable' | 'compact' | 'dense' }) {
  return (
    <Table label="Highlights" density={density} className="min-w-[720px]">
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead numeric>Views</TableHead>
          <TableHead fit>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>Night show</TableCell>
          <TableCell numeric>1,204</TableCell>
          <TableCell fit>×</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  )
}

describe('the table primitive', () => {
  afterEach(cleanup)

  it('is a real table with column headers, inside a labelled region that scrolls sideways and takes focus', () => {
    render(<Sample />)
    const region = screen.getByRole('region', { name: 'Highlights' })
    expect(region.className).toContain('overflow-x-auto')
    expect(region.tabIndex).toBe(0)
    const table = within(region).getByRole('table')
    expect(table.className).toContain('min-w-[720px]')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('scope')),
    ).toEqual(['col', 'col', 'col'])
    expect(within(table).getByRole('cell', { name: '1,204' }).className).toContain('text-right tabular-nums')
  })

  it('pads cells by the table density, with one padding class per cell', () => {
    render(<Sample density="compact" />)
    expect(screen.getByRole('columnheader', { name: 'Title' }).className).toContain('px-4 py-3')
    expect(screen.getByRole('cell', { name: 'Night show' }).className).toContain('px-4 py-2.5')
    cleanup()
    render(<Sample density="dense" />)
    const cell = screen.getByRole('cell', { name: 'Night show' })
    expect(cell.className).toContain('px-3 py-3')
    expect(cell.className).not.toContain('px-4')
    expect(screen.getByRole('cell', { name: '×' }).className).toContain('px-2 py-2')
  })
})
