import { describe, expect, it } from 'vitest'
import { credentialsOf } from './delivery-failure.ts'

describe('credentialsOf', () => {
  it('gives a URL credentials raw and decoded, to keep out of delivery records', () => {
    expect(credentialsOf(new URL('smtp://sales%40corp:p%40ss@mail.example.com'))).toEqual([
      'sales%40corp',
      'sales@corp',
      'p%40ss',
      'p@ss',
    ])
  })

  it('keeps a password with a % that starts no escape as written, instead of throwing', () => {
    expect(credentialsOf(new URL('smtp://u:pw%zz@mail.example.com'))).toEqual(['u', 'u', 'pw%zz', 'pw%zz'])
  })
})
