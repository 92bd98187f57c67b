import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/*
 * For tests only: a Stripe stand-in on 127.0.0.1 speaking the few calls of Stripe's REST API the
 * app and `npm run billing:setup` make, as the `stripe` SDK of package.json sends them
 * (form-encoded bodies and query strings, Bearer secret key, Idempotency-Key on writes) and reads
 * them back (Stripe's JSON objects, lists and error bodies). State lives in memory: a test plays
 * Stripe's side (a customer pays a checkout, changes plan, a renewal fails, a subscription ends),
 * each step giving the events Stripe would send, which `deliver` signs with the real SDK's
 * `webhooks.generateTestHeaderString` and POSTs to the app's webhook.
 */

type List<T> = { object: 'list'; data: T[]; has_more: boolean; url: string }

export type FakePrice = Pick<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'recurring'
  | 'tax_behavior'
  | 'type'
  | 'unit_amount'
> & { product: string }
export type FakeProduct = Pick<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'description'
  | 'images'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'type'
  | 'updated'
  | 'url'
>
export type FakeCustomer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'balance' | 'created' | 'description' | 'email' | 'livemode' | 'metadata' | 'name'
>
export type FakeSubscriptionItem = Pick<
  Stripe.SubscriptionItem,
  'id' | 'object' | 'created' | 'current_period_end' | 'current_period_start' | 'metadata' | 'quantity' | 'subscription'
> & { price: FakePrice }
export type FakeSubscription = Pick<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'start_date'
  | 'status'
  | 'trial_end'
  | 'trial_start'
> & { customer: string; items: List<FakeSubscriptionItem>; latest_invoice: string | null }
export type FakeInvoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'status'
  | 'subtotal'
  | 'total'
> & { id: string; customer: string }
export type FakeCheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
> & { customer: string | null; subscription: string | null; invoice: string | null }
export type FakePortalSession = Pick<
  Stripe.BillingPortal.Session,
  'id' | 'object' | 'created' | 'customer' | 'livemode' | 'return_url' | 'url'
>
export type FakeEvent = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & { type: string; data: { object: object } }

export type RecordedRequest = { method: string; path: string; params: Params }
type Params = { [key: string]: string | Params | Array<string | Params> }

/** A Stripe API error answer: status, Stripe's error type, its message, and its code/param when it has them. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly extra: { code?: string; param?: string } = {},
  ) {
    super(message)
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeFailure(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param })
const required = (param: string) =>
  new StripeFailure(400, 'invalid_request_error', `Missing required param: ${param}.`, {
    code: 'parameter_missing',
    param,
  })
const invalid = (param: string, message: string) =>
  new StripeFailure(400, 'invalid_request_error', message, { code: 'parameter_invalid', param })

/** `a[b][0][c]=v` pairs, as the SDK encodes them, back into nested objects and arrays. */
export function parseStripeForm(search: URLSearchParams): Params {
  const root: Params = {}
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, '').split('[')
    let node: Params = root
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value
      else node = (node[part] ??= {}) as Params
    })
  }
  // Objects whose keys are all indexes were arrays.
  const arrays = (value: Params | string): Params | string | Array<string | Params> => {
    if (typeof value === 'string') return value
    const entries = Object.entries(value).map(([key, inner]) => [key, arrays(inner as Params)] as const)
    if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner as string | Params)
    return Object.fromEntries(entries) as Params
  }
  return arrays(root) as Params
}

const text = (params: Params, key: string) => (typeof params[key] === 'string' ? (params[key] as string) : undefined)
const nested = (params: Params, key: string) =>
  params[key] && typeof params[key] === 'object' && !Array.isArray(params[key]) ? (params[key] as Params) : undefined
const list = (params: Params, key: string) =>
  Array.isArray(params[key]) ? (params[key] as Array<string | Params>) : []
