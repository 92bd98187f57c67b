// `npm run billing:setup`: creates the Stripe products and monthly prices that checkout finds by
// lookup key (one product per paid plan, one price per plan and currency, amounts from the app's
// plan table), in the account of STRIPE_SECRET_KEY (through STRIPE_API_URL when set). Running it
// again creates nothing that is already there. The work is in
// app/features/billing/server/set-up-stripe-prices.server.ts (loaded as load-app-modules.js says).
import { bundleAppModules } from './load-app-modules.js'

try {
  const load = await bundleAppModules(['setUpStripePrices', 'stripeProvider'])
  const { readStripeSetupConfig, setUpStripePrices } = await load('setUpStripePrices')
  const { stripeClient } = await load('stripeProvider')
  const config = readStripeSetupConfig(process.env)
  const mode = config.STRIPE_SECRET_KEY.startsWith('sk_live_') ? 'LIVE mode' : 'test mode'
  console.log(
    `Stripe account of ${config.STRIPE_SECRET_KEY.slice(0, 8)}…${config.STRIPE_SECRET_KEY.slice(-4)} (${mode})${config.STRIPE_API_URL ? ` at ${config.STRIPE_API_URL}` : ''}`,
  )
  const steps = await setUpStripePrices(stripeClient(config), (step) => {
    const replaced = step.replacedId ? `, archived ${step.replacedId}` : ''
    console.log(`  ${step.outcome.padEnd(8)} ${step.kind.padEnd(7)} ${step.id}  ${step.label}${replaced}`)
  })
  const count = (outcome) => steps.filter((step) => step.outcome === outcome).length
  console.log(`Done: ${count('created')} created, ${count('replaced')} replaced, ${count('found')} already there.`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
