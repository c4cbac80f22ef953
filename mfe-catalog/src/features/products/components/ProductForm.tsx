import { useState } from 'react';
import { PRODUCT_TYPES, type Product, type ProductType } from 'shared-kit';
import { CheckboxField, SaveCancel, SelectField, TextField, useCheckedSubmit } from 'shared-kit/forms';
import { FormGrid } from '../../../shared/components/layout';
import { DependencyField } from './DependencyField';
import { productFieldHelp as help } from './product-field-help';
import { validateProductForm, withType, type ProductFormValues } from './product-form-state';
import { PublicKeyField } from './PublicKeyField';

export interface ProductFormProps {
  initialValues: ProductFormValues;
  /** The product being edited; absent when creating. */
  product?: Product;
  /** Saves the values; rejects when saving failed (the form stays as typed). */
  onSave: (values: ProductFormValues) => Promise<void>;
  /** While the save is under way. */
  saving: boolean;
  cancelTo: string;
}

const SHORT_TEXT = 200;
const LONG_TEXT = 1000;

export function ProductForm({ initialValues, product, onSave, saving, cancelTo }: ProductFormProps) {
  const [values, setValues] = useState(initialValues);
  const { errors, formProps } = useCheckedSubmit({ values, validate: validateProductForm, onSave });

  const set = <K extends keyof ProductFormValues>(field: K) => (value: ProductFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const text = (field: keyof ProductFormValues & keyof typeof help, label: string, maxLength = SHORT_TEXT) => ({
    label,
    value: values[field] as string,
    onValueChange: set(field) as (value: string) => void,
    info: help[field],
    error: errors[field],
    maxLength,
  });

  return (
    <form {...formProps} aria-label={product ? 'Update Product' : 'Create Product'}>
      <FormGrid>
        <SelectField label="Type" value={values.type} onValueChange={(type) => setValues(withType(values, type as ProductType))} info={help.type} error={errors.type} required>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField {...text('name', 'Name')} required />
        <TextField {...text('plugin_name', 'Plugin Name')} required />
        <DependencyField
          value={values.dependency_id}
          onChange={set('dependency_id')}
          enabled={values.type === 'ContentOnly'}
          error={errors.dependency_id}
          excludeProductId={product?.id}
        />
        <TextField {...text('identifier', 'Identifier')} />
        <TextField {...text('trial_days', 'Trial Days')} inputMode="numeric" />
        <TextField {...text('series', 'Series')} />
        <TextField {...text('content_base_directory', 'Content Base Directory', LONG_TEXT)} disabled={values.type !== 'PluginOnly'} />
        <TextField {...text('tagline', 'Tagline', LONG_TEXT)} />
        <TextField {...text('page', 'Product Page', LONG_TEXT)} type="url" />
        <TextField {...text('app_image', 'App Image', LONG_TEXT)} />
        <TextField {...text('plugin_browser_logo', 'Plugin Browser Logo', LONG_TEXT)} />
        <TextField {...text('plugin_browser_moodshot', 'Plugin Browser Moodshot', LONG_TEXT)} />
        <TextField {...text('app_sort_order', 'App Sort Order')} inputMode="numeric" />
        <TextField {...text('app_sort_order_featured', 'App Sort Order Featured')} inputMode="numeric" />
        <CheckboxField label="App Featured" checked={values.app_featured} onCheckedChange={set('app_featured')} info={help.app_featured} />
        {product && (
          <>
            <PublicKeyField publicKey={product.public_key} />
            <TextField {...text('upgrade_id', 'Upgrade ID')} />
            <CheckboxField label="Deprecated" checked={values.deprecated} onCheckedChange={set('deprecated')} info={help.deprecated} />
          </>
        )}
        <TextField {...text('machine_limit', 'Machine Limit')} inputMode="numeric" />
      </FormGrid>
      <SaveCancel saving={saving} cancelTo={cancelTo} />
    </form>
  );
}
