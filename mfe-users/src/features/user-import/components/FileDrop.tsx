import { useId, useState, type DragEvent } from 'react';
import styled from 'styled-components';

const Zone = styled.div<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.xl};
  border: 2px dashed ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme, $active }) => ($active ? theme.colors.selected : theme.colors.surface)};
  text-align: center;
`;

const FileLabel = styled.label`
  display: inline-block;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radius.normal};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  cursor: pointer;
  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

export interface FileDropProps {
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** Drop a CSV file here, or choose one with the file input (the keyboard's and screen reader's way). */
export function FileDrop({ onFile, disabled = false }: FileDropProps) {
  const [active, setActive] = useState(false);
  const hintId = useId();
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    setActive(true);
  };
  return (
    <Zone
      $active={active}
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setActive(false)}
      onDrop={(event) => {
        event.preventDefault();
        setActive(false);
        take(event.dataTransfer.files);
      }}
    >
      <Hint id={hintId}>Drag a CSV file here, or</Hint>
      <FileLabel>
        Choose a CSV file
        <HiddenInput
          type="file"
          accept=".csv,text/csv"
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      </FileLabel>
    </Zone>
  );
}
