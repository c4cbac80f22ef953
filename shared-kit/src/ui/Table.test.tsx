import { Profiler, useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table, type RowId, type TableColumn } from './Table';
import { renderWithTheme } from './test-utils';

// Which parts of the table React rendered, from <Profiler> (its onRender runs for every commit in which it or a
// descendant rendered): each checkbox sits in a Profiler named by its label, so a row's selection box reports a
// render of that row; the profiled column below reports a render of the row's cells.
const mockRendered: string[] = [];
jest.mock('./Checkbox', () => {
  const { createElement, Profiler: ReactProfiler } = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('./Checkbox')>('./Checkbox');
  return {
    ...actual,
    Checkbox: (props: import('./Checkbox').CheckboxProps) =>
      createElement(
        ReactProfiler,
        { id: props['aria-label'] ?? 'checkbox', onRender: (id: string) => mockRendered.push(id) },
        createElement(actual.Checkbox, props),
      ),
  };
});
/** Which profiled parts rendered since `start`, each once (Radix's indicator adds a commit of its own). */
const renderedSince = (start: number, prefix: string) => [
  ...new Set(mockRendered.slice(start).filter((id) => id.startsWith(prefix))),
];
beforeEach(() => {
  mockRendered.length = 0;
});

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

const profiledColumns: TableColumn<Product>[] = [
  {
    id: 'profiled',
    header: 'Profiled',
    cell: (row) => (
      <Profiler id={`Cells of ${row.name}`} onRender={(id) => mockRendered.push(id)}>
        {row.name}
      </Profiler>
    ),
  },
  ...columns,
];

function SelectableTable({
  rows = products,
  profiled = false,
  columns: given,
}: {
  rows?: Product[];
  profiled?: boolean;
  columns?: TableColumn<Product>[];
}) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<RowId>>(new Set());
  const allSelected = rows.every((row) => selectedIds.has(row.id));
  const tableColumns = given ?? (profiled ? profiledColumns : columns);
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
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'Delay']);
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

  // Which cells the CSS pins or labels; that the layout holds at real widths (cards on a phone, sticky ends at 1024
  // and 1280) is proven in a browser by e2e/tests/responsive.spec.ts (jsdom applies no media queries).
  it('marks the identifying column to pin at the start and the actions at the end, and labels cells for cards', () => {
    const withActions: TableColumn<Product>[] = [
      ...columns,
      { id: 'actions', header: 'Actions', cell: (product) => <button type="button">{`Edit ${product.name}`}</button> },
    ];
    renderWithTheme(
      <Table columns={withActions} rows={products} getRowId={(product) => product.id} caption="Products" />,
    );

    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveStyle({ whiteSpace: 'nowrap' });
    const delay = screen.getByRole('cell', { name: 'Delay' }).closest('tr')!;
    const cells = within(delay).getAllByRole('cell');
    expect(cells.map((cell) => [cell.getAttribute('data-pinned'), cell.getAttribute('data-label')])).toEqual([
      ['start', 'ID'],
      [null, 'Name'],
      ['end', null],
    ]);
    expect(within(cells[2]).getByRole('button', { name: 'Edit Delay' })).toBeInTheDocument();
  });

  it('pins the identifying column after the selection box, and labels a cell by its column label when the header is not text', () => {
    const labelled: TableColumn<Product>[] = [
      { id: 'title', header: <span>Title</span>, label: 'Product name', cell: (product) => product.name },
      ...columns,
    ];
    renderWithTheme(<SelectableTable rows={products} columns={labelled} />);

    const row = screen.getByRole('checkbox', { name: 'Select row Delay' }).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => [cell.getAttribute('data-pinned'), cell.getAttribute('data-label')])).toEqual([
      [null, null],
      ['after-select', 'Product name'],
      [null, 'ID'],
      [null, 'Name'],
    ]);
  });

  // Found by label, not by role: computing the accessible names of 250 rows makes jsdom slow.
  describe('with 250 rows', () => {
    const rows = Array.from({ length: 250 }, (_, index) => ({ id: index + 1, name: `Product ${index + 1}` }));

    it('renders only the ticked row when one row is ticked, and none of its cells', async () => {
      renderWithTheme(<SelectableTable rows={rows} profiled />);
      expect(renderedSince(0, 'Select row ')).toHaveLength(250);
      expect(renderedSince(0, 'Cells of ')).toHaveLength(250);

      const start = mockRendered.length;
      await userEvent.click(screen.getByLabelText('Select row Product 42'));
      expect(screen.getByLabelText('Select row Product 42')).toBeChecked();
      expect(renderedSince(start, 'Select row ')).toEqual(['Select row Product 42']);
      expect(renderedSince(start, 'Cells of ')).toEqual([]);
    });

    it("renders each row's checkbox but no row's cells when all are selected", async () => {
      renderWithTheme(<SelectableTable rows={rows} profiled />);
      const start = mockRendered.length;
      await userEvent.click(screen.getByLabelText('Select All'));
      const rowBoxes = screen.getAllByLabelText(/^Select row /);
      expect(rowBoxes).toHaveLength(250);
      rowBoxes.forEach((box) => expect(box).toBeChecked());
      expect(renderedSince(start, 'Select row ')).toEqual(rows.map((row) => `Select row ${row.name}`));
      expect(renderedSince(start, 'Cells of ')).toEqual([]);
    });
  });
});
