import pg from 'pg'
import { connectionErrorFields, logger } from './logger.server'

/**
 * A pg client that a lost server cannot take the process down with. pg's pool listens for errors
 * only on idle clients; a client checked out (a request's transaction, an upload's lock) when
 * PostgreSQL restarts, fails over or is killed emits 'error' with no listener, which Node turns
 * into an uncaught exception. Here the error is logged; the query under way is rejected by pg
 * itself, and the pool drops the client when it is released (it is no longer queryable).
 */
export class OutageSafeClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    this.on('error', (error) => logger.warn(connectionErrorFields(error), 'database connection lost while in use'))
  }
}
