import { pageTitle } from '../document-title';

describe('pageTitle', () => {
  it('names the page before the product', () => {
    expect(pageTitle('/loan')).toBe('Loans · Lending panel');
    expect(pageTitle('/auth/login/')).toBe('Login · Lending panel');
    expect(pageTitle('/qr')).toBe('QR Generator · Lending panel');
  });

  it('falls back to the product name on unknown paths', () => {
    expect(pageTitle('/nowhere')).toBe('Lending panel');
  });
});
