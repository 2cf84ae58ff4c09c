import { CONFIGURATIONS, FURNISHINGS, LISTING_TENANT_TYPES, PARKINGS } from '@kiraya/contract/constants';
import type { UseFormReturn } from 'react-hook-form';
import { Options, SelectField, TextField } from '../../../components/FormField';
import { factLabel } from '../filters';
import { usePropertiesT } from '../i18n';
import { useOwnerPropertiesT } from '../i18n/owner';
import type { PropertyValues } from './PropertyFormFields';

const checkClass = 'h-4 w-4 rounded border-slate-400 text-brand-700 focus:ring-brand-600';

/**
 * The listing facts renters search by (ADR 048), in the Add Property wizard's third step and on Edit property:
 * locality, BHK or sharing, furnishing, who may rent, available from, deposit, parking, veg only and pets.
 */
export function ListingFactsFields({ form }: { form: UseFormReturn<PropertyValues> }) {
  const t = useOwnerPropertiesT();
  const names = usePropertiesT();
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const check = (name: 'veg' | 'pets', label: string) => (
    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className={checkClass}
        checked={watch(name) === 'true'}
        onChange={(e) => setValue(name, e.target.checked ? 'true' : 'false', { shouldDirty: true })}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{t('facts.legend')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('facts.locality')}
          hint={t('facts.localityHint')}
          maxLength={80}
          error={errors.locality?.message}
          {...register('locality')}
        />
        <SelectField label={t('facts.configuration')} error={errors.configuration?.message} {...register('configuration')}>
          <Options items={CONFIGURATIONS} empty={t('facts.choose')} label={(c) => factLabel(names, 'configuration', c)} />
        </SelectField>
        <SelectField label={t('facts.furnishing')} error={errors.furnishing?.message} {...register('furnishing')}>
          <Options items={FURNISHINGS} empty={t('facts.choose')} label={(c) => factLabel(names, 'furnishing', c)} />
        </SelectField>
        <SelectField label={t('facts.tenantType')} error={errors.tenantType?.message} {...register('tenantType')}>
          <Options items={LISTING_TENANT_TYPES} empty={t('facts.choose')} label={(c) => factLabel(names, 'tenantType', c)} />
        </SelectField>
        <TextField label={t('facts.availableFrom')} type="date" error={errors.availableFrom?.message} {...register('availableFrom')} />
        <TextField label={t('facts.deposit')} inputMode="decimal" maxLength={12} error={errors.deposit?.message} {...register('deposit')} />
        <SelectField label={t('facts.parking')} error={errors.parking?.message} {...register('parking')}>
          <Options items={PARKINGS} empty={t('facts.choose')} label={(c) => factLabel(names, 'parking', c)} />
        </SelectField>
        <div className="flex flex-col justify-end gap-2">
          {check('veg', t('facts.veg'))}
          {check('pets', t('facts.pets'))}
        </div>
      </div>
    </fieldset>
  );
}
