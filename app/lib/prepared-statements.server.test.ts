import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  MAX_PER_CONNECTION,
  PreparingClient,
  RUNS_BEFORE_PREPARING,
  StatementRuns,
  statementName,
} from './prepared-statements.server'

/** What the client hands pg for each query, without a server: pg's own query is only watched. */
function watchedClient() {
  const sent: Array<{ text?: string; name?: string }> = []
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(((config: { text?: string; name?: string }) => {
    sent.push(config)
    return Promise.resolve({ rows: [] })
  }) as never)
  return { client: new PreparingClient(), sent }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('statements prepared by name', () => {
  it('prepares a parameterised statement from its third run, by a name its text alone decides', () => {
    const { client, sent } = watchedClient()
    const text = `select id from companies where slug = $1 -- ${Math.random()}`
    for (let run = 0; run < 4; run++) client.query({ text }, ['demo'])
    expect(sent.map((config) => config.name)).toEqual([undefined, undefined, statementName(text), statementName(text)])
    expect(RUNS_BEFORE_PREPARING).toBe(3)
    expect(statementName(text)).toBe(statementName(`${text}`))
    expect(statementName(text)).not.toBe(statementName(`${text} `))
  })

  it('leaves alone texts without parameters (they may hold several statements), named ones and pg Query objects', () => {
    const { client, sent } = watchedClient()
    const plain = `begin; select 1; commit -- ${Math.random()}`
    for (let run = 0; run < 4; run++) client.query({ text: plain }, [])
    for (let run = 0; run < 4; run++) client.query(plain)
    for (let run = 0; run < 4; run++) client.query({ text: `select $1::int -- ${Math.random()}`, name: 'chosen' }, [1])
    expect(sent.filter((config) => typeof config === 'object' && config.name && config.name !== 'chosen')).toEqual([])
    const query = new pg.Query(`select $1::int -- ${Math.random()}`, [1])
    for (let run = 0; run < 4; run++) client.query(query)
    expect((query as { name?: string }).name).toBeUndefined()
  })

  it('keeps at most its share of statements on one connection; the rest run as before', () => {
    const { client, sent } = watchedClient()
    const texts = Array.from(
      { length: MAX_PER_CONNECTION + 5 },
      (_, index) => `select $1::int + ${index} -- ${Math.random()}`,
    )
    for (let run = 0; run < RUNS_BEFORE_PREPARING; run++)
      for (const text of texts) client.query({ text, values: [run] })
    const lastRound = sent.slice(-texts.length)
    expect(lastRound.filter((config) => config.name).length).toBe(MAX_PER_CONNECTION)
    // A statement kept before is still used by name once the connection is full.
    client.query({ text: texts[0], values: [9] })
    expect(sent.at(-1)?.name).toBe(statementName(texts[0]))
  })

  it('counts runs of a text until it is known to be run often', () => {
    const runs = new StatementRuns()
    const text = `select $1 -- ${Math.random()}`
    expect([runs.count(text), runs.count(text), runs.count(text), runs.count(text)]).toEqual([false, false, true, true])
  })
})
