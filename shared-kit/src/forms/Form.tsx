import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { FormProvider, type FieldValues } from 'react-hook-form';
import type { ContractForm } from './use-contract-form';

export interface FormProps<Values extends FieldValues> extends Omit<
  ComponentPropsWithoutRef<'form'>,
  'onSubmit' | 'noValidate'
> {
  form: ContractForm<Values>;
  /** The element (or styled form) to render, `form` by default. */
  as?: ElementType;
}

/** A form of `useContractForm`: its fields (`TextField`, `SelectField`, `CheckboxField`) bind by `name`. */
export function Form<Values extends FieldValues>({
  form,
  as: Element = 'form',
  children,
  ...formProps
}: FormProps<Values>) {
  return (
    <FormProvider {...form.methods}>
      <Element {...formProps} {...form.formProps}>
        {children}
      </Element>
    </FormProvider>
  );
}
