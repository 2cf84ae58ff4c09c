import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/FormField';
import { filtered } from '../../../components/form';
import { useOwnerPropertiesT } from '../i18n/owner';

/** The text fields of a property, as the Add Property wizard and Edit property hold them. */
export type PropertyValues = {
  title: string;
  amenities: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  landmark: string;
  propertyType: string;
  description: string;
  // The listing facts (ADR 048); '' is "not given" (the server keeps or defaults it).
  locality: string;
  configuration: string;
  furnishing: string;
  tenantType: string;
  availableFrom: string;
  deposit: string;
  veg: string;
  pets: string;
  parking: string;
};

export const EMPTY_PROPERTY: PropertyValues = {
  title: '',
  amenities: '',
  street: '',
  city: '',
  state: '',
  pincode: '',
  landmark: '',
  propertyType: '',
  description: '',
  locality: '',
  configuration: '',
  furnishing: '',
  tenantType: '',
  availableFrom: '',
  deposit: '',
  veg: 'false',
  pets: 'false',
  parking: '',
};

/** Optional facts: left out of the form when empty. */
const FACT_FIELDS = new Set(['configuration', 'furnishing', 'tenantType', 'availableFrom', 'deposit', 'parking']);

/** A multipart form with every text field trimmed (images are appended by the caller). */
export function propertyFormData(values: PropertyValues): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) if (v.trim() !== '' || !FACT_FIELDS.has(k)) form.append(k, v.trim());
  return form;
}

/** The multipart field names of a property's text fields (where server field errors may land). */
export const PROPERTY_FIELDS = Object.keys(EMPTY_PROPERTY) as (keyof PropertyValues)[];

/** Street, City, State, Pincode (digits only) and the optional Landmark, bound to a property form. */
export function AddressFields({ form, autoFocus = false }: { form: UseFormReturn<PropertyValues>; autoFocus?: boolean }) {
  const t = useOwnerPropertiesT();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <TextField label={t('address.street')} required error={errors.street?.message} autoFocus={autoFocus} {...register('street')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('address.city')} required error={errors.city?.message} {...register('city')} />
        <TextField label={t('address.state')} required error={errors.state?.message} {...register('state')} />
        <TextField
          label={t('address.pincode')}
          required
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          error={errors.pincode?.message}
          {...filtered(register('pincode'), (v) => v.replace(/\D/g, ''))}
        />
        <TextField label={t('address.landmark')} hint={t('address.optional')} error={errors.landmark?.message} {...register('landmark')} />
      </div>
    </>
  );
}
