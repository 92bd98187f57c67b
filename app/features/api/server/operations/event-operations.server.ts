import { ZEventForm, type EventStatus } from '#app/features/events/events.schema'
import { attachContent } from '#app/features/events/server/attach-content.server'
import { changeEventStatus } from '#app/features/events/server/change-event-status.server'
import { createEvent } from '#app/features/events/server/create-event.server'
import { deleteEvent } from '#app/features/events/server/delete-event.server'
import { getEvent } from '#app/features/events/server/get-event.server'
import { listEvents } from '#app/features/events/server/list-events.server'
import { updateEvent } from '#app/features/events/server/update-event.server'
import {
  decodeCursor,
  encodeCursor,
  eventFormFields,
  ZEvent,
  ZEventBody,
  ZEventContentParams,
  ZEventPage,
  ZIdParam,
  ZPageQuery,
  ZUpdateEvent,
  type TEventBody,
} from '#app/features/api/api-v1.schema'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import { defineOperation } from '../api-operation.server'
import { INVALID, iso, NOT_FOUND, withProblems } from './responses.server'

/* Events through the API, with the event editor's own use-cases and form rules. */

/** Stored as the venue's wall-clock time in UTC (see ZEventForm): shown as such, without a zone. */
const wallClock = (value: Date | null) => (value ? value.toISOString().slice(0, 16) : null)

async function readEvent(context: TenantContext, id: string) {
  const { event, attached } = await getEvent(context, id)
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    description: event.description,
    startsAt: wallClock(event.startsAt),
    venue: event.venue,
    location: event.location,
    status: event.status as EventStatus,
    participantCount: event.participantCount,
    isFree: event.isFree,
    spots: event.spots,
    contentIds: attached.map((item) => item.id),
    createdAt: iso(event.createdAt)!,
    updatedAt: iso(event.updatedAt)!,
  }
}

/** The editor's form rules on the API's JSON; its first refusal, in the caller's words. */
function eventForm(body: Partial<TEventBody>) {
  const parsed = ZEventForm.safeParse(eventFormFields(body))
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'api.errors.invalid', {
      field: parsed.error.issues[0]?.path.join('.'),
    })
  return parsed.data
}

const STATUS_VERBS: Array<[string, EventStatus, string]> = [
  ['publish', 'published', 'Publish: fans see its page'],
  ['cancel', 'cancelled', 'Mark as cancelled'],
  ['unpublish', 'draft', 'Back to draft'],
]

