import { TextField } from '../../../components/FormField';

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
};

/** A multipart form with every text field trimmed (images are appended by the caller). */
export function propertyFormData(values: PropertyValues): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
  return form;
}

/** Street, City, State, Pincode (digits only) and the optional Landmark. */
export function AddressFields({
  values,
  onChange,
  errors,
  autoFocus = false,
}: {
  values: PropertyValues;
  onChange: (patch: Partial<PropertyValues>) => void;
  errors?: Record<string, string>;
  autoFocus?: boolean;
}) {
  const text = (k: 'street' | 'city' | 'state' | 'landmark') => (e: { target: { value: string } }) => onChange({ [k]: e.target.value });
  return (
    <>
      <TextField label="Street" required value={values.street} onChange={text('street')} error={errors?.street} autoFocus={autoFocus} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="City" required value={values.city} onChange={text('city')} error={errors?.city} />
        <TextField label="State" required value={values.state} onChange={text('state')} error={errors?.state} />
        <TextField
          label="Pincode"
          required
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          value={values.pincode}
          onChange={(e) => onChange({ pincode: e.target.value.replace(/\D/g, '') })}
          error={errors?.pincode}
        />
        <TextField label="Landmark" value={values.landmark} onChange={text('landmark')} hint="Optional" />
      </div>
    </>
  );
}
