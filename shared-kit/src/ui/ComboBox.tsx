import { lazyPart } from './lazy-part';
import { TextInput } from './FormControls';

export interface ComboBoxOption {
  id: number;
  label: string;
}

export interface ComboBoxProps {
  id: string;
  options: ComboBoxOption[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  emptyText?: string;
}

const useComboBoxView = lazyPart(() =>
  import(/* webpackChunkName: "combobox" */ './ComboBoxView').then((module) => module.ComboBoxView),
);

/**
 * An editable combo box; its code (Downshift) is fetched when the first one mounts, so the console's start-up does
 * not carry it. Until then the field stands in its place, read-only.
 */
export function ComboBox(props: ComboBoxProps) {
  const ComboBoxView = useComboBoxView();
  if (ComboBoxView) return <ComboBoxView {...props} />;
  return <TextInput id={props.id} placeholder={props.placeholder} aria-describedby={props.describedBy} readOnly />;
}
