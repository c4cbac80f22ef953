import { createGlobalStyle } from 'styled-components';

export const theme = {
  colors: {
    primary: '#2f5fb3',
    primaryHover: '#264d91',
    onPrimary: '#ffffff',
    danger: '#c0392b',
    dangerHover: '#9e2f23',
    onDanger: '#ffffff',
    success: '#2e7d4f',
    text: '#1f2933',
    muted: '#5f6b7a',
    border: '#d5dbe3',
    background: '#f4f6f9',
    surface: '#ffffff',
    surfaceHover: '#eef2f7',
    selected: '#e6eefb',
    focus: '#4d8ef7',
    overlay: 'rgba(15, 23, 42, 0.45)',
  },
  spacing: {
    xs: '4px',
    sm: '8px',
    md: '16px',
    lg: '24px',
    xl: '32px',
  },
  radius: {
    small: '4px',
    normal: '6px',
    large: '10px',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    monospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    size: {
      small: '13px',
      normal: '14px',
      large: '18px',
      title: '24px',
    },
    weight: {
      normal: 400,
      medium: 500,
      bold: 600,
    },
    lineHeight: 1.5,
  },
  shadow: {
    card: '0 1px 2px rgba(15, 23, 42, 0.06)',
    raised: '0 10px 30px rgba(15, 23, 42, 0.18)',
  },
};

export type ProductHubTheme = typeof theme;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  body {
    margin: 0;
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.size.normal};
    line-height: ${({ theme }) => theme.font.lineHeight};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
  }

  button, input, select, textarea {
    font: inherit;
    color: inherit;
  }
`;

// In a .ts module (not a .d.ts) so the augmentation ships in dist and every app sees the typed theme.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging needs an interface
  export interface DefaultTheme extends ProductHubTheme {}
}
