import { readApiReferenceBundle } from '#app/features/api/server/api-reference.server'

export async function loader() {
  return new Response(new Uint8Array(await readApiReferenceBundle()), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
