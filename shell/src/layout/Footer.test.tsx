import { screen } from '@testing-library/react';
import { renderPage } from 'shared-kit/testing';
import { Footer } from './Footer';

describe('Footer', () => {
  it('shows the version and a test environment, not marked as production', () => {
    renderPage(<Footer version="2.0.1" environment="staging" />);

    expect(screen.getByRole('contentinfo')).toHaveTextContent('ProductHub 2.0.1');
    expect(screen.getByText('staging')).toHaveAttribute('data-production', 'false');
  });

  it.each(['production', 'Production', 'PRODUCTION'])('marks %s as production', (environment) => {
    renderPage(<Footer version="2.0.1" environment={environment} />);

    expect(screen.getByText(environment)).toHaveAttribute('data-production', 'true');
  });

  it('shows no environment label when none is configured', () => {
    renderPage(<Footer version="2.0.1" environment="" />);

    expect(screen.getByRole('contentinfo')).toHaveTextContent(/^ProductHub 2\.0\.1$/);
  });
});
