import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/helpers';
import { bearerFrom, decodeToken, rolesOf } from './token';

describe('token claims (docs/product/rules.md#roles)', () => {
  it('reads roles given as strings or as {authority} objects, ignoring unknown ones', () => {
    expect(rolesOf(decodeToken(makeToken({ roles: ['SHOP_OWNER', 'ROLE_USER'] })))).toEqual(['SHOP_OWNER', 'ROLE_USER']);
    expect(rolesOf(decodeToken(makeToken({ roles: [{ authority: 'OWNER' }, { authority: 'ROLE_ADMIN' }] })))).toEqual(['OWNER']);
  });

  it('treats a malformed token as no token', () => {
    expect(decodeToken('abc')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(`x.${btoa('"just a string"')}.y`)).toBeNull();
    expect(rolesOf(decodeToken('abc'))).toEqual([]);
  });

  it('takes the token out of a Bearer header', () => {
    expect(bearerFrom('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerFrom('Basic xyz')).toBeNull();
    expect(bearerFrom(null)).toBeNull();
  });
});
