import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` is used: it diffs db/schema.ts against the committed
// snapshots and writes SQL. The app applies the SQL itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
})
