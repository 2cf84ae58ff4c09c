import { type Property, propertyFieldsSchema } from '@kiraya/contract';
import { LIMITS, PROPERTY_TYPES } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { Undo2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { checkStep, FormSummaryContext, SelectField, type StepProblem, TextAreaField, TextField } from '../../../components/FormField';
import { ImageDropzone } from '../../../components/ImageDropzone';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useUpdateProperty } from '../api/mutations';
import { useProperty } from '../api/properties';

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
        <Link to="/OwnerDashboard/Properties" className="mt-4 inline-block font-medium text-brand-700 underline">
          Back to Properties Dashboard
        </Link>
      </>
    );
  }
  return <EditForm key={data._id} property={data} />;
}

type Values = {
  title: string;
  propertyType: string;
  description: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  landmark: string;
  amenities: string;
};

function EditForm({ property }: { property: Property }) {
  const navigate = useNavigate();
  const update = useUpdateProperty(property._id);
  const [values, setValues] = useState<Values>({
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

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const fe = (k: keyof Values) => problem?.fields[k];
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
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
    for (const id of removed) form.append('removeImageIds', id);
    for (const f of files) form.append('propertyImages', f, f.name);
    update.mutate(form, {
      onSuccess: () => {
        toast.success(MSG.propertyUpdated);
        navigate('/OwnerDashboard/Properties');
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
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Street" required value={values.street} onChange={set('street')} error={fe('street')} />
            <TextField label="Landmark" value={values.landmark} onChange={set('landmark')} hint="Optional" />
            <TextField label="City" required value={values.city} onChange={set('city')} error={fe('city')} />
            <TextField label="State" required value={values.state} onChange={set('state')} error={fe('state')} />
            <TextField
              label="Pincode"
              required
              inputMode="numeric"
              maxLength={6}
              value={values.pincode}
              onChange={(e) => setValues((v) => ({ ...v, pincode: e.target.value.replace(/\D/g, '') }))}
              error={fe('pincode')}
            />
            <TextField
              label="Amenities"
              required
              value={values.amenities}
              onChange={set('amenities')}
              error={fe('amenities')}
              hint="Separate them with commas"
            />
          </div>

          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">
              Images ({total} of {LIMITS.imageMaxCount})
            </legend>
            {property.images.length ? (
              <ul aria-label="Current images" className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {property.images.map((img, i) => {
                  const gone = removed.has(img._id);
                  return (
                    <li
                      key={img._id}
                      className={`relative overflow-hidden rounded-lg border ${gone ? 'border-red-300 opacity-60' : 'border-slate-200'}`}
                    >
                      <img
                        src={img.thumbnailUrl || img.url}
                        alt={`${property.title}, ${i + 1} of ${property.images.length}`}
                        width={img.width}
                        height={img.height}
                        loading="lazy"
                        className="aspect-[4/3] w-full bg-slate-100 object-cover"
                      />
                      {gone ? (
                        <span className="absolute left-1 top-1 rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                          Will be removed
                        </span>
                      ) : null}
                      <button
                        type="button"
                        onClick={() => toggle(img._id)}
                        aria-pressed={gone}
                        aria-label={gone ? `Keep image ${i + 1}` : `Remove image ${i + 1}`}
                        className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-red-50 hover:text-red-700"
                      >
                        {gone ? <Undo2 aria-hidden="true" className="h-4 w-4" /> : <X aria-hidden="true" className="h-4 w-4" />}
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <div className="mt-4">
              <ImageDropzone files={files} onChange={setFiles} max={Math.max(0, LIMITS.imageMaxCount - kept)} label="Add images" />
            </div>
          </fieldset>

          {problem ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {problem.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-3">
            <button
              type="button"
              onClick={() => navigate('/OwnerDashboard/Properties')}
              disabled={update.isPending}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              disabled={update.isPending}
              className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </FormSummaryContext.Provider>
      </form>
    </>
  );
}
