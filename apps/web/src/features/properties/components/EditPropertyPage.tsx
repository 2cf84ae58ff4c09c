import { type Property, propertyFieldsSchema } from '@kiraya/contract';
import { LIMITS, PROPERTY_TYPES } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  checkStep,
  FormSummaryContext,
  SelectField,
  TextAreaField,
  TextField,
  CompactFieldsContext,
  Options,
} from '../../../components/FormField';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { Msg, useMsg } from '../../../lib/useMsg';
import { useUpdateProperty } from '../api/mutations';
import { useProperty } from '../api/properties';
import { typeLabel } from '../filters';
import { usePropertiesT } from '../i18n';
import { useOwnerPropertiesT } from '../i18n/owner';
import { ListingFactsFields } from './ListingFactsFields';
import { AddressFields, PROPERTY_FIELDS, type PropertyValues, propertyFormData } from './PropertyFormFields';
import { EditFormFooter, ImageEditor } from '../../../components/ImageEditor';
import { PATHS } from '../../../lib/paths';

/** /OwnerDashboard/edit-property/{id}: edit the fields, remove and add images (B14). */
export function EditPropertyPage() {
  const t = useOwnerPropertiesT();
  const { id = '' } = useParams();
  const { data, isPending, isError } = useProperty(id);
  if (isPending) return <Spinner label={t('edit.loading')} />;
  if (isError || !data) {
    return (
      <>
        <PageHeading title={t('edit.title')} />
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          <Msg text={MSG.propertyLoadFailed} />
        </p>
        <Link to={PATHS.owner.properties} className="mt-4 inline-block font-medium text-brand-700 underline">
          {t('edit.back')}
        </Link>
      </>
    );
  }
  return <EditForm key={data._id} property={data} />;
}

function EditForm({ property }: { property: Property }) {
  const t = useOwnerPropertiesT();
  const types = usePropertiesT();
  const msg = useMsg();
  const navigate = useNavigate();
  const update = useUpdateProperty(property._id);
  const form = useForm<PropertyValues>({
    resolver: contractResolver<PropertyValues>(propertyFieldsSchema),
    defaultValues: {
      title: property.title,
      propertyType: property.propertyType,
      description: property.description,
      street: property.street,
      city: property.city,
      state: property.state,
      pincode: property.pincode,
      landmark: property.landmark ?? '',
      amenities: property.amenities.join(', '),
      locality: property.locality ?? '',
      configuration: property.configuration ?? '',
      furnishing: property.furnishing ?? '',
      tenantType: property.tenantType ?? '',
      availableFrom: property.availableFrom ?? '',
      deposit: property.deposit === undefined ? '' : String(property.deposit),
      veg: String(property.veg ?? false),
      pets: String(property.pets ?? false),
      parking: property.parking ?? '',
    },
  });
  const {
    register,
    setError,
    getValues,
    formState: { errors },
  } = form;
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const kept = property.images.filter((i) => !removed.has(i._id)).length;
  const total = kept + files.length;

  // The banner follows the form (issue 19: "All fields are required" stayed after the field was filled): once
  // shown, each change checks again and shows what is still wrong, or nothing.
  useEffect(() => {
    const sub = form.watch((values) =>
      setProblem((p) => (p === null ? p : (checkStep(propertyFieldsSchema, values as PropertyValues)?.message ?? null))),
    );
    return () => sub.unsubscribe();
  }, [form]);
  useEffect(() => {
    setProblem((p) => ((p === MSG.imageAtLeastOne && total >= 1) || (p === MSG.imageTooMany && total <= LIMITS.imageMaxCount) ? null : p));
  }, [total]);

  const toggle = (imageId: string) =>
    setRemoved((prev) => {
      const next = new Set(prev);
      if (next.has(imageId)) next.delete(imageId);
      else next.add(imageId);
      return next;
    });

  const save = (values: PropertyValues) => {
    if (total < 1) return setProblem(MSG.imageAtLeastOne);
    if (total > LIMITS.imageMaxCount) return setProblem(MSG.imageTooMany);
    setProblem(null);
    const body = propertyFormData(values);
    for (const id of removed) body.append('removeImageIds', id);
    for (const f of files) body.append('propertyImages', f, f.name);
    update.mutate(body, {
      onSuccess: () => {
        toast.success(msg(MSG.propertyUpdated));
        navigate(PATHS.owner.properties);
      },
      onError: (err) => {
        applyServerErrors(err, setError, PROPERTY_FIELDS);
        toast.error(t('wizard.failed', { message: msg(MSG.propertyUpdateFailed), reason: errorMessage(err) }));
      },
    });
  };
  const submit = form.handleSubmit(save, () => setProblem(checkStep(propertyFieldsSchema, getValues())?.message ?? null));

  return (
    <>
      <PageHeading title={t('edit.title')} subtitle={property.title} />
      <form onSubmit={submit} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <CompactFieldsContext.Provider value>
          <FormSummaryContext.Provider value={problem}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('edit.name')} required error={errors.title?.message} maxLength={120} {...register('title')} />
              <SelectField label={t('edit.type')} required error={errors.propertyType?.message} {...register('propertyType')}>
                <Options items={PROPERTY_TYPES} empty={t('edit.selectType')} label={(type) => typeLabel(types, type)} />
              </SelectField>
            </div>
            <TextAreaField
              label={t('edit.description')}
              required
              rows={4}
              error={errors.description?.message}
              maxLength={2000}
              {...register('description')}
            />
            <AddressFields form={form} />
            <ListingFactsFields form={form} />
            <TextField
              label={t('edit.amenities')}
              required
              error={errors.amenities?.message}
              hint={t('edit.amenitiesHint')}
              {...register('amenities')}
            />

            <ImageEditor
              images={property.images}
              removed={removed}
              onToggle={toggle}
              files={files}
              onFilesChange={setFiles}
              altPrefix={property.title}
            />
            <EditFormFooter message={problem} busy={update.isPending} onCancel={() => navigate(PATHS.owner.properties)} />
          </FormSummaryContext.Provider>
        </CompactFieldsContext.Provider>
      </form>
    </>
  );
}
