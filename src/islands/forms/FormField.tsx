/**
 * One field of a lead form: visible label (required ones say "(obligatorio)" in words, in the page's language), the control, an
 * optional hint under it (so the controls of a row line up), and its error in red text, both tied to the
 * control with aria-describedby.
 */
import type { ChangeEvent } from 'react';
import type { FieldDefinition } from '../../../core/forms/definitions.ts';
import { FIELD_AUTOCOMPLETE } from '../../../core/forms/labels.ts';
import { optionText, type SelectOption } from '../../../core/forms/options.ts';
import { LONG_TEXT_MAX, TEXT_MAX } from '../../../core/forms/schemas.ts';
import { Icon } from '../ui/Icon.tsx';

interface FormFieldProps {
  field: FieldDefinition;
  id: string;
  label: string;
  hint: string | undefined;
  /** Said after the label of a required field, in the page's language ("(obligatorio)"). */
  requiredMark: string;
  /** The empty first option of a select. */
  placeholder: string;
  required: boolean;
  value: string;
  error: string | undefined;
  options: readonly SelectOption[];
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

const control =
  'mt-2 block w-full rounded-xl border bg-white px-4 py-3 text-fg placeholder:text-fg-muted transition-colors focus-visible:border-brand-600';

export function FormField({
  field,
  id,
  label,
  hint,
  requiredMark,
  placeholder,
  required,
  value,
  error,
  options,
  onChange,
  onBlur,
}: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name: field.name,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    onBlur: () => onBlur(field.name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange(field.name, event.currentTarget.value),
    className: `${control} ${error ? 'border-danger' : 'border-slate-500'}`,
  };
  const wide = field.wide === true || field.control === 'textarea';

  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block font-semibold text-fg">
        {label}
        {required && <span className="ml-1 text-sm font-normal text-fg-muted">{requiredMark}</span>}
      </label>
      {field.control === 'textarea' ? (
        <textarea {...shared} rows={4} maxLength={LONG_TEXT_MAX} />
      ) : field.control === 'select' ? (
        <select {...shared} className={`${shared.className} form-select pr-11`}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {optionText(option)}
            </option>
          ))}
        </select>
      ) : (
        <input {...shared} type={field.control} maxLength={TEXT_MAX} autoComplete={FIELD_AUTOCOMPLETE[field.name]} />
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-danger">
          <Icon name="alert-circle" className="mt-0.5 shrink-0" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
