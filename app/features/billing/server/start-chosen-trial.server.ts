import type { TenantContext } from '#app/access/context'
import { TRIAL_PLAN } from '../plans'
import { startTrial } from './start-trial.server'

/**
 * The trial a person chose on the pricing page before signing up ("Start free trial"), started
 * for the first company they create. The choice is kept on the person (auth.server.ts), so it
 * survives the e-mail confirmation, and is given up once used (`giveUpChoice`), whatever the
 * trial's answer: a company that already had one is simply not given another. The company's
 * context is opened only when there is a trial to start (`openCompany`, from the access module).
 */
export async function startChosenTrial(
  chosen: string | null | undefined,
  openCompany: () => Promise<TenantContext | null>,
  giveUpChoice: () => Promise<unknown>,
) {
  if (chosen !== TRIAL_PLAN) return null
  const company = await openCompany()
  if (!company) return null
  const result = await startTrial(company)
  await giveUpChoice()
  return result
}
