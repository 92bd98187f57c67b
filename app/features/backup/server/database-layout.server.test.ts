import { describe, expect, it } from 'vitest'
import { describeLayoutDifferences, type DatabaseLayout } from './database-layout.server'

const layout = (): DatabaseLayout => ({
  tables: [
    {
      schema: 'public',
      name: 'assets',
      columns: [
        { name: 'id', type: 'uuid' },
        { name: 'size_bytes', type: 'bigint' },
      ],
    },
  ],
  partitions: [
    {
      schema: 'public',
      name: 'analytics_events_2026_11',
      parent: 'analytics_events',
      bound: "FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00')",
    },
  ],
  sequences: [{ schema: 'public', name: 'assets_live_seq' }],
})

describe('the schema a restore made, against the backup it restores', () => {
  it('matches whatever the order of the columns', () => {
    const made = layout()
    made.tables[0].columns.reverse()
    expect(describeLayoutDifferences(layout(), made)).toEqual([])
  })

  it('names every table, column, partition and sequence that differs, both ways', () => {
    const made = layout()
    made.tables[0].columns = [
      { name: 'id', type: 'text' },
      { name: 'kind', type: 'text' },
    ]
    made.tables.push({ schema: 'public', name: 'extra', columns: [{ name: 'id', type: 'uuid' }] })
    made.partitions = []
    made.sequences.push({ schema: 'public', name: 'other_seq' })
    expect(describeLayoutDifferences(layout(), made)).toEqual([
      'column public.assets.id is uuid in the backup, text here',
      'column public.assets.size_bytes is in the backup but not made here',
      'column public.assets.kind is made here but not in the backup',
      'table public.extra is made here but not in the backup',
      "partition public.analytics_events_2026_11 (of analytics_events FOR VALUES FROM ('2026-11-01 00:00:00+00') TO ('2026-12-01 00:00:00+00')) is in the backup but not made here",
      'sequence public.other_seq is made here but not in the backup',
    ])
    expect(
      describeLayoutDifferences(layout(), {
        tables: [],
        partitions: layout().partitions,
        sequences: layout().sequences,
      }),
    ).toEqual(['table public.assets is in the backup but not made here'])
  })
})
