import { within } from '@testing-library/react';

/** A table's column titles as the user reads them, left to right. */
export const columnTitles = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

/** A row's cell texts as the user reads them, left to right. */
export const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
