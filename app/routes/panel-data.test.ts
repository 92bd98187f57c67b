import { describe, expect, it } from 'vitest'
import * as live from '#app/routes/admin/content.live'
import * as protection from '#app/routes/admin/content.protection'
import * as setlist from '#app/routes/admin/content.$id.setlist'
import routes from '#app/routes'
import { PANEL_ROUTE_CLIENT, PANEL_ROUTES } from '#app/lib/panel-data'

/** Every route id of the app's route table (React Router names a route by its file, without the extension). */
function routeIds(entries: { file: string; id?: string; children?: unknown[] }[]): string[] {
  return entries.flatMap((entry) => [
    entry.id ?? entry.file.replace(/\.tsx?$/, ''),
    ...routeIds((entry.children ?? []) as typeof entries),
  ])
}

describe('the panels’ routes as the browser knows them', () => {
  it('export exactly the browser code the panels register for them, under the ids the route table gives them', () => {
    for (const module of [live, protection, setlist]) {
      expect(module.clientLoader).toBe(PANEL_ROUTE_CLIENT.clientLoader)
      expect(module.shouldRevalidate).toBe(PANEL_ROUTE_CLIENT.shouldRevalidate)
    }
    const ids = routeIds(routes as Parameters<typeof routeIds>[0])
    for (const id of Object.values(PANEL_ROUTES)) expect(ids).toContain(id)
  })
})
