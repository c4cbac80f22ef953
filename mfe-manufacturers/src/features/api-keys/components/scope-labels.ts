import { API_KEY_SCOPE_ACTIONS, API_KEY_SCOPES, STAFF_ACTION_WORDS, type ApiKeyScope } from 'shared-kit/contract';
import type { CheckboxChoice } from 'shared-kit/forms';

/** The console's name of each scope (docs/selling.md, "API keys"). */
const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read',
  'builds:upload': 'Upload builds',
  'orders:write': 'Write orders',
};

/** Each scope, in the contract's order, with what it allows in the permission table's words for its action. */
export const SCOPE_CHOICES: CheckboxChoice<ApiKeyScope>[] = API_KEY_SCOPES.map((scope) => ({
  value: scope,
  label: SCOPE_LABELS[scope],
  help: `${STAFF_ACTION_WORDS[API_KEY_SCOPE_ACTIONS[scope]].allows}.`,
}));

export const scopeLabel = (scope: string) => SCOPE_CHOICES.find((choice) => choice.value === scope)?.label ?? scope;
