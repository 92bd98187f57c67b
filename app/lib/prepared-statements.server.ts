import { createHash } from 'node:crypto'
import { OutageSafeClient } from './outage-safe-client.server'

/*
 * Row-level security makes PostgreSQL plan every query with each table's policies folded in:
 * a fan's gallery page spent far more of its server time planning its reads (the gallery's own
 * row most of all) than running them. A statement prepared by name on a
 * connection is planned once PostgreSQL has seen it five times (its generic plan; the policies
 * read their settings when the plan runs), so the statements this process runs again and again
 * are prepared, once per connection, by a name made from their text (ADR 068).
 *
 * Bounded on purpose: a statement is prepared only from its third run in this process (one-off
 * reports and lists of ids of every length are not kept) and a connection keeps at most
 * MAX_PER_CONNECTION of them (a cached plan of a policy-heavy read takes a good deal of its backend's memory).
 */

/** Runs of one text in this process before it is prepared. */
export const RUNS_BEFORE_PREPARING = 3
export const MAX_PER_CONNECTION = 100
/** Texts counted at most, so the counts cannot grow without end (they start over). */
const MAX_COUNTED = 5000
const MAX_TEXT_LENGTH = 16_384

/** Counts the runs of each statement text and says which are run often enough to keep prepared. */
export class StatementRuns {
  private runs = new Map<string, number>()

  /** Counts one run of `text`; true once it has run `RUNS_BEFORE_PREPARING` times. */
  count(text: string) {
    const runs = (this.runs.get(text) ?? 0) + 1
    if (runs >= RUNS_BEFORE_PREPARING) return true
    if (this.runs.size >= MAX_COUNTED) this.runs.clear()
    this.runs.set(text, runs)
    return false
  }
}

/** The name a statement is prepared by: the same text gets the same name on every connection. */
export function statementName(text: string) {
  return `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
}

const processRuns = new StatementRuns()

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }

/** A pg client that prepares, by name, the parameterised statements this process runs often. */
export class PreparingClient extends OutageSafeClient {
  private prepared = new Set<string>()

  // pg's own overloads: a config object (drizzle's), a text, or a Query; only the first is named.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const named = this.named(config, values)
    return (super.query as (...args: unknown[]) => never)(named, values, callback)
  }

  private named(config: unknown, values: unknown) {
    if (typeof config !== 'object' || config === null) return config
    const query = config as QueryConfig
    if (typeof query.submit === 'function' || query.name !== undefined || typeof query.text !== 'string') return config
    const parameters = Array.isArray(values) ? values : query.values
    // Without parameters a text may hold several statements, which cannot be prepared.
    if (!Array.isArray(parameters) || parameters.length === 0 || query.text.length > MAX_TEXT_LENGTH) return config
    if (!processRuns.count(query.text)) return config
    const name = statementName(query.text)
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= MAX_PER_CONNECTION) return config
      this.prepared.add(name)
    }
    return { ...query, name }
  }
}
