import { attachmentFileName } from './attachment-file-name';

describe('attachmentFileName', () => {
  it('reads the quoted file name the server sends', () => {
    expect(attachmentFileName('attachment; filename="product-12-licenses-2026-11-23.csv"', 'x.csv')).toBe(
      'product-12-licenses-2026-11-23.csv',
    );
  });

  it('prefers filename* (RFC 6266) and reads a bare token', () => {
    expect(attachmentFileName(`attachment; filename="a.csv"; filename*=UTF-8''K%C3%A4ufer.csv`, 'x.csv')).toBe(
      'Käufer.csv',
    );
    expect(attachmentFileName('attachment; filename=users.csv', 'x.csv')).toBe('users.csv');
  });

  it('falls back without a header or a name', () => {
    expect(attachmentFileName(null, 'products.csv')).toBe('products.csv');
    expect(attachmentFileName('attachment', 'products.csv')).toBe('products.csv');
  });
});
