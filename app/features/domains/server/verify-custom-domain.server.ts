import { isIP } from 'node:net'
import {
  DnsUnavailableError,
  bareHost,
  defaultResolver,
  isSameHost,
  recordsOrEmpty,
  type DnsResolver,
} from './dns-resolver.server'

/*
 * Is a company's own domain (`photos.night-owls.com`) ready to be served? Two things are asked
 * of the company, and both are read from the DNS here:
 * - routing: a CNAME to `CUSTOM_DOMAIN_TARGET`; an apex cannot carry a CNAME next to its SOA and
 *   NS records, so A/AAAA records with the target's own addresses are accepted instead (from any
 *   name: DNS hosts that flatten CNAMEs answer a subdomain that way too, and `isApex` is a guess);
 * - ownership: a TXT record `_afterglow.<host>` holding `afterglow-verify=<token>`, so a domain
 *   that merely points at us (or was left pointing after its owner moved) is not served as theirs.
 */

export const DOMAIN_PROBLEM_CODES = [
  /** No `_afterglow.<host>` TXT record yet. */
  'txt-missing',
  /** `_afterglow.<host>` has TXT records, none with this domain's value. */
  'txt-mismatch',
  /** A name under a domain with no CNAME (and no addresses) yet. */
  'cname-missing',
  /** A CNAME to another host than the target. */
  'cname-elsewhere',
  /** An apex with no A/AAAA records yet. */
  'address-missing',
  /** A/AAAA records (without a CNAME) that are none of the target's addresses. */
  'address-elsewhere',
  /** Right routing, plus addresses elsewhere beside it: some visitors would reach another server. */
  'extra-records',
  /** A lookup failed (server failure, timeout, unreachable); `found` holds the error codes. */
  'dns-unavailable',
] as const
export type DomainProblemCode = (typeof DOMAIN_PROBLEM_CODES)[number]
export type DomainProblem = { code: DomainProblemCode; found?: string[]; expected?: string }

export const CUSTOM_DOMAIN_STATES = ['verified', 'pending', 'invalid', 'conflicting', 'transient'] as const
export type CustomDomainState = (typeof CUSTOM_DOMAIN_STATES)[number]

export type CustomDomainCheck = {
  state: CustomDomainState
  problems: DomainProblem[]
  /** What the DNS answered for the host (TXT: for `_afterglow.<host>`, chunks joined). */
  records: { cname: string[]; a: string[]; aaaa: string[]; txt: string[] }
}

/** Where the ownership TXT record goes. */
export function ownershipRecordName(host: string) {
  return `_afterglow.${bareHost(host)}`
}

/** What the ownership TXT record must hold. */
export function ownershipRecordValue(token: string) {
  return `afterglow-verify=${token}`
}

/*
 * Two-part public suffixes under which a registrable domain has three labels. A short list, not
 * the Public Suffix List: it only decides which routing the screens ask for (CNAME or A/AAAA), and
 * either is accepted when it points at us, so a suffix missing here costs a less apt instruction.
 */
const TWO_PART_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'com.au',
  'net.au',
  'org.au',
  'com.br',
  'net.br',
  'org.br',
  'co.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'co.za',
  'com.mx',
  'com.ar',
  'com.tr',
  'com.cn',
  'com.sg',
  'co.in',
  'co.kr',
  'com.pt',
  'com.es',
])

/** The domain a registrar sells (`night-owls.com`, `night-owls.co.uk`), as opposed to a name under it. */
export function isApex(host: string) {
  const labels = bareHost(host).split('.')
  if (labels.length === 2) return true
  return labels.length === 3 && TWO_PART_SUFFIXES.has(labels.slice(1).join('.'))
}

type Lookups = CustomDomainCheck['records'] & { targetAddresses: string[] }

