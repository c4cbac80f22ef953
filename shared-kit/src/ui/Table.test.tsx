import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table, type RowId, type TableColumn } from './Table';
import { renderWithTheme } from './test-utils';

interface Product {
  id: number;
  name: string;
}

const products: Product[] = [
  { id: 1, name: 'Reverb' },
  { id: 2, name: 'Delay' },
  { id: 3, name: 'Chorus' },
];

const columns: TableColumn<Product>[] = [
  { id: 'id', header: 'ID', cell: (product) => product.id, width: '80px' },
  { id: 'name', header: 'Name', cell: (product) => product.name },
];

function SelectableTable({ rows = products, cellSpy }: { rows?: Product[]; cellSpy?: jest.Mock }) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<RowId>>(new Set());
  const allSelected = rows.every((row) => selectedIds.has(row.id));
  const [tableColumns] = useState(() =>
    cellSpy ? [{ id: 'spy', header: 'Spy', cell: (row: Product) => cellSpy(row.id) }, ...columns] : columns,
  );
  return (
    <Table
      caption="Products"
      columns={tableColumns}
      rows={rows}
      getRowId={(row) => row.id}
      selection={{
        selectedIds,
        // A new function on every render on purpose: the table must keep rows memoized anyway.
        onToggleRow: (id) =>
          setSelectedIds((current) => {
            const next = new Set(current);
            if (next.has(id)) next.delete(id);
            else next.add(id);
            return next;
          }),
        onToggleAll: () => setSelectedIds(allSelected ? new Set() : new Set(rows.map((row) => row.id))),
        rowLabel: (row) => row.name,
      }}
    />
  );
}

describe('Table', () => {
  it('renders a semantic table with column headers and a screen-reader caption', () => {
    renderWithTheme(<Table caption="Products" columns={columns} rows={products} getRowId={(row) => row.id} />);
    const table = screen.getByRole('table', { name: 'Products' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['ID', 'Name']);
    headers.forEach((header) => expect(header).toHaveAttribute('scope', 'col'));
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'Delay']);
  });

  it('puts the table in a named scroll region that the keyboard can reach', async () => {
    renderWithTheme(<Table caption="Products" columns={columns} rows={products} getRowId={(row) => row.id} />);
    await userEvent.setup().tab();
    expect(screen.getByRole('group', { name: 'Products (scrollable)' })).toHaveFocus();
  });

  it('shows a loading row instead of the rows while loading', () => {
    renderWithTheme(<Table columns={columns} rows={products} getRowId={(row) => row.id} isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Reverb')).not.toBeInTheDocument();
    expect(screen.getByRole('cell')).toHaveAttribute('colspan', '2');
  });

  it('shows the empty text when there are no rows', () => {
    const { rerender } = renderWithTheme(<Table columns={columns} rows={[]} getRowId={(row) => row.id} />);
    expect(screen.getByText('No records found.')).toBeInTheDocument();
    rerender(<Table columns={columns} rows={[]} getRowId={(row) => row.id} emptyText="No fingerprints found." />);
    expect(screen.getByText('No fingerprints found.')).toBeInTheDocument();
  });

  it('adds a selection column with Select All and one checkbox per row', async () => {
    renderWithTheme(<SelectableTable />);
    const selectAll = screen.getByRole('checkbox', { name: 'Select All' });
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(selectAll).not.toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row Delay' }));
    expect(screen.getByRole('checkbox', { name: 'Select row Delay' })).toBeChecked();
    expect(selectAll).toHaveAttribute('aria-checked', 'mixed');

    await userEvent.click(selectAll);
    products.forEach((product) =>
      expect(screen.getByRole('checkbox', { name: `Select row ${product.name}` })).toBeChecked(),
    );
    expect(selectAll).toBeChecked();

    await userEvent.click(selectAll);
    expect(screen.getByRole('checkbox', { name: 'Select row Reverb' })).not.toBeChecked();
    expect(selectAll).not.toBeChecked();
  });

  it('labels row checkboxes by id when no rowLabel is given', () => {
    renderWithTheme(
      <Table
        columns={columns}
        rows={products}
        getRowId={(row) => row.id}
        selection={{ selectedIds: new Set([3]), onToggleRow: jest.fn(), onToggleAll: jest.fn() }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).not.toBeChecked();
  });

  it('disables Select All when there is nothing to select', () => {
    renderWithTheme(<SelectableTable rows={[]} />);
    expect(screen.getByRole('checkbox', { name: 'Select All' })).toBeDisabled();
  });

  it('re-renders only the row whose selection changed', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => ({ id: index + 1, name: `Product ${index + 1}` }));
    const cellSpy = jest.fn((id: number) => id);
    renderWithTheme(<SelectableTable rows={rows} cellSpy={cellSpy} />);
    expect(cellSpy).toHaveBeenCalledTimes(250);

    cellSpy.mockClear();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row Product 42' }));
    expect(cellSpy).toHaveBeenCalledTimes(1);
    expect(cellSpy).toHaveBeenCalledWith(42);
  });
});
