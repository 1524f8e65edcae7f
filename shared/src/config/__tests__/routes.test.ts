import { withoutTrailingSlashes } from '../routes';

describe('withoutTrailingSlashes', () => {
  it('drops every slash a path ends with, and nothing else', () => {
    expect(withoutTrailingSlashes('/loan/')).toBe('/loan');
    expect(withoutTrailingSlashes('/auth/login///')).toBe('/auth/login');
    expect(withoutTrailingSlashes('/loan')).toBe('/loan');
    expect(withoutTrailingSlashes('//a//b')).toBe('//a//b');
    expect(withoutTrailingSlashes('http://api.example/')).toBe('http://api.example');
    expect(withoutTrailingSlashes('/')).toBe('');
    expect(withoutTrailingSlashes('')).toBe('');
  });

  it('takes a megabyte of slashes in linear time', () => {
    const path = `/a${'/'.repeat(1_000_000)}`;
    expect(withoutTrailingSlashes(path)).toBe('/a');
    expect(withoutTrailingSlashes(`${path}x`)).toBe(`${path}x`);
  });
});
