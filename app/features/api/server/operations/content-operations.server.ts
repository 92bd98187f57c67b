import type { z } from 'zod'
import { ZContentDetails } from '#app/features/galleries/content.schema'
import { changeContentStatus } from '#app/features/galleries/server/change-content-status.server'
import { createContent } from '#app/features/galleries/server/create-content.server'
import { deleteContent } from '#app/features/galleries/server/delete-content.server'
import { getContentForEdit, type ContentForEdit } from '#app/features/galleries/server/get-content-for-edit.server'
import { listContent } from '#app/features/galleries/server/list-content.server'
import { reorderAssets } from '#app/features/galleries/server/reorder-assets.server'
import { updateContentDetails } from '#app/features/galleries/server/update-content-details.server'
import { AppError } from '#app/lib/errors'
import type { TenantContext } from '#app/access/context'
import {
  decodeCursor,
  encodeCursor,
  ZContent,
  ZContentListQuery,
  ZContentPage,
  ZCreateContent,
  ZIdParam,
  ZMediaList,
  ZMediaOrder,
  ZUpdateContent,
} from '#app/features/api/api-v1.schema'
import { defineOperation } from '../api-operation.server'
import { INVALID, iso, NOT_FOUND, withProblems } from './responses.server'

/*
 * Galleries and single content through the API: each operation calls the use-case the admin's
 * Highlights and editor call, and maps its result to the documented shape.
 */

function contentOf(item: ContentForEdit['item']): z.input<typeof ZContent> {
  return {
    id: item.id,
    kind: item.kind as 'gallery' | 'single',
    slug: item.slug,
    title: item.title,
    description: item.description,
    category: item.category,
    location: item.location,
    happenedOn: item.happenedOn,
    eventId: item.eventId,
    requireLead: item.requireLead,
    status: item.status as 'draft' | 'published' | 'archived',
    coverAssetId: item.shownCoverAssetId ?? null,
    viewCount: item.viewCount,
    downloadCount: item.downloadCount,
    publishedAt: iso(item.publishedAt),
    createdAt: iso(item.createdAt)!,
    updatedAt: iso(item.updatedAt)!,
  }
}

async function readContent(context: TenantContext, id: string) {
  return contentOf((await getContentForEdit(context, id)).item)
}

function mediaOf(files: ContentForEdit['files']) {
  return {
    items: files.map((file) => ({
      id: file.id,
      mediaType: file.mediaType,
      originalName: file.originalName,
      sizeBytes: file.sizeBytes,
      title: file.title,
      description: file.description,
      altText: file.altText,
      width: file.width,
      height: file.height,
      durationMs: file.durationMs,
      position: file.position,
      processingStatus: file.processingStatus as 'pending' | 'processing' | 'ready' | 'failed',
    })),
  }
}

