import { type Property, propertyFieldsSchema } from '@kiraya/contract';
import { LIMITS, PROPERTY_TYPES } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { checkStep, FormSummaryContext, SelectField, type StepProblem, TextAreaField, TextField } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useUpdateProperty } from '../api/mutations';
import { useProperty } from '../api/properties';
import { AddressFields, type PropertyValues, propertyFormData } from './PropertyFormFields';
import { EditFormFooter, ImageEditor } from '../../../components/ImageEditor';
import { PATHS } from '../../../lib/paths';

/** /OwnerDashboard/edit-property/{id}: edit the fields, remove and add images (B14). */
export function EditPropertyPage() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = useProperty(id);
  if (isPending) return <Spinner label="Loading property" />;
  if (isError || !data) {
    return (
      <>
        <PageHeading title="Edit Property" />
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {MSG.propertyLoadFailed}
        </p>
        <Link to={PATHS.owner.properties} className="mt-4 inline-block font-medium text-brand-700 underline">
          Back to Properties Dashboard
        </Link>
      </>
    );
  }
  return <EditForm key={data._id} property={data} />;
}

function EditForm({ property }: { property: Property }) {
  const navigate = useNavigate();
  const update = useUpdateProperty(property._id);
  const [values, setValues] = useState<PropertyValues>({
    title: property.title,
    propertyType: property.propertyType,
    description: property.description,
    street: property.street,
    city: property.city,
    state: property.state,
    pincode: property.pincode,
    landmark: property.landmark ?? '',
    amenities: property.amenities.join(', '),
  });
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<StepProblem | null>(null);

  const set = (k: keyof PropertyValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const fe = (k: keyof PropertyValues) => problem?.fields[k];
  const kept = property.images.filter((i) => !removed.has(i._id)).length;
  const total = kept + files.length;

  const toggle = (imageId: string) =>
    setRemoved((prev) => {
      const next = new Set(prev);
      if (next.has(imageId)) next.delete(imageId);
      else next.add(imageId);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = checkStep(propertyFieldsSchema, values);
    if (p) {
      setProblem(p);
      return;
    }
    if (total < 1) {
      setProblem({ message: MSG.imageAtLeastOne, fields: {} });
      return;
    }
    if (total > LIMITS.imageMaxCount) {
      setProblem({ message: MSG.imageTooMany, fields: {} });
      return;
    }
    setProblem(null);
    const form = propertyFormData(values);
    for (const id of removed) form.append('removeImageIds', id);
    for (const f of files) form.append('propertyImages', f, f.name);
    update.mutate(form, {
      onSuccess: () => {
        toast.success(MSG.propertyUpdated);
        navigate(PATHS.owner.properties);
      },
      onError: (err) => toast.error(`${MSG.propertyUpdateFailed}: ${errorMessage(err)}`),
    });
  };

  return (
    <>
      <PageHeading title="Edit Property" subtitle={property.title} />
      <form onSubmit={submit} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <FormSummaryContext.Provider value={problem?.message}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Title" required value={values.title} onChange={set('title')} error={fe('title')} maxLength={120} />
            <SelectField
              label="Property Type"
              required
              value={values.propertyType}
              onChange={set('propertyType')}
              error={fe('propertyType')}
            >
              <option value="">Select a type</option>
              {PROPERTY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            label="Description"
            required
            value={values.description}
            onChange={set('description')}
            error={fe('description')}
            maxLength={2000}
          />
          <AddressFields values={values} onChange={(p) => setValues((v) => ({ ...v, ...p }))} errors={problem?.fields} />
          <TextField
            label="Amenities"
            required
            value={values.amenities}
            onChange={set('amenities')}
            error={fe('amenities')}
            hint="Separate them with commas"
          />

          <ImageEditor
            images={property.images}
            removed={removed}
            onToggle={toggle}
            files={files}
            onFilesChange={setFiles}
            altPrefix={property.title}
          />
          <EditFormFooter message={problem?.message} busy={update.isPending} onCancel={() => navigate(PATHS.owner.properties)} />
        </FormSummaryContext.Provider>
      </form>
    </>
  );
}
