import type { ApiOperation } from './http/api-router.server'
import { contentOperations } from './operations/content-operations.server'

/** Every operation of /api/v1: the router serves these and the OpenAPI document lists these. */
export const API_OPERATIONS: ApiOperation[] = [...contentOperations]
