/**
 * The lead form island: renders any of the six forms from its definition (core/forms/definitions.ts),
 * validates with the schema built from its option lists on blur and on submit, sends through the request
 * helper and says what happened in an aria-live region. Rendered on the server with the shipped option
 * lists, so hydration changes nothing on screen; what the visitor types or presses before it hydrates is
 * kept by a small inline script and taken over here (src/lib/forms/early-form.ts).
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { fetchSelects, submitLead } from '../../lib/api/website.ts';
import { logWarning } from '../../lib/browser-log.ts';
import { fieldLabel, submitText, type FieldDefinition } from '../../../core/forms/definitions.ts';
import type { FormCopy } from '../../../core/forms/copy.ts';
import { normalizeMexicanPhone, plausiblePhone } from '../../../core/forms/phone.ts';
import type { PhoneRule } from '../../../core/forms/fields.ts';
import type { LeadFormId } from '../../../core/forms/kinds.ts';
import { SERVED_LIST_KEYS, type FormLists, type SelectOption } from '../../../core/forms/options.ts';
import {
  activeShape,
  bindForm,
  keepOfferedChoices,
  buildPayload,
  firstInvalidField,
  initialValues,
  isRequired,
  splitErrors,
  validateField,
  validateForm,
  type FormValues,
} from '../../lib/forms/form-logic.ts';
import { invalidOutcome, submissionOutcome, type FormOutcome } from '../../lib/forms/outcome.ts';
import { ISLAND_STATE, takeEarlyInput } from '../../lib/forms/early-form.ts';
import { HONEYPOT_FIELD } from '../../../core/forms/schemas.ts';
import { PickerDialog, PickerTrigger, useDateTimePicker } from '../datetime/DateTimePicker.tsx';
import { pickerTexts } from '../datetime/picker-texts.ts';
import { Icon } from '../ui/Icon.tsx';
import { FormField } from './FormField.tsx';
import { PrivacyNotice } from './PrivacyNotice.tsx';
import type { ShortNotice } from '../../lib/privacy/notice.ts';
import { clearRefusals, refusalHeaders, refusedPurposes } from '../../lib/forms/privacy-refusals.ts';

export interface LeadFormProps {
  form: LeadFormId;
  /** The lists this form's selects show (content/form-options.yaml); the served ones are replaced by the API's. */
  lists: Partial<FormLists>;
  /** Id of the section heading that names the form. */
  headingId: string;
  /** Preselected consulting service (/auditoria-infraestructura: 'infrastructure-audit'). */
  serviceType?: string | undefined;
  submitLabel?: string | undefined;
  /** Where to write when the API cannot be reached (from src/lib/site-contact.ts). */
  contactEmail: string;
  /** The short privacy notice shown above the send button (src/lib/site-privacy.ts). */
  privacy: ShortNotice;
  /** Labels, hints, messages and feedback in the page's language (content/i18n, core/forms/copy.ts). */
  copy: FormCopy;
  /**
   * US and Canadian numbers, or any number with its country code, instead of Mexican numbers only; the API
   * checks them against every country's numbering plan (core/forms/international-phone.ts).
   */
  internationalPhones?: boolean | undefined;
}

const APPOINTMENT_FIELD = 'appointmentDate';

const SERVED: ReadonlySet<string> = new Set<string>(SERVED_LIST_KEYS);

function optionsOf(field: FieldDefinition, lists: Partial<FormLists>): readonly SelectOption[] {
  return (field.options ? lists[field.options] : undefined) ?? [];
}

