import { theme } from 'shared-kit';
import { portalTheme, textOn } from './branding';

describe('the portal theme', () => {
  it('takes the brand colour as primary, with readable text on it', () => {
    const dark = portalTheme(theme, '#1D3557');
    expect(dark.colors).toMatchObject({ primary: '#1d3557', onPrimary: '#ffffff' });
    expect(portalTheme(theme, '#ffd60a').colors.onPrimary).toBe('#000000');
    expect(textOn('#777777')).toBe('#000000');
  });

  it("keeps the kit's colours without a valid brand colour, and lets the integrator's overrides win", () => {
    expect(portalTheme(theme, null).colors.primary).toBe(theme.colors.primary);
    expect(portalTheme(theme, 'red').colors.primary).toBe(theme.colors.primary);
    const themed = portalTheme(theme, '#1d3557', {
      colors: { primary: '#004400' },
      font: { family: 'Georgia, serif' },
    });
    expect(themed.colors.primary).toBe('#004400');
    expect(themed.font.family).toBe('Georgia, serif');
  });
});