const bool = (value: string | undefined) => (value === undefined ? undefined : value === 'true')
const metadataOf = (params: Params, key = 'metadata'): Record<string, string> =>
  Object.fromEntries(
    Object.entries(nested(params, key) ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  )

export type FakeStripe = ReturnType<typeof createFakeStripeState> & { url: string; close(): Promise<void> }

function createFakeStripeState(secretKey: string, webhookSecret: string) {
  const signer = new Stripe(secretKey)
  const counters = new Map<string, number>()
  const newId = (prefix: string) => `${prefix}_fake${randomBytes(8).toString('hex')}`
  const nextNumber = (series: string) => {
    const next = (counters.get(series) ?? 0) + 1
    counters.set(series, next)
    return next
  }

  const state = {
    secretKey,
    webhookSecret,
    /** Where checkout, portal and invoice pages would be (this server's own address once listening). */
    baseUrl: '',
    /** Stripe's clock in seconds: real time unless a test sets it, so two lives can be stamped alike. */
    clock: null as number | null,
    requests: [] as RecordedRequest[],
    prices: new Map<string, FakePrice>(),
    products: new Map<string, FakeProduct>(),
    customers: new Map<string, FakeCustomer>(),
    subscriptions: new Map<string, FakeSubscription>(),
    invoices: new Map<string, FakeInvoice>(),
    checkoutSessions: new Map<string, FakeCheckoutSession>(),
    portalSessions: new Map<string, FakePortalSession>(),
    /** What a checkout session was created with that Stripe does not echo back: its items and the subscription's metadata. */
    checkoutLines: new Map<
      string,
      { price: string; quantity: number; subscriptionMetadata: Record<string, string>; trialEnd?: number }
    >(),
    /** Requests matching `path` (and `method`) answer `status` with an api_error, `times` times. */
    failures: [] as Array<{ method?: string; path: RegExp; status: number; times: number }>,
    /** Requests matching `path` are answered only after `ms`, their answer taken when they arrived. */
    delays: [] as Array<{ path: RegExp; ms: number; times: number }>,
    idempotent: new Map<string, { status: number; body: unknown }>(),

    now() {
      return state.clock ?? Math.floor(Date.now() / 1000)
    },

    fail(path: RegExp, options: { status?: number; times?: number; method?: string } = {}) {
      state.failures.push({
        path,
        status: options.status ?? 500,
        times: options.times ?? Infinity,
        method: options.method,
      })
    },

    delay(path: RegExp, ms: number, times = 1) {
      state.delays.push({ path, ms, times })
    },

    /** The calls received for `path` (and `method`), e.g. how often the app asked for a subscription. */
    callsTo(path: RegExp, method = 'GET') {
      return state.requests.filter((request) => request.method === method && path.test(request.path))
    },

    /** The active price with this lookup key, as checkout finds it. */
    priceByLookupKey(key: string) {
      return [...state.prices.values()].find((price) => price.active && price.lookup_key === key) ?? null
    },

    createCustomer(input: { email: string | null; name?: string | null; metadata?: Record<string, string> }) {
      const customer: FakeCustomer = {
        id: newId('cus'),
        object: 'customer',
        balance: 0,
        created: state.now(),
        description: null,
        email: input.email,
        livemode: false,
        metadata: input.metadata ?? {},
        name: input.name ?? null,
      }
      state.customers.set(customer.id, customer)
      return customer
    },

    /** An event as Stripe sends it: the object as it is at this moment, frozen into the event. */
    event(type: string, object: object): FakeEvent {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: state.now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      }
    },

    issueInvoice(
      subscription: FakeSubscription,
      status: 'paid' | 'open',
      billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
      /** A trial's first invoice is for nothing. */
      amount = subscription.items.data[0].price.unit_amount ?? 0,
    ) {
      const item = subscription.items.data[0]
      const customer = state.customers.get(subscription.customer)!
      const id = newId('in')
      const invoice: FakeInvoice = {
        id,
        object: 'invoice',
        amount_due: amount,
        amount_paid: status === 'paid' ? amount : 0,
        amount_remaining: status === 'paid' ? 0 : amount,
        attempt_count: 1,
        attempted: true,
        billing_reason: billingReason,
        collection_method: 'charge_automatically',
        created: state.now(),
        currency: item.price.currency,
        customer: customer.id,
        customer_email: customer.email,
        hosted_invoice_url: `${state.baseUrl}/i/${id}`,
        invoice_pdf: `${state.baseUrl}/i/${id}/pdf`,
        livemode: false,
        metadata: {},
        number: `FAKE-${String(nextNumber('invoice')).padStart(4, '0')}`,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
        },
        period_end: item.current_period_end,
        period_start: item.current_period_start,
        status,
        subtotal: amount,
        total: amount,
      }
      state.invoices.set(id, invoice)
      subscription.latest_invoice = id
      return invoice
    },

    /**
     * The customer pays a checkout session: a customer (unless the session named one), an active
     * subscription carrying the session's subscription metadata, its first invoice paid; the
     * events Stripe sends for it, in Stripe's order.
     */
    completeCheckout(sessionId: string) {
      const session = state.checkoutSessions.get(sessionId)
      const lines = state.checkoutLines.get(sessionId)
      if (!session || !lines) throw new Error(`no checkout session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`)
      const events: FakeEvent[] = []
      let customer = session.customer ? state.customers.get(session.customer)! : null
      if (!customer) {
        customer = state.createCustomer({ email: session.customer_email })
        events.push(state.event('customer.created', customer))
      }
      const price = state.prices.get(lines.price)!
      const now = state.now()
      // A trial asked at checkout: trialing until its end, which is the first charge.
      const trialEnd = lines.trialEnd ?? null
      const subscriptionId = newId('sub')
      const subscription: FakeSubscription = {
        id: subscriptionId,
        object: 'subscription',
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created: now,
        currency: price.currency,
        customer: customer.id,
        ended_at: null,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              created: now,
              current_period_start: now,
              current_period_end: trialEnd ?? addMonth(now),
              metadata: {},
              price: { ...price },
              quantity: lines.quantity,
              subscription: subscriptionId,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${subscriptionId}`,
        },
        latest_invoice: null,
        livemode: false,
        metadata: { ...lines.subscriptionMetadata },
        start_date: now,
        status: trialEnd ? 'trialing' : 'active',
        trial_end: trialEnd,
        trial_start: trialEnd ? now : null,
      }
      state.subscriptions.set(subscriptionId, subscription)
      const invoice = state.issueInvoice(subscription, 'paid', 'subscription_create', trialEnd ? 0 : undefined)
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer: customer.id,
        subscription: subscriptionId,
        invoice: invoice.id,
      })
      events.push(
        state.event('checkout.session.completed', session),
        state.event('customer.subscription.created', subscription),
        state.event('invoice.paid', invoice),
      )
      return { customer, subscription, invoice, events }
    },

    subscription(id: string) {
      const subscription = state.subscriptions.get(id)
      if (!subscription) throw new Error(`no subscription ${id}`)
      return subscription
    },

    /** What the customer portal or Stripe's billing does to a subscription: another price, cancel at period end, a status. */
    updateSubscription(
      id: string,
      change: {
        lookupKey?: string
        cancelAtPeriodEnd?: boolean
        status?: Stripe.Subscription.Status
        trialEnd?: number | null
      },
    ) {
      const subscription = state.subscription(id)
      const item = subscription.items.data[0]
      if (change.lookupKey) {
        const price = state.priceByLookupKey(change.lookupKey)
        if (!price) throw new Error(`no price ${change.lookupKey}`)
        // The portal swaps the item's price; the subscription's metadata stays what checkout wrote.
        item.price = { ...price }
        subscription.currency = price.currency
      }
      if (change.cancelAtPeriodEnd !== undefined) {
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd
        subscription.cancel_at = change.cancelAtPeriodEnd ? item.current_period_end : null
        subscription.canceled_at = change.cancelAtPeriodEnd ? state.now() : null
      }
      if (change.status) subscription.status = change.status
      if (change.trialEnd !== undefined) {
        subscription.trial_start = change.trialEnd ? state.now() : null
        subscription.trial_end = change.trialEnd
        if (change.trialEnd) item.current_period_end = change.trialEnd
      }
      return state.event('customer.subscription.updated', subscription)
    },

    /** Stripe's reminder three days before a subscription's trial ends. */
    trialWillEnd(id: string) {
      return state.event('customer.subscription.trial_will_end', state.subscription(id))
    },

    /** A renewal: the period moves on a month and its invoice is paid, or fails and the subscription goes past due. */
    renew(id: string, outcome: 'paid' | 'failed') {
      const subscription = state.subscription(id)
      const item = subscription.items.data[0]
      item.current_period_start = item.current_period_end
      item.current_period_end = addMonth(item.current_period_end)
      const invoice = state.issueInvoice(subscription, outcome === 'paid' ? 'paid' : 'open', 'subscription_cycle')
      if (outcome === 'paid')
        return {
          invoice,
          events: [state.event('customer.subscription.updated', subscription), state.event('invoice.paid', invoice)],
        }
      subscription.status = 'past_due'
      return {
        invoice,
        events: [
          state.event('invoice.payment_failed', invoice),
          state.event('customer.subscription.updated', subscription),
        ],
      }
    },

    /** A retry of a failed invoice succeeds: paid, and the subscription active again. */
    payInvoice(id: string) {
      const invoice = state.invoices.get(id)
      if (!invoice) throw new Error(`no invoice ${id}`)
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        attempt_count: invoice.attempt_count + 1,
      })
      const subscriptionId = invoice.parent?.subscription_details?.subscription as string | undefined
      const events = [state.event('invoice.paid', invoice)]
      if (subscriptionId) {
        const subscription = state.subscription(subscriptionId)
        if (subscription.status === 'past_due') {
          subscription.status = 'active'
          events.push(state.event('customer.subscription.updated', subscription))
        }
      }
      return events
    },

    /** The subscription ends (cancelled now, or its period ended after a cancel at period end). */
    endSubscription(id: string) {
      const subscription = state.subscription(id)
      Object.assign(subscription, {
        status: 'canceled',
        ended_at: state.now(),
        canceled_at: subscription.canceled_at ?? state.now(),
      })
      return state.event('customer.subscription.deleted', subscription)
    },

    /** A `stripe-signature` header for `payload`, made by the SDK itself. */
    sign(payload: string, options: { secret?: string; timestamp?: number } = {}) {
      return signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
      })
    },

    /** POSTs an event to the app's webhook as Stripe delivers it (pretty-printed JSON, signed now unless told otherwise). */
    async deliver(
      endpoint: string,
      event: FakeEvent,
      options: { secret?: string; timestamp?: number; signature?: string } = {},
    ) {
      const payload = JSON.stringify(event, null, 2)
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': options.signature ?? state.sign(payload, options),
        },
        body: payload,
      })
      const body = await response.text()
      let json: any = null
      try {
        json = JSON.parse(body)
      } catch {
        // not JSON: kept as text below
      }
      return { status: response.status, json, text: body }
    },
  }

  /** The API itself: one handler per call, each answering Stripe's object or throwing StripeFailure. */
  const routes: Array<{ method: string; path: RegExp; handle: (params: Params, match: RegExpMatchArray) => unknown }> =
    [
      {
        method: 'GET',
        path: /^\/v1\/balance$/,
        handle: () => ({
          object: 'balance',
          available: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
          livemode: false,
          pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
        }),
      },

      {
        method: 'GET',
        path: /^\/v1\/prices$/,
        handle: (params) => {
          const keys = list(params, 'lookup_keys')
          const active = bool(text(params, 'active'))
          const product = text(params, 'product')
          const currency = text(params, 'currency')
          const found = [...state.prices.values()]
            .filter(
              (price) =>
                (keys.length === 0 || keys.includes(price.lookup_key ?? '')) &&
                (active === undefined || price.active === active) &&
                (!product || price.product === product) &&
                (!currency || price.currency === currency),
            )
            .sort((a, b) => b.created - a.created)
          return page(found, params, '/v1/prices')
        },
      },
      {
        method: 'POST',
        path: /^\/v1\/prices$/,
        handle: (params) => {
          const currency = text(params, 'currency')?.toLowerCase()
          if (!currency) throw required('currency')
          const productId = text(params, 'product')
          if (!productId) throw required('product')
          if (!state.products.has(productId)) throw missing('product', productId, 'product')
          const unitAmount = Number(text(params, 'unit_amount'))
          if (!Number.isInteger(unitAmount) || unitAmount < 0)
            throw invalid('unit_amount', 'Invalid integer: unit_amount')
          const recurring = nested(params, 'recurring')
          const interval = recurring ? text(recurring, 'interval') : undefined
          if (recurring && !['day', 'week', 'month', 'year'].includes(interval ?? ''))
            throw invalid('recurring[interval]', 'Invalid recurring[interval]')
          const lookupKey = text(params, 'lookup_key') || null
          if (lookupKey) claimLookupKey(lookupKey, bool(text(params, 'transfer_lookup_key')) ?? false)
          const price: FakePrice = {
            id: newId('price'),
            object: 'price',
            active: true,
            billing_scheme: 'per_unit',
            created: state.now(),
            currency,
            livemode: false,
            lookup_key: lookupKey,
            metadata: metadataOf(params),
            nickname: text(params, 'nickname') || null,
            product: productId,
            recurring: recurring
              ? {
                  interval: interval as Stripe.Price.Recurring.Interval,
                  interval_count: Number(text(recurring, 'interval_count') ?? 1),
                  meter: null,
                  trial_period_days: null,
                  usage_type: 'licensed',
                }
              : null,
            tax_behavior: 'unspecified',
            type: recurring ? 'recurring' : 'one_time',
            unit_amount: unitAmount,
          }
          state.prices.set(price.id, price)
          return price
        },
      },
      {
        method: 'GET',
        path: /^\/v1\/prices\/([^/]+)$/,
        handle: (_params, match) => state.prices.get(match[1]) ?? notFound('price', match[1]),
      },
      {
        method: 'POST',
        path: /^\/v1\/prices\/([^/]+)$/,
        handle: (params, match) => {
          const price = state.prices.get(match[1]) ?? notFound('price', match[1])
          const active = bool(text(params, 'active'))
          if (active !== undefined) price.active = active
          if (text(params, 'nickname') !== undefined) price.nickname = text(params, 'nickname') || null
          if (params.metadata !== undefined) price.metadata = { ...price.metadata, ...metadataOf(params) }
          const lookupKey = text(params, 'lookup_key')
          if (lookupKey !== undefined && lookupKey !== price.lookup_key) {
            if (lookupKey) claimLookupKey(lookupKey, bool(text(params, 'transfer_lookup_key')) ?? false)
            price.lookup_key = lookupKey || null
          }
          return price
        },
      },

      {
        method: 'GET',
        path: /^\/v1\/products$/,
        handle: (params) => {
          const ids = list(params, 'ids')
          const active = bool(text(params, 'active'))
          const found = [...state.products.values()]
            .filter(
              (product) =>
                (ids.length === 0 || ids.includes(product.id)) && (active === undefined || product.active === active),
            )
            .sort((a, b) => b.created - a.created)
          return page(found, params, '/v1/products')
        },
      },
      {
        method: 'POST',
        path: /^\/v1\/products$/,
        handle: (params) => {
          const name = text(params, 'name')
          if (!name) throw required('name')
          const id = text(params, 'id') || newId('prod')
          if (state.products.has(id))
            throw new StripeFailure(400, 'invalid_request_error', `Product already exists.`, {
              code: 'resource_already_exists',
              param: 'id',
            })
          const now = state.now()
          const product: FakeProduct = {
            id,
            object: 'product',
            active: true,
            created: now,
            description: text(params, 'description') || null,
            images: [],
            livemode: false,
            metadata: metadataOf(params),
            name,
            type: 'service',
            updated: now,
            url: null,
          }
          state.products.set(id, product)
          return product
        },
      },
      {
        method: 'GET',
        path: /^\/v1\/products\/([^/]+)$/,
        handle: (_params, match) => state.products.get(match[1]) ?? notFound('product', match[1]),
      },

      {
        method: 'POST',
        path: /^\/v1\/customers$/,
        handle: (params) =>
          state.createCustomer({
            email: text(params, 'email') || null,
            name: text(params, 'name') || null,
            metadata: metadataOf(params),
          }),
      },
      {
        method: 'GET',
        path: /^\/v1\/customers\/([^/]+)$/,
        handle: (_params, match) => state.customers.get(match[1]) ?? notFound('customer', match[1]),
      },

      {
        method: 'POST',
        path: /^\/v1\/checkout\/sessions$/,
        handle: (params) => {
          const mode = text(params, 'mode')
          if (!mode) throw required('mode')
          if (mode !== 'subscription') throw invalid('mode', 'Only subscription mode is spoken here.')
          const successUrl = text(params, 'success_url')
          if (!successUrl) throw required('success_url')
          const customer = text(params, 'customer') || null
          const customerEmail = text(params, 'customer_email') || null
          if (customer && customerEmail)
            throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.')
          if (customer && !state.customers.has(customer)) throw missing('customer', customer, 'customer')
          const lines = list(params, 'line_items')
          if (lines.length !== 1 || typeof lines[0] !== 'object') throw required('line_items')
          const priceId = text(lines[0], 'price')
          if (!priceId) throw required('line_items[0][price]')
          const price = state.prices.get(priceId)
          if (!price) throw missing('price', priceId, 'line_items[0][price]')
          if (!price.active)
            throw invalid(
              'line_items[0][price]',
              `The price specified is inactive. This field only accepts active prices.`,
            )
          if (!price.recurring)
            throw invalid(
              'line_items[0][price]',
              'You must provide at least one recurring price in `subscription` mode when using prices.',
            )
          const quantity = Number(text(lines[0], 'quantity') ?? 1)
          const now = state.now()
          const id = `cs_test_fake${randomBytes(12).toString('hex')}`
          const session: FakeCheckoutSession = {
            id,
            object: 'checkout.session',
            amount_subtotal: (price.unit_amount ?? 0) * quantity,
            amount_total: (price.unit_amount ?? 0) * quantity,
            cancel_url: text(params, 'cancel_url') || null,
            client_reference_id: text(params, 'client_reference_id') || null,
            created: now,
            currency: price.currency,
            customer,
            customer_email: customerEmail,
            expires_at: now + 24 * 3600,
            invoice: null,
            livemode: false,
            metadata: metadataOf(params),
            mode: 'subscription',
            payment_status: 'unpaid',
            status: 'open',
            subscription: null,
            success_url: successUrl,
            url: `${state.baseUrl}/c/pay/${id}`,
          }
          state.checkoutSessions.set(id, session)
          const subscriptionData = nested(params, 'subscription_data') ?? {}
          const trialEndText = text(subscriptionData, 'trial_end')
          const trialEnd = trialEndText === undefined ? undefined : Number(trialEndText)
          // Stripe's own rule for a trial set at checkout.
          if (trialEnd !== undefined && !(trialEnd >= now + 48 * 3600))
            throw invalid(
              'subscription_data[trial_end]',
              'The `trial_end` date has to be at least 2 days in the future.',
            )
          state.checkoutLines.set(id, {
            price: price.id,
            quantity,
            subscriptionMetadata: metadataOf(subscriptionData),
            ...(trialEnd === undefined ? {} : { trialEnd }),
          })
          return session
        },
      },
      {
        method: 'GET',
        path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
        handle: (_params, match) => state.checkoutSessions.get(match[1]) ?? notFound('checkout.session', match[1]),
      },

      {
        method: 'POST',
        path: /^\/v1\/billing_portal\/sessions$/,
        handle: (params) => {
          const customer = text(params, 'customer')
          if (!customer) throw required('customer')
          if (!state.customers.has(customer)) throw missing('customer', customer, 'customer')
          const id = newId('bps')
          const session: FakePortalSession = {
            id,
            object: 'billing_portal.session',
            created: state.now(),
            customer,
            livemode: false,
            return_url: text(params, 'return_url') || null,
            url: `${state.baseUrl}/p/session/${id}`,
          }
          state.portalSessions.set(id, session)
          return session
        },
      },

      {
        method: 'GET',
        path: /^\/v1\/subscriptions\/([^/]+)$/,
        handle: (params, match) =>
          expand(state.subscriptions.get(match[1]) ?? notFound('subscription', match[1]), params),
      },

      {
        method: 'GET',
        path: /^\/v1\/invoices$/,
        handle: (params) => {
          const customer = text(params, 'customer')
          const subscription = text(params, 'subscription')
          const status = text(params, 'status')
          const found = [...state.invoices.values()]
            .filter(
              (invoice) =>
                (!customer || invoice.customer === customer) &&
                (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
                (!status || invoice.status === status),
            )
            .sort((a, b) => b.created - a.created)
          return page(found, params, '/v1/invoices')
        },
      },
      {
        method: 'GET',
        path: /^\/v1\/invoices\/([^/]+)$/,
        handle: (params, match) => expand(state.invoices.get(match[1]) ?? notFound('invoice', match[1]), params),
      },
    ]

  function notFound(kind: string, id: string): never {
    throw missing(kind, id)
  }

  /** A lookup key names one price: taking it from another needs transfer_lookup_key, as on Stripe. */
  function claimLookupKey(key: string, transfer: boolean) {
    const holder = [...state.prices.values()].find((price) => price.lookup_key === key)
    if (!holder) return
    if (!transfer) throw invalid('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`)
    holder.lookup_key = null
  }

  function page<T extends { id: string }>(items: T[], params: Params, url: string): List<T> {
    const limit = Math.min(100, Number(text(params, 'limit') ?? 10))
    const after = text(params, 'starting_after')
    const start = after ? items.findIndex((item) => item.id === after) + 1 : 0
    return { object: 'list', data: items.slice(start, start + limit), has_more: items.length > start + limit, url }
  }

  /** `expand[]=customer` and the like: a top-level id replaced by the object it names. */
  function expand<T extends object>(object: T, params: Params): T {
    const fields = list(params, 'expand').filter((field): field is string => typeof field === 'string')
    if (fields.length === 0) return object
    const stores: Record<string, Map<string, object>> = {
      customer: state.customers,
      subscription: state.subscriptions,
      latest_invoice: state.invoices,
      invoice: state.invoices,
    }
    const copy = { ...object } as Record<string, unknown>
    for (const field of fields) {
      const id = copy[field]
      if (typeof id === 'string' && stores[field]?.has(id)) copy[field] = stores[field].get(id)
    }
    return copy as T
  }

  return Object.assign(state, { routes })
}

