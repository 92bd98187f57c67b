import type { ApiOperation } from './api-operation.server'
import { analyticsOperations } from './operations/analytics-operations.server'
import { contentOperations } from './operations/content-operations.server'
import { eventOperations } from './operations/event-operations.server'
import { leadOperations } from './operations/lead-operations.server'

/** Every operation of /api/v1: the router serves these and the OpenAPI document lists these. */
export const API_OPERATIONS: ApiOperation[] = [
  ...contentOperations,
  ...eventOperations,
  ...leadOperations,
  ...analyticsOperations,
]
