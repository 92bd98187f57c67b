import { describe, expect, it } from 'vitest'
import {
  isPublicAddress,
  resolvePublicAddresses,
  WebhookAddressRefused,
  WebhookHostUnresolved,
} from './send-webhook-request.server'

describe('isPublicAddress', () => {
  it('sees a private or loopback IPv4 address in each IPv6 spelling that carries one', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '::FFFF:10.0.0.1',
      '::ffff:a9fe:a9fe', // 169.254.169.254, cloud metadata
      '::7f00:1', // IPv4-compatible
      '::127.0.0.1',
      '::8.8.8.8', // IPv4-compatible, deprecated: reaches nothing public
      '::ffff:0:7f00:1', // IPv4-translated
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '64:ff9b:1::a00:1',
      'fe80::1%eth0',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })

  it('lets public addresses through in the same spellings', () => {
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '2002:808:808::1', '2606:4700:4700::1111', '1.1.1.1'])
      expect(isPublicAddress(address), address).toBe(true)
  })
})

describe('resolvePublicAddresses', () => {
  const answering = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }]

  it('judges a bracketed IPv6 host as URLs write it, without a lookup', async () => {
    for (const host of ['[::7f00:1]', '[::ffff:7f00:1]', '[::1]'])
      await expect(resolvePublicAddresses(host, false, answering('8.8.8.8')), host).rejects.toBeInstanceOf(
        WebhookAddressRefused,
      )
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]')
    expect(new URL('http://[::127.0.0.1]/').hostname).toBe('[::7f00:1]')
  })

  it('refuses a name that resolves to a mapped loopback address, and allows it with private addresses allowed', async () => {
    await expect(resolvePublicAddresses('hooks.example', false, answering('::ffff:7f00:1'))).rejects.toBeInstanceOf(
      WebhookAddressRefused,
    )
    await expect(resolvePublicAddresses('hooks.example', true, answering('::ffff:7f00:1'))).resolves.toHaveLength(1)
  })

  it('says a name does not resolve when the lookup fails or finds nothing', async () => {
    const notFound = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' })
    }
    await expect(resolvePublicAddresses('nowhere.example', false, notFound)).rejects.toThrow(
      new WebhookHostUnresolved('nowhere.example', { code: 'ENOTFOUND' }),
    )
    await expect(resolvePublicAddresses('nowhere.example', true, async () => [])).rejects.toBeInstanceOf(
      WebhookHostUnresolved,
    )
    await expect(resolvePublicAddresses('crm.example', false, answering('93.184.215.14'))).resolves.toEqual([
      { address: '93.184.215.14', family: 4 },
    ])
  })
})
