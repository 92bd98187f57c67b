import { describe, expect, it } from 'vitest'
import { checkTracingEnv, defaultServiceName } from './tracing'

describe('the tracing variables', () => {
  it('take an http(s) endpoint and the OTLP protocols, blanks as unset', () => {
    expect(
      checkTracingEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: ' ',
      }),
    ).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    })
  })

  it('refuse what the exporter could not send to, naming the variable', () => {
    expect(() => checkTracingEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:\/\/ or https:\/\/ address/,
    )
    expect(() => checkTracingEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'ftp://collector/v1/traces' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/,
    )
    expect(() =>
      checkTracingEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'json' }),
    ).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL/)
  })

  it('are said as a configuration error, which server.js prints as it is', () => {
    const error = (() => {
      try {
        checkTracingEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'nowhere' })
      } catch (thrown) {
        return thrown as Error
      }
    })()
    expect(error?.name).toBe('EnvError')
    expect(error?.message).toMatch(/^Traces are not configured correctly:/)
  })
})

describe('the service name', () => {
  it('is afterglow-web or afterglow-worker by default', () => {
    expect(defaultServiceName({}, 'web')).toBe('afterglow-web')
    expect(defaultServiceName({}, 'worker')).toBe('afterglow-worker')
  })

  it("is the operator's when OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES names one", () => {
    expect(defaultServiceName({ OTEL_SERVICE_NAME: 'shows' }, 'worker')).toBeUndefined()
    expect(defaultServiceName({ OTEL_RESOURCE_ATTRIBUTES: 'team=live, service.name=shows' }, 'web')).toBeUndefined()
    expect(defaultServiceName({ OTEL_RESOURCE_ATTRIBUTES: 'service.namespace=afterglow' }, 'web')).toBe('afterglow-web')
  })
})
