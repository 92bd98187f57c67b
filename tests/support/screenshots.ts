import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'

/** Screenshots for a person to look at are taken when asked for: `E2E_SCREENSHOTS=1 npm run test:e2e`. */
export const SCREENSHOTS_WANTED = Boolean(process.env.E2E_SCREENSHOTS)

/**
 * Keeps what `target` shows at `file` (under test-results/) for someone to look at, when
 * screenshots are asked for. Encoding a full page costs a loaded machine up to a second and no
 * assertion reads these, so an ordinary run skips them.
 */
export async function keepScreenshot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS_WANTED) return
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  await target.screenshot({ path: file, ...options })
}
