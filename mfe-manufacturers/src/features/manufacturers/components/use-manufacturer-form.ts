import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, MANUFACTURER_SAVED_LEAVE_DELAY_MS, errorMessage, type Manufacturer } from 'shared-kit';
import { manufacturerFieldProblems, type ManufacturerFieldProblems } from 'shared-kit/contract';
import { useUpdateManufacturer } from '../api/update-manufacturer';
import { MANUFACTURER_NOT_FOUND, UPDATE_FAILED } from '../texts';
import { formValuesOf, hasChanges, type EditableField, type ManufacturerFormValues } from './form-values';

/**
 * The manufacturer form's states (SPEC §4): view mode → Edit → Save Changes (saved, then leave after 2 s) or
 * Cancel back to view mode with the stored values.
 */
export function useManufacturerForm(manufacturer: Manufacturer, onLeave: () => void) {
  const { update, saving } = useUpdateManufacturer();
  const nameInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<ManufacturerFormValues | null>(null);
  const [problems, setProblems] = useState<ManufacturerFieldProblems>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const stored = formValuesOf(manufacturer);
  const editing = draft !== null;
  // SPEC §2: only when something changed and nothing is loading.
  const canSave = editing && hasChanges(draft, stored) && !saving;

  useLeaveAfterSave(saved, onLeave);
  useEffect(() => {
    if (editing) nameInput.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setDraft(stored);
    setSaveError(null);
  };
  const cancel = () => {
    setDraft(null);
    setProblems({});
    setSaveError(null);
  };
  const change = (field: EditableField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = field === 'country_code' ? event.target.value.toUpperCase() : event.target.value;
    setDraft((current) => (current ? { ...current, [field]: value } : current));
    setProblems((current) => withoutProblem(current, field));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !canSave) return;
    const found = manufacturerFieldProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaveError(null);
    try {
      await update(manufacturer.id, { ...manufacturer, ...draft });
      setDraft(null);
      setSaved(true);
    } catch (error) {
      setSaveError(error instanceof ApiError && error.status === 404 ? MANUFACTURER_NOT_FOUND : errorMessage(error, UPDATE_FAILED));
    }
  };

  return { values: draft ?? stored, editing, saving, saved, saveError, problems, canSave, nameInput, startEditing, cancel, change, save };
}

function withoutProblem(problems: ManufacturerFieldProblems, field: EditableField): ManufacturerFieldProblems {
  const { [field as keyof ManufacturerFieldProblems]: _fixed, ...others } = problems;
  return others;
}

/** SPEC §9: 2000 ms after a successful save the page is left by the Back rule (unless the user left first). */
function useLeaveAfterSave(saved: boolean, onLeave: () => void) {
  const leave = useRef(onLeave);
  useEffect(() => {
    leave.current = onLeave;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => leave.current(), MANUFACTURER_SAVED_LEAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved]);
}