function addMonth(seconds: number) {
  const date = new Date(seconds * 1000)
  date.setUTCMonth(date.getUTCMonth() + 1)
  return Math.floor(date.getTime() / 1000)
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_fake${randomBytes(6).toString('hex')}`,
    'stripe-version': Stripe.API_VERSION,
  })
  response.end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startFakeStripe(
  options: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const fake = createFakeStripeState(
    options.secretKey ?? `sk_test_fake${randomBytes(12).toString('hex')}`,
    options.webhookSecret ?? `whsec_fake${randomBytes(16).toString('hex')}`,
  )

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake.stripe')
    const method = request.method ?? 'GET'
    const body = await readBody(request)
    const params = parseStripeForm(
      method === 'GET' || method === 'DELETE' ? url.searchParams : new URLSearchParams(body),
    )
    fake.requests.push({ method, path: url.pathname, params })

    if (request.headers.authorization !== `Bearer ${fake.secretKey}`) {
      const shown = (request.headers.authorization ?? '').replace(/^Bearer /, '')
      return send(response, 401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${shown.slice(0, 8)}${'*'.repeat(Math.max(0, shown.length - 12))}${shown.slice(-4)}`,
        },
      })
    }
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined
    const replay = typeof key === 'string' ? fake.idempotent.get(key) : undefined
    if (replay) return send(response, replay.status, replay.body)

    const delay = fake.delays.find((entry) => entry.times > 0 && entry.path.test(url.pathname))
    if (delay) delay.times--
    const failure = fake.failures.find(
      (entry) => entry.times > 0 && entry.path.test(url.pathname) && (!entry.method || entry.method === method),
    )
    let status = 200
    let answer: unknown
    if (failure) {
      failure.times--
      status = failure.status
      answer = { error: { type: 'api_error', message: 'An unknown error occurred' } }
    } else {
      const route = fake.routes.find((entry) => entry.method === method && entry.path.test(url.pathname))
      try {
        if (!route)
          throw new StripeFailure(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${method}: ${url.pathname}).`,
          )
        // A snapshot: a delayed answer says what was true when the request arrived.
        answer = structuredClone(route.handle(params, url.pathname.match(route.path)!))
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error
        status = error.status
        answer = { error: { type: error.type, message: error.message, ...error.extra } }
      }
    }
    if (typeof key === 'string' && status < 500) fake.idempotent.set(key, { status, body: answer })
    if (delay) await pause(delay.ms)
    send(response, status, answer)
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  fake.baseUrl = `http://127.0.0.1:${port}`
  return Object.assign(fake, {
    url: fake.baseUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  })
}
