import { type AddressInfo } from 'node:net'
import { Packet, createUDPServer } from 'dns2'

/*
 * A real DNS server on 127.0.0.1 for the domain checks (ADR 029): point a resolver at
 * `address` and change `records` between lookups. It answers the way a recursive resolver does,
 * because that is what the app talks to: an A, AAAA or TXT question about a name with a CNAME
 * gets the CNAME *and* the target's records. Node's resolver (c-ares) does not ask again for the
 * target: given a CNAME alone, `resolve4` answers `[]`.
 */

export type DnsRecordSet = {
  A?: string[]
  AAAA?: string[]
  CNAME?: string
  /** One entry per TXT record, each a list of character strings (the record's chunks). */
  TXT?: string[][]
  /** Every question about this name gets SERVFAIL. */
  SERVFAIL?: true
}

/** Lower-case names without a trailing dot; names not listed get NXDOMAIN. */
export type DnsRecords = Record<string, DnsRecordSet>

export type TestDnsServer = {
  /** `127.0.0.1:PORT`, as `DNS_SERVERS` and `Resolver#setServers` take it. */
  address: string
  records: DnsRecords
  close(): Promise<void>
}

const { TYPE, CLASS } = Packet
/** RFC 1035 §4.1.1. dns2 has `Packet.RCODE` at run time, but its types leave it out. */
const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const
/** Zero: answers are never kept by a resolver, so a change to `records` shows on the next lookup. */
const TTL = 0
/** CNAME chains longer than this are answered SERVFAIL, as a resolver does with a loop. */
const MAX_CHAIN = 8

type Answer = { rcode: number; answers: Array<Record<string, unknown>> }

function recordsOfType(name: string, type: number, set: DnsRecordSet) {
  const base = { name, type, class: CLASS.IN, ttl: TTL }
  if (type === TYPE.A) return (set.A ?? []).map((address) => ({ ...base, address }))
  if (type === TYPE.AAAA) return (set.AAAA ?? []).map((address) => ({ ...base, address }))
  if (type === TYPE.TXT) return (set.TXT ?? []).map((data) => ({ ...base, data }))
  if (type === TYPE.CNAME && set.CNAME) return [{ ...base, domain: set.CNAME }]
  return []
}

function answer(records: DnsRecords, name: string, type: number, depth = 0): Answer {
  const set = records[name.toLowerCase().replace(/\.$/, '')]
  if (!set) return { rcode: RCODE.NXDOMAIN, answers: [] }
  if (set.SERVFAIL || depth > MAX_CHAIN) return { rcode: RCODE.SERVFAIL, answers: [] }
  const own = recordsOfType(name, type, set)
  if (!set.CNAME || type === TYPE.CNAME) return { rcode: RCODE.NOERROR, answers: own }
  // Records beside a CNAME are not allowed (RFC 1034 §3.6.2) but are served here so the checks
  // can be tested against such a zone; c-ares returns them with the target's.
  const target = answer(records, set.CNAME, type, depth + 1)
  return { rcode: target.rcode, answers: [...own, ...recordsOfType(name, TYPE.CNAME, set), ...target.answers] }
}

export async function startDnsServer(initial: DnsRecords = {}): Promise<TestDnsServer> {
  const records: DnsRecords = { ...initial }
  const server = createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request)
    const [question] = request.questions
    if (question) {
      const { rcode, answers } = answer(records, question.name, question.type)
      response.header.rcode = rcode
      response.answers = answers as unknown as Packet['answers']
    }
    void send(response)
  })
  await server.listen(0, '127.0.0.1')
  const { port } = server.address() as AddressInfo
  return {
    address: `127.0.0.1:${port}`,
    records,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
