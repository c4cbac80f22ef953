import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InfoPopup } from './InfoPopup';
import { renderWithTheme } from './test-utils';

function setup() {
  renderWithTheme(
    <>
      <InfoPopup label="Trial Days">How many days a trial of this product lasts.</InfoPopup>
      <p>Outside</p>
    </>,
  );
  return screen.getByRole('button', { name: 'Help: Trial Days' });
}

describe('InfoPopup', () => {
  it('opens the help text from its button', async () => {
    const trigger = setup();
    expect(screen.queryByText('How many days a trial of this product lasts.')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    expect(screen.getByText('How many days a trial of this product lasts.')).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens from the keyboard and closes with Escape', async () => {
    const trigger = setup();
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('How many days a trial of this product lasts.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('How many days a trial of this product lasts.')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const trigger = setup();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByText('How many days a trial of this product lasts.')).not.toBeInTheDocument();
  });
});