export const contentOperations = [
  defineOperation({
    operationId: 'listContent',
    method: 'get',
    path: '/content',
    tag: 'Content',
    summary: 'List galleries and single content',
    description: 'Newest first. Pages stay put while items are added: pass `nextCursor` as `cursor` for the next one.',
    permission: 'content.read',
    scope: 'content:read',
    query: ZContentListQuery,
    responses: withProblems({ 200: { description: 'A page of items', schema: ZContentPage } }, INVALID),
    async handle(context, { query }) {
      const after = decodeCursor(query.cursor)
      if (query.cursor && !after) throw new AppError('BAD_REQUEST', 'api.errors.cursor')
      const rows = await listContent(
        context,
        { kind: query.kind, status: query.status, event: query.event, q: query.q },
        { after, limit: query.limit },
      )
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      return {
        status: 200,
        body: {
          items: page.map((row) => ({
            id: row.id,
            kind: row.kind,
            title: row.title,
            status: row.status,
            category: row.category,
            eventId: row.eventId,
            coverAssetId: row.coverAssetId ?? null,
            mediaCount: row.mediaCount,
            viewCount: row.viewCount,
            downloadCount: row.downloadCount,
            createdAt: iso(row.createdAt),
            updatedAt: iso(row.updatedAt),
          })),
          nextCursor: rows.length > query.limit && last ? encodeCursor(last.position, last.id) : null,
        },
      }
    },
  }),
  defineOperation({
    operationId: 'createContent',
    method: 'post',
    path: '/content',
    tag: 'Content',
    summary: 'Create a gallery or single item (a draft)',
    description:
      'Send an `Idempotency-Key` header to make retries safe: the same key and body return the first answer.',
    permission: 'content.write',
    scope: 'content:write',
    body: ZCreateContent,
    etag: true,
    responses: withProblems({ 201: { description: 'Created', schema: ZContent } }, INVALID, [
      409,
      'The Idempotency-Key was used for another request, or that request is still running.',
    ]),
    async handle(context, { body }) {
      const { kind, ...details } = body
      const created = await createContent(context, kind, details)
      return {
        status: 201,
        body: await readContent(context, created.id),
        headers: { Location: `/api/v1/content/${created.id}` },
      }
    },
  }),
  defineOperation({
    operationId: 'getContent',
    method: 'get',
    path: '/content/{id}',
    tag: 'Content',
    summary: 'Get one item',
    permission: 'content.read',
    scope: 'content:read',
    params: ZIdParam,
    etag: true,
    responses: withProblems(
      { 200: { description: 'The item; its ETag goes in If-Match to update it', schema: ZContent } },
      NOT_FOUND,
    ),
    handle: async (context, { params }) => ({ status: 200, body: await readContent(context, params.id) }),
  }),
  defineOperation({
    operationId: 'updateContent',
    method: 'patch',
    path: '/content/{id}',
    tag: 'Content',
    summary: 'Change details',
    description:
      'Only the fields sent change. With `If-Match: <ETag>` the change is made only if the item is still as last read (else 412).',
    permission: 'content.write',
    scope: 'content:write',
    params: ZIdParam,
    body: ZUpdateContent,
    etag: true,
    current: (context, params) => readContent(context, params.id),
    responses: withProblems({ 200: { description: 'The item as it is now', schema: ZContent } }, INVALID, NOT_FOUND, [
      412,
      'If-Match names a version that is no longer current.',
    ]),
    async handle(context, { params, rawBody }) {
      const current = await readContent(context, params.id)
      const fields = ['title', 'description', 'category', 'location', 'happenedOn', 'eventId', 'requireLead'] as const
      // The details form takes every field: the ones not sent keep their current values.
      // null clears a field (the form's empty value), e.g. `eventId: null` takes the item out of its event.
      const merged = Object.fromEntries(
        fields.map((field) => [field, field in rawBody ? (rawBody[field] ?? '') : (current[field] ?? '')]),
      )
      const details = ZContentDetails.safeParse(merged)
      if (!details.success) throw new AppError('BAD_REQUEST', details.error.issues[0]?.message ?? 'api.errors.invalid')
      await updateContentDetails(context, params.id, details.data)
      return { status: 200, body: await readContent(context, params.id) }
    },
  }),
  ...(['publish', 'archive', 'unpublish'] as const).map((verb) =>
    defineOperation({
      operationId: `${verb}Content`,
      method: 'post',
      path: `/content/{id}/${verb}`,
      tag: 'Content',
      summary:
        verb === 'publish'
          ? 'Publish: fans see it'
          : verb === 'archive'
            ? 'Archive: fans no longer see it'
            : 'Back to draft',
      description:
        verb === 'publish'
          ? 'A gallery needs at least one photo or video, a single item its file (else 400).'
          : undefined,
      permission: 'content.publish',
      scope: 'content:write',
      params: ZIdParam,
      etag: true,
      responses: withProblems({ 200: { description: 'The item as it is now', schema: ZContent } }, NOT_FOUND, [
        400,
        'Nothing to publish yet.',
      ]),
      async handle(context, { params }) {
        await changeContentStatus(
          context,
          [params.id],
          verb === 'publish' ? 'published' : verb === 'archive' ? 'archived' : 'draft',
        )
        return { status: 200, body: await readContent(context, params.id) }
      },
    }),
  ),
  defineOperation({
    operationId: 'deleteContent',
    method: 'delete',
    path: '/content/{id}',
    tag: 'Content',
    summary: 'Delete an item and its files',
    permission: 'content.publish',
    scope: 'content:write',
    params: ZIdParam,
    responses: withProblems({ 204: { description: 'Deleted' } }, NOT_FOUND),
    async handle(context, { params }) {
      await deleteContent(context, [params.id])
      return { status: 204 }
    },
  }),
  defineOperation({
    operationId: 'listMedia',
    method: 'get',
    path: '/content/{id}/media',
    tag: 'Content',
    summary: "An item's files, in order",
    description:
      'Files are uploaded with the resumable endpoint `/api/uploads` (tus 1.0), with this key in `Authorization` and the metadata `filename`, `purpose` (`gallery-media` or `content-file`) and `contentItemId`.',
    permission: 'content.read',
    scope: 'content:read',
    params: ZIdParam,
    responses: withProblems({ 200: { description: 'The files', schema: ZMediaList } }, NOT_FOUND),
    handle: async (context, { params }) => ({
      status: 200,
      body: mediaOf((await getContentForEdit(context, params.id)).files),
    }),
  }),
  defineOperation({
    operationId: 'reorderMedia',
    method: 'put',
    path: '/content/{id}/media/order',
    tag: 'Content',
    summary: "Set the files' order",
    permission: 'content.write',
    scope: 'content:write',
    params: ZIdParam,
    body: ZMediaOrder,
    responses: withProblems(
      { 200: { description: 'The files in their new order', schema: ZMediaList } },
      INVALID,
      NOT_FOUND,
      [409, "The list is not exactly the item's files."],
    ),
    async handle(context, { params, body }) {
      await reorderAssets(context, params.id, body.assetIds)
      return { status: 200, body: mediaOf((await getContentForEdit(context, params.id)).files) }
    },
  }),
]
