import { createRef } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, IconButton } from './Button';
import { renderWithTheme } from './test-utils';

describe('Button', () => {
  it('is a plain button by default so it never submits a form by accident', () => {
    renderWithTheme(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('forwards button props and the ref', async () => {
    const onClick = jest.fn();
    const ref = createRef<HTMLButtonElement>();
    renderWithTheme(
      <Button ref={ref} variant="danger" size="small" type="submit" onClick={onClick} title="Delete it">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('title', 'Delete it');
    expect(ref.current).toBe(button);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does nothing when disabled', async () => {
    const onClick = jest.fn();
    renderWithTheme(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is usable with the keyboard', async () => {
    const onClick = jest.fn();
    renderWithTheme(<Button onClick={onClick}>Save</Button>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('IconButton', () => {
  it('is named by its aria-label and hides the glyph from screen readers', async () => {
    const onClick = jest.fn();
    renderWithTheme(
      <IconButton aria-label="Delete trial" onClick={onClick}>
        🗑
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Delete trial' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveTextContent('🗑');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
