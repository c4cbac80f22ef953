import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from './theme';
import { Tabs } from './Tabs';

const TABS = [
  { id: 'a', label: 'First', content: <p>First panel</p> },
  { id: 'b', label: 'Second', content: <p>Second panel</p> },
  { id: 'c', label: 'Third', content: <p>Third panel</p> },
];

function renderTabs() {
  render(
    <ThemeProvider theme={theme}>
      <Tabs tabs={TABS} label="Example" />
    </ThemeProvider>,
  );
  return userEvent.setup();
}

describe('Tabs', () => {
  it('shows the first tab’s panel, labelled by its tab', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'First' })).toHaveTextContent('First panel');
  });

  it('switches panels on click', async () => {
    const user = renderTabs();
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    expect(screen.queryByText('First panel')).not.toBeInTheDocument();
  });

  it('moves with the arrow keys, Home and End, keeping one tab stop', async () => {
    const user = renderTabs();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Third panel');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'First' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Third' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('First panel');
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });
});