export default function LeadForm({
  form,
  lists: shipped,
  headingId,
  serviceType,
  submitLabel,
  contactEmail,
  privacy,
  copy,
  internationalPhones = false,
}: LeadFormProps) {
  const [lists, setLists] = useState<Partial<FormLists>>(shipped);
  const phoneRule: PhoneRule = internationalPhones ? plausiblePhone : normalizeMexicanPhone;
  const definition = useMemo(
    () => bindForm(form, lists, { messages: copy.messages, phone: phoneRule }),
    [form, lists, copy, phoneRule],
  );
  const preset: FormValues = serviceType ? { serviceType } : {};
  // useId is unique per island (Astro gives each its prefix); html-validate wants ids to start with a letter.
  const prefix = `lead${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const fieldId = (name: string) => `${prefix}-${name}`;

  const [values, setValues] = useState<Record<string, string>>(() => initialValues(definition, preset));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The meeting a complaint about the meeting was about: choosing another one answers it.
  const [errorSlot, setErrorSlot] = useState('');
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const [hydrated, setHydrated] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ value: FormOutcome; count: number } | undefined>();
  const sendingRef = useRef(false);
  const pendingFocus = useRef<string | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const picker = useDateTimePicker();
  const pickerWords = useMemo(() => pickerTexts(copy.picker, copy.locale), [copy]);

  useEffect(() => {
    const wanted = Object.keys(shipped).filter((key) => SERVED.has(key));
    if (wanted.length === 0) return;
    let current = true;
    void fetchSelects().then((result) => {
      if (!current) return;
      if (result.kind !== 'success') {
        logWarning('selects.unavailable', { result: result.kind });
        return;
      }
      // The server's lists replace the shipped ones this form shows; a list it could not give stays shipped.
      const served = Object.fromEntries(Object.entries(result.data).filter(([key]) => wanted.includes(key)));
      const next = { ...shipped, ...served };
      setLists(next);
      setValues((typed) => keepOfferedChoices(bindForm(form, next), typed, next));
    });
    return () => {
      current = false;
    };
  }, [shipped, form]);

  // Focus moves once the errors are on screen, so the field is announced with its message.
  useEffect(() => {
    const name = pendingFocus.current;
    if (name === undefined) return;
    pendingFocus.current = undefined;
    document.getElementById(fieldId(name))?.focus();
  });

  const withAppointment = (current: Record<string, string>): Record<string, string> => ({
    ...current,
    [APPOINTMENT_FIELD]: picker.state.value,
  });

  const shape = activeShape(definition, values);
  const shown = definition.fields.filter((field) => field.name in shape);

  const onChange = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setDirty((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
    // An error already shown updates as the visitor fixes it; no new error appears while typing.
    if (errors[name] !== undefined) {
      const message = validateField(definition, withAppointment(next), name);
      setErrors(({ [name]: _old, ...rest }) => (message ? { ...rest, [name]: message } : rest));
    }
  };

  const onBlur = (name: string) => {
    if (!dirty.has(name) && errors[name] === undefined) return;
    const message = validateField(definition, withAppointment(values), name);
    setErrors(({ [name]: _old, ...rest }) => (message ? { ...rest, [name]: message } : rest));
  };

  const showOutcome = (value: FormOutcome) => setOutcome((previous) => ({ value, count: (previous?.count ?? 0) + 1 }));

  const send = async (typed: Record<string, string>) => {
    if (sendingRef.current) return;
    const current = withAppointment(typed);
    setErrorSlot(current[APPOINTMENT_FIELD] ?? '');
    const found = validateForm(definition, current);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      pendingFocus.current = firstInvalidField(definition, current, found);
      showOutcome(invalidOutcome(copy));
      return;
    }

    sendingRef.current = true;
    setSending(true);
    setOutcome(undefined);
    const payload = buildPayload(definition, current);
    const result = await submitLead(definition.action, payload, refusalHeaders(refusedPurposes(formRef.current)));
    const next = submissionOutcome(result, payload[APPOINTMENT_FIELD] ?? '', contactEmail, copy);
    sendingRef.current = false;
    setSending(false);

    if (next.reset) {
      setValues(initialValues(definition, preset));
      setErrors({});
      setDirty(new Set());
      picker.dispatch({ type: 'reset' });
      clearRefusals(formRef.current);
    }
    const server = splitErrors(definition, current, next.fieldErrors);
    if (Object.keys(server.fields).length > 0) {
      setErrors(server.fields);
      pendingFocus.current = firstInvalidField(definition, current, server.fields);
    }
    showOutcome(server.other.length > 0 ? { ...next, details: [...next.details, ...server.other] } : next);
    if (next.reopenPicker) picker.reopenTaken(next.details[0] ?? copy.words.slotTaken);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(values);
  };

  // Before paint on hydration: take over what the visitor typed or pressed while the script was loading
  // (early-form.ts), so hydration neither drops their text nor a press of a button.
  const takeOver = useRef(() => {
    const form = formRef.current;
    setHydrated(true);
    if (!form) return;
    const early = takeEarlyInput(form);
    const known = Object.fromEntries(Object.entries(early.values).filter(([name]) => name in values));
    const typed = { ...values, ...known };
    if (Object.keys(known).length > 0) {
      setValues(typed);
      setDirty(new Set(Object.keys(known)));
    }
    if (early.pending === 'submit') void send(typed);
    else if (early.pending === 'picker') picker.open();
  });
  useLayoutEffect(() => takeOver.current(), []);

  const triggerId = fieldId(APPOINTMENT_FIELD);
  const result = outcome?.value;

  return (
    <>
      <form
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
        aria-labelledby={headingId}
        noValidate
        ref={formRef}
        {...{ [ISLAND_STATE]: hydrated ? 'ready' : 'waiting' }}
        onSubmit={onSubmit}
      >
        {shown.map((field) => {
          const label = fieldLabel(field, lists, copy);
          const error =
            field.control !== 'appointment' || picker.state.value === errorSlot ? errors[field.name] : undefined;
          if (field.control === 'appointment') {
            return (
              <PickerTrigger
                key={field.name}
                picker={picker}
                id={triggerId}
                name={field.name}
                label={label}
                hintId={`${triggerId}-hint`}
                error={error}
                errorId={`${triggerId}-error`}
                texts={pickerWords}
                locale={copy.locale}
              />
            );
          }
          return (
            <FormField
              key={field.name}
              field={field}
              id={fieldId(field.name)}
              label={label}
              hint={field.hint ?? copy.hints[field.name]}
              requiredMark={copy.words.requiredMark}
              placeholder={copy.words.selectPlaceholder}
              required={isRequired(shape, field.name)}
              value={values[field.name] ?? ''}
              error={error}
              options={optionsOf(field, lists)}
              onChange={onChange}
              onBlur={onBlur}
            />
          );
        })}

        {/* Honeypot: people and screen readers never meet it; bots that fill every field do. */}
        <div aria-hidden="true" className="absolute -left-[200vw] top-0 size-px overflow-hidden">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>{copy.words.honeypot}</label>
          <input
            id={fieldId(HONEYPOT_FIELD)}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={values[HONEYPOT_FIELD] ?? ''}
            onChange={(event) => setValues({ ...values, [HONEYPOT_FIELD]: event.currentTarget.value })}
          />
        </div>

        <PrivacyNotice notice={privacy} idPrefix={prefix} />

        <div className="sm:col-span-2">
          <button
            type="submit"
            className="group btn btn-primary w-full aria-busy:cursor-progress sm:w-auto"
            // Disabled in the HTML for browsers without JavaScript; the early script enables it at once.
            disabled={!hydrated}
            aria-disabled={sending || undefined}
            aria-busy={sending || undefined}
          >
            {/* Both labels are always in the markup and `aria-busy` picks one, so a press before hydration
                (early-form.ts sets `aria-busy`) shows "Enviando…" too, and hydration changes nothing. */}
            <span className="contents group-aria-busy:hidden">
              {submitText(definition, copy, submitLabel)}
              <Icon name="arrow-right" size={18} />
            </span>
            <span className="hidden group-aria-busy:contents">
              <span
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                aria-hidden="true"
              />
              {copy.words.submitting}
            </span>
          </button>
          <div role="status" className="mt-4">
            {result && (
              <div
                key={outcome.count}
                className={`flex items-start gap-3 rounded-2xl p-4 ${
                  result.tone === 'success' ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'
                }`}
              >
                <Icon
                  name={result.tone === 'success' ? 'check-circle' : 'alert-circle'}
                  className="mt-0.5 shrink-0"
                  size={20}
                />
                <div>
                  <p className="font-semibold">{result.title}</p>
                  {result.details.map((detail) => (
                    <p key={detail} className="mt-1 text-fg">
                      {detail}
                    </p>
                  ))}
                </div>
              </div>
            )}
          </div>
        </div>
      </form>
      {definition.fields.some((field) => field.control === 'appointment') && (
        <PickerDialog
          picker={picker}
          id={`${prefix}-picker`}
          triggerId={triggerId}
          texts={pickerWords}
          locale={copy.locale}
        />
      )}
    </>
  );
}
