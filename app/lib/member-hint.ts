/*
 * Fans' pages are cached and the same for everyone, so they cannot know on the server whether
 * the visitor is signed in. Sign-in sets this readable cookie (no secret in it: a stale one only
 * shows a link to the admin, which asks to sign in again); the page swaps "Log in" for "Admin".
 */
export const MEMBER_HINT_COOKIE = 'ag_member'
/** As long as a returning member is likely to still be signed in; the admin checks for real. */
export const MEMBER_HINT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

/** Whether this browser signed in here (client side only). */
export function hasMemberHint(cookieString: string) {
  return cookieString.split(';').some((part) => part.trim().startsWith(`${MEMBER_HINT_COOKIE}=1`))
}

/**
 * The domain the hint is shared with: the platform's name, so a company's subdomain
 * (`{label}.PLATFORM_DOMAIN`) shows "Admin" too. None for a platform reached by an IP address or
 * a single-label name such as localhost (browsers keep such cookies to their host). A custom
 * domain is another site: browsers give it none of the platform's cookies, so its pages say
 * "Log in", which takes a signed-in member straight on to the admin.
 */
export function memberHintDomain(platformDomain: string) {
  const host = platformDomain.replace(/:\d+$/, '').toLowerCase()
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return null
  return host
}
