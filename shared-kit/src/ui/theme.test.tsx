import { render } from '@testing-library/react';
import styled, { ThemeProvider } from 'styled-components';
import { GlobalStyle, theme } from './theme';

describe('theme', () => {
  it('holds the colours, spacing, radius and font the kit uses', () => {
    expect(Object.keys(theme.colors)).toEqual(
      expect.arrayContaining(['primary', 'danger', 'text', 'muted', 'border', 'background', 'surface']),
    );
    expect(theme.spacing.md).toBeTruthy();
    expect(theme.radius.normal).toBeTruthy();
    expect(theme.font.family).toBeTruthy();
  });

  it('reaches styled components through the ThemeProvider', () => {
    const Swatch = styled.div`
      color: ${({ theme: current }) => current.colors.primary};
    `;
    const { getByText } = render(
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <Swatch>swatch</Swatch>
      </ThemeProvider>,
    );
    expect(getByText('swatch')).toHaveStyle({ color: theme.colors.primary });
  });
});
