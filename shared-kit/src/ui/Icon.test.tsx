import { screen, waitFor } from '@testing-library/react';
import { Checkbox } from './Checkbox';
import { Dialog } from './Dialog';
import { Icon } from './Icon';
import { InfoPopup } from './InfoPopup';
import { PaginationControls } from './PaginationControls';
import { renderWithTheme } from './test-utils';

/** The control shows an SVG icon of the shared set and no text glyph a font could lack (ⓘ, ✕, «, ✓ ...). */
function expectDrawnIcon(control: HTMLElement, name: string) {
  const drawing = control.querySelector('svg');
  expect(drawing).not.toBeNull();
  expect(drawing).toHaveAttribute('data-icon', name);
  expect(drawing).toHaveAttribute('aria-hidden', 'true');
  expect(control.textContent?.trim()).toBe('');
}

describe('Icon', () => {
  it('draws a decorative SVG of the one icon set', () => {
    const { container } = renderWithTheme(<Icon name="trash" size={20} />);
    const drawing = container.querySelector('svg');
    expect(drawing).toHaveAttribute('aria-hidden', 'true');
    expect(drawing).toHaveAttribute('width', '20');
  });

  it('draws the help button of an info popup, before and after its popup code arrives', async () => {
    renderWithTheme(<InfoPopup label="Trial Days">How long a trial lasts.</InfoPopup>);
    expectDrawnIcon(screen.getByRole('button', { name: 'Help: Trial Days' }), 'info');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Help: Trial Days' })).toHaveAttribute('aria-haspopup', 'dialog'),
    );
    expectDrawnIcon(screen.getByRole('button', { name: 'Help: Trial Days' }), 'info');
  });

  it("draws the dialog's close button", async () => {
    renderWithTheme(<Dialog open onOpenChange={() => undefined} title="Distributing a Release" />);
    expectDrawnIcon(await screen.findByRole('button', { name: 'Close dialog' }), 'close');
  });

  it('draws the pagination arrows', () => {
    renderWithTheme(
      <PaginationControls
        pagination={{ records: { total: 75, per_page: 25 }, pages: { current: 2, previous: 1, next: 3, last: 3 } }}
        perPage={25}
        onPageChange={() => undefined}
        onPerPageChange={() => undefined}
      />,
    );
    expectDrawnIcon(screen.getByRole('button', { name: 'First page' }), 'first');
    expectDrawnIcon(screen.getByRole('button', { name: 'Previous page' }), 'previous');
    expectDrawnIcon(screen.getByRole('button', { name: 'Next page' }), 'next');
    expectDrawnIcon(screen.getByRole('button', { name: 'Last page' }), 'last');
  });

  it("draws a checkbox's tick and its indeterminate dash", () => {
    const { rerender } = renderWithTheme(
      <Checkbox checked aria-label="Select All" onCheckedChange={() => undefined} />,
    );
    expectDrawnIcon(screen.getByRole('checkbox', { name: 'Select All' }), 'check');
    rerender(<Checkbox checked="indeterminate" aria-label="Select All" onCheckedChange={() => undefined} />);
    expectDrawnIcon(screen.getByRole('checkbox', { name: 'Select All' }), 'indeterminate');
  });
});
