import { detailsLink } from './return-to';

describe('detailsLink', () => {
  it('links to the manufacturer with the encoded page to return to', () => {
    expect(detailsLink(12, '/Home/Manufacturers?page=2&x=a b')).toBe(
      '12?returnTo=%2FHome%2FManufacturers%3Fpage%3D2%26x%3Da+b',
    );
    expect(new URLSearchParams(detailsLink(12, '/Home/Manufacturers?page=2').split('?')[1]).get('returnTo')).toBe(
      '/Home/Manufacturers?page=2',
    );
  });
});