export const eventOperations = [
  defineOperation({
    operationId: 'listEvents',
    method: 'get',
    path: '/events',
    tag: 'Events',
    summary: 'List events',
    description: 'Newest first; `nextCursor` gives the next page.',
    permission: 'dashboard.read',
    scope: 'events:read',
    query: ZPageQuery,
    responses: withProblems({ 200: { description: 'A page of events', schema: ZEventPage } }, INVALID),
    async handle(context, { query }) {
      const after = decodeCursor(query.cursor)
      if (query.cursor && !after) throw new AppError('BAD_REQUEST', 'api.errors.cursor')
      const rows = await listEvents(context, { after, limit: query.limit })
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        status: 200,
        body: {
          items: page.map((row) => ({
            id: row.id,
            slug: row.slug,
            title: row.title,
            startsAt: wallClock(row.startsAt),
            venue: row.venue,
            location: row.location,
            status: row.status,
            isFree: row.isFree,
            spots: row.spots,
            contentCount: row.contentCount,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
          })),
          nextCursor: rows.length > query.limit && last ? encodeCursor(last.position, last.id) : null,
        },
      }
    },
  }),
  defineOperation({
    operationId: 'createEvent',
    method: 'post',
    path: '/events',
    tag: 'Events',
    summary: 'Create an event (a draft)',
    permission: createEvent.need,
    scope: 'events:write',
    body: ZEventBody,
    etag: true,
    responses: withProblems({ 201: { description: 'Created', schema: ZEvent } }, INVALID, [
      409,
      'The slug is taken, or the Idempotency-Key was used for another request.',
    ]),
    async handle(context, { body }) {
      const created = await createEvent(context, eventForm(body))
      return {
        status: 201,
        body: await readEvent(context, created.id),
        headers: { Location: `/api/v1/events/${created.id}` },
      }
    },
  }),
  defineOperation({
    operationId: 'getEvent',
    method: 'get',
    path: '/events/{id}',
    tag: 'Events',
    summary: 'Get one event',
    permission: 'dashboard.read',
    scope: 'events:read',
    params: ZIdParam,
    etag: true,
    responses: withProblems({ 200: { description: 'The event', schema: ZEvent } }, NOT_FOUND),
    handle: async (context, { params }) => ({ status: 200, body: await readEvent(context, params.id) }),
  }),
  defineOperation({
    operationId: 'updateEvent',
    method: 'patch',
    path: '/events/{id}',
    tag: 'Events',
    summary: 'Change an event',
    description: 'Only the fields sent change; `If-Match` guards against lost updates (412).',
    permission: updateEvent.need,
    scope: 'events:write',
    params: ZIdParam,
    body: ZUpdateEvent,
    etag: true,
    current: (context, params) => readEvent(context, params.id),
    responses: withProblems({ 200: { description: 'The event as it is now', schema: ZEvent } }, INVALID, NOT_FOUND, [
      412,
      'If-Match names a version that is no longer current.',
    ]),
    async handle(context, { params, body }) {
      const current = await readEvent(context, params.id)
      await updateEvent(context, params.id, eventForm({ ...current, ...body }))
      return { status: 200, body: await readEvent(context, params.id) }
    },
  }),
  ...STATUS_VERBS.map(([verb, status, summary]) =>
    defineOperation({
      operationId: `${verb}Event`,
      method: 'post',
      path: `/events/{id}/${verb}`,
      tag: 'Events',
      summary,
      permission: changeEventStatus.need,
      scope: 'events:write',
      params: ZIdParam,
      etag: true,
      responses: withProblems({ 200: { description: 'The event as it is now', schema: ZEvent } }, NOT_FOUND),
      async handle(context, { params }) {
        await changeEventStatus(context, params.id, status)
        return { status: 200, body: await readEvent(context, params.id) }
      },
    }),
  ),
  defineOperation({
    operationId: 'deleteEvent',
    method: 'delete',
    path: '/events/{id}',
    tag: 'Events',
    summary: 'Delete an event (its galleries stay, without an event)',
    permission: deleteEvent.need,
    scope: 'events:write',
    params: ZIdParam,
    responses: withProblems({ 204: { description: 'Deleted' } }, NOT_FOUND),
    async handle(context, { params }) {
      await deleteEvent(context, params.id)
      return { status: 204 }
    },
  }),
  defineOperation({
    operationId: 'attachContentToEvent',
    method: 'put',
    path: '/events/{id}/content/{contentId}',
    tag: 'Events',
    summary: 'Attach a gallery or item to the event',
    description: "Needs `events:write`; the item's photos count against the plan's photos per event.",
    permission: attachContent.need,
    scope: 'events:write',
    params: ZEventContentParams,
    responses: withProblems({ 200: { description: 'The event as it is now', schema: ZEvent } }, NOT_FOUND),
    async handle(context, { params }) {
      await attachContent(context, params.id, params.contentId, true)
      return { status: 200, body: await readEvent(context, params.id) }
    },
  }),
  defineOperation({
    operationId: 'detachContentFromEvent',
    method: 'delete',
    path: '/events/{id}/content/{contentId}',
    tag: 'Events',
    summary: 'Detach a gallery or item from the event',
    permission: attachContent.need,
    scope: 'events:write',
    params: ZEventContentParams,
    responses: withProblems({ 200: { description: 'The event as it is now', schema: ZEvent } }, NOT_FOUND),
    async handle(context, { params }) {
      await attachContent(context, params.id, params.contentId, false)
      return { status: 200, body: await readEvent(context, params.id) }
    },
  }),
]
