import { sendReport } from './api';
import { foundReportPayload, readClientEnv } from './clientInfo';
import { confirmDialog } from './dialog';
import { h, uid } from './dom';
import { locateOnce } from './geolocation';
import type { Translator } from './i18n';
import { lostT } from './lostText';
import {
  callingCodeOf,
  checkPhone,
  fillCountryPicker,
  flagOf,
  formatAsTyped,
  type PhoneCheck,
} from './phoneInput';
import { countryFromLanguages, type CountryCode } from '@homing/shared/finderPhone';

/** The server's bound (FOUND_MESSAGE_MAX in @homing/shared's schemas/found.ts, which carries zod). */
const MESSAGE_MAX = 2000;

export interface ReportFormOptions {
  tr: Translator;
  qrCode: string;
  /** What the confirmation makes inert while it is open. */
  background: HTMLElement;
  /** With the path of the conversation the report opened (null if the server named none). */
  onSent: (threadPath: string | null) => void;
}

/**
 * The finder's message form (PRODUCT.md, Screens): message (required), phone with +1 shown and 3-3-4
 * formatting, "share your location once", and the confirmation when no number was given; a number
 * that cannot be sent is named in its field and blocks sending until fixed or cleared (PRODUCT.md, Conversations).
 */
export function reportForm({ tr, qrCode, background, onSent }: ReportFormOptions): HTMLFormElement {
  const { t } = tr;
  const ids = { message: uid('message'), messageError: uid('message-error'), phone: uid('phone') };
  const phoneHintId = uid('phone-hint');
  const phoneErrorId = uid('phone-error');
  const prefixId = uid('phone-prefix');

  const message = h('textarea', {
    id: ids.message,
    name: 'foundNotes',
    className: 'field__input finder-form__message',
    placeholder: t('messagePlaceholder'),
    required: true,
    maxlength: MESSAGE_MAX,
    rows: 4,
  });
  const messageError = h('p', { id: ids.messageError, className: 'field__error', hidden: true });
  const phone = h('input', {
    id: ids.phone,
    name: 'finderPhone',
    type: 'tel',
    autocomplete: 'tel-national',
    className: 'field__input finder-phone__input',
    'aria-describedby': `${prefixId} ${phoneHintId}`,
  });
  // The country from the browser's languages (es-MX → Mexico); the US (+1) when none says. A
  // native select, invisible, over the flag and "+1" the spec shows: the list is the browser's own.
  const country = h('select', {
    name: 'phoneCountry',
    className: 'finder-phone__country',
    'aria-label': lostT(tr.lang, 'phoneCountryLabel'),
  });
  fillCountryPicker(country, tr.lang, countryFromLanguages(browserLanguages()));
  const picked = () => country.value as CountryCode;
  const flag = h('span', { className: 'finder-phone__flag', 'aria-hidden': 'true' });
  const callingCode = h('span', { id: prefixId });
  const showPicked = () => {
    flag.textContent = flagOf(picked());
    callingCode.textContent = `+${callingCodeOf(picked())}`;
  };
  showPicked();
  const phoneField = formatAsTyped(phone, picked);
  country.addEventListener('change', () => {
    showPicked();
    phoneField.refresh();
    if (phoneError.textContent) void checkPhoneField();
  });
  const prefix = h(
    'span',
    { className: 'finder-phone__prefix finder-phone__picker' },
    flag,
    callingCode,
    country,
  );
  // Ticked: the label itself recommends it, and the browser still asks before sharing anything.
  const share = h('input', { type: 'checkbox', name: 'shareLocation', className: 'check-field__input' });
  share.checked = true;
  const phoneError = h('p', { id: phoneErrorId, className: 'field__error', hidden: true });
  const alert = h('div', { className: 'form-message form-message--error', role: 'alert', hidden: true });
  const submit = h('button', {
    type: 'submit',
    className: 'button button--primary button--large button--block',
  });
  submit.textContent = t('submit');

  const form = h(
    'form',
    { className: 'finder-card finder-form', novalidate: true },
    h(
      'div',
      { className: 'field' },
      h('label', { className: 'field__label', for: ids.message }, t('messageLabel')),
      message,
      messageError,
    ),
    h(
      'div',
      { className: 'field' },
      h('label', { className: 'field__label', for: ids.phone }, t('phoneLabel')),
      h('div', { className: 'finder-phone' }, prefix, phone),
      h('p', { id: phoneHintId, className: 'field__hint' }, t('phoneHint')),
      phoneError,
    ),
    h(
      'label',
      { className: 'check-field' },
      share,
      h('span', { className: 'check-field__label' }, t('locationLabel')),
    ),
    alert,
    submit,
  );

  const setMessageError = (text: string | null) => {
    messageError.textContent = text ?? '';
    messageError.hidden = !text;
    form.querySelector('.field')?.classList.toggle('field--invalid', !!text);
    if (text) {
      message.setAttribute('aria-invalid', 'true');
      message.setAttribute('aria-describedby', ids.messageError);
    } else {
      message.removeAttribute('aria-invalid');
      message.removeAttribute('aria-describedby');
    }
  };
  const setAlert = (text: string | null) => {
    alert.textContent = text ?? '';
    alert.hidden = !text;
  };
  let busy = false;
  const setBusy = (value: boolean) => {
    busy = value;
    submit.disabled = value;
    submit.setAttribute('aria-busy', String(value));
    submit.textContent = t(value ? 'sending' : 'submit');
  };

  message.addEventListener('input', () => {
    if (message.value.trim()) setMessageError(null);
  });

  // A number that cannot be sent says so in its field (never dropped on the way), checked
  // as the server checks it: on Send, then again as it is corrected or cleared. (Not on leaving the
  // field: the message would push Send down under the finger that is tapping it.)
  const setPhoneError = (text: string | null) => {
    phoneError.textContent = text ?? '';
    phoneError.hidden = !text;
    phone.closest('.field')?.classList.toggle('field--invalid', !!text);
    phone.setAttribute('aria-describedby', `${prefixId} ${text ? `${phoneErrorId} ` : ''}${phoneHintId}`);
    if (text) phone.setAttribute('aria-invalid', 'true');
    else phone.removeAttribute('aria-invalid');
  };
  let checked = 0;
  const checkPhoneField = async (): Promise<PhoneCheck> => {
    const run = ++checked;
    const result = await checkPhone(phone.value, picked());
    // Only the latest check speaks (the rules of another country may arrive after more typing).
    if (run === checked)
      setPhoneError(
        result.ok ? null : t(result.problem === 'incomplete' ? 'phoneIncomplete' : 'phoneInvalid'),
      );
    return result;
  };
  phone.addEventListener('input', () => {
    if (phoneError.textContent) void checkPhoneField();
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!busy) void send();
  });

  async function send() {
    setAlert(null);
    if (!message.value.trim()) {
      setMessageError(t('messageRequired'));
      message.focus();
      return;
    }
    // A number that cannot be sent blocks sending until it is fixed or cleared; only an empty
    // field asks "Are you sure?" (PRODUCT.md, Screens), saying the link on the page still brings replies.
    const checkedPhone = await checkPhoneField();
    if (!checkedPhone.ok) {
      phone.focus();
      return;
    }
    const finderPhone = checkedPhone.e164;
    if (!finderPhone) {
      const goOn = await confirmDialog(
        {
          title: t('confirmTitle'),
          body: `${t('confirmBody')} ${t('confirmLinkStays')}`,
          confirm: t('continueWithout'),
          cancel: t('addNumber'),
        },
        background,
      );
      if (!goOn) {
        phone.focus();
        return;
      }
    }
    setBusy(true);
    const position = share.checked ? await locateOnce() : null;
    const payload = foundReportPayload({
      message: message.value,
      phoneDisplay: phone.value,
      finderPhone,
      position,
      env: readClientEnv(),
      now: new Date(),
      locale: tr.lang,
    });
    const result = await sendReport(qrCode, payload);
    if (result.ok) return onSent(result.threadPath);
    setBusy(false);
    setAlert(failureText(tr, result.status, result.message));
  }

  return form;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** 429 carries the server's explanation (in English, so other languages say it themselves). */
function failureText({ t, lang }: Translator, status: number, serverMessage: string | null) {
  if (status === 429) return lang === 'en' && serverMessage ? serverMessage : t('tooMany');
  return t('submitFailed');
}
