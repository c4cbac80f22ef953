import type { ReactNode } from 'react';
import styled from 'styled-components';

const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  font-size: ${({ theme }) => theme.font.size.small};
  th,
  td {
    padding: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

export interface FigureTableProps<Row> {
  columns: { title: string; numeric?: boolean; cell: (row: Row) => ReactNode }[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
}

/** The numbers of a figure as a plain table, readable without its chart. */
export function FigureTable<Row>({ columns, rows, rowKey }: FigureTableProps<Row>) {
  return (
    <Table>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.title} scope="col" className={column.numeric ? 'number' : undefined}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.title} className={column.numeric ? 'number' : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