async function lookUp(
  resolver: DnsResolver,
  host: string,
  target: string,
): Promise<{ records: Lookups; failures: string[] }> {
  const txtName = ownershipRecordName(host)
  const settled = await Promise.allSettled([
    recordsOrEmpty(host, resolver.resolveCname(host)),
    recordsOrEmpty(host, resolver.resolve4(host)),
    recordsOrEmpty(host, resolver.resolve6(host)),
    recordsOrEmpty(txtName, resolver.resolveTxt(txtName)).then((records) => records.map((chunks) => chunks.join(''))),
    // A platform reached by its IP address is its own address: nothing to look up.
    isIP(target) ? Promise.resolve([target]) : recordsOrEmpty(target, resolver.resolve4(target)),
    isIP(target) ? Promise.resolve([]) : recordsOrEmpty(target, resolver.resolve6(target)),
  ])
  const failures: string[] = []
  const [cname, a, aaaa, txt, targetA, targetAaaa] = settled.map((result) => {
    if (result.status === 'fulfilled') return result.value
    if (result.reason instanceof DnsUnavailableError) {
      failures.push(result.reason.code)
      return []
    }
    throw result.reason
  })
  return { records: { cname, a, aaaa, txt, targetAddresses: [...targetA, ...targetAaaa] }, failures }
}

/** What is wrong with the routing, or nothing when the host reaches the target. */
function routingProblems(host: string, target: string, records: Lookups): DomainProblem[] {
  const addresses = [...records.a, ...records.aaaa]
  const elsewhere = addresses.filter((address) => !records.targetAddresses.includes(address))
  if (records.cname.length > 0) {
    if (!records.cname.some((name) => isSameHost(name, target)))
      return [{ code: 'cname-elsewhere', found: records.cname, expected: target }]
    // The resolver follows the CNAME, so the target's addresses come back too; anything else was
    // served beside the CNAME.
    return elsewhere.length > 0 ? [{ code: 'extra-records', found: elsewhere, expected: target }] : []
  }
  if (addresses.length === 0)
    return [{ code: isApex(host) || isIP(target) ? 'address-missing' : 'cname-missing', expected: target }]
  if (elsewhere.length === addresses.length) return [{ code: 'address-elsewhere', found: elsewhere, expected: target }]
  return elsewhere.length > 0 ? [{ code: 'extra-records', found: elsewhere, expected: target }] : []
}

function ownershipProblems(token: string, txt: string[]): DomainProblem[] {
  const expected = ownershipRecordValue(token)
  if (txt.includes(expected)) return []
  if (txt.length === 0) return [{ code: 'txt-missing', expected }]
  return [{ code: 'txt-mismatch', found: txt, expected }]
}

const WRONG: DomainProblemCode[] = ['txt-mismatch', 'cname-elsewhere', 'address-elsewhere']

/** One state for the screens: something wrong beats something extra beats something still missing. */
function stateOf(problems: DomainProblem[]): Exclude<CustomDomainState, 'transient'> {
  if (problems.some((problem) => WRONG.includes(problem.code))) return 'invalid'
  if (problems.some((problem) => problem.code === 'extra-records')) return 'conflicting'
  return problems.length > 0 ? 'pending' : 'verified'
}

/**
 * Reads the host's routing and ownership records and says where the domain stands.
 *
 * `transient` means "the DNS could not be asked", not "the records are gone": the caller keeps
 * the domain's previous state, so a resolver timing out or a registrar's server failing for a
 * minute never takes a verified domain offline or sends its company an alarm; the next check
 * decides.
 */
export async function verifyCustomDomain(input: {
  host: string
  token: string
  /** `CUSTOM_DOMAIN_TARGET`: the host name custom domains CNAME to. */
  target: string
  resolver?: DnsResolver
}): Promise<CustomDomainCheck> {
  const host = bareHost(input.host)
  const target = bareHost(input.target)
  const { records, failures } = await lookUp(input.resolver ?? defaultResolver(), host, target)
  const found = { cname: records.cname, a: records.a, aaaa: records.aaaa, txt: records.txt }
  if (failures.length > 0)
    return {
      state: 'transient',
      problems: [{ code: 'dns-unavailable', found: [...new Set(failures)] }],
      records: found,
    }

  const problems = [...routingProblems(host, target, records), ...ownershipProblems(input.token, records.txt)]
  return { state: stateOf(problems), problems, records: found }
}
